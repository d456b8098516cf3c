/**
 * Listeners for one kind of domain event. The domain only emits (camelCase values); the
 * composition root subscribes the presenters that turn them into wire payloads, as
 * `jobs/notify.ts` does for commands (docs/architecture.md, Events).
 */
export function createListeners<E>() {
  const listeners: ((event: E) => void)[] = [];
  return {
    /** Listeners run in the order they subscribed; returns the unsubscribe function. */
    subscribe(listener: (event: E) => void): () => void {
      listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    emit(event: E): void {
      for (const listener of [...listeners]) listener(event);
    },
  };
}

export type Listeners<E> = ReturnType<typeof createListeners<E>>;
/** What an emitting domain function is handed: only `emit`. */
export type Emitter<E> = Pick<Listeners<E>, 'emit'>;
