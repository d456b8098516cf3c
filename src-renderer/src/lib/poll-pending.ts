/**
 * Asks the service for a fact made in the background (a proxy, a track's sound) until it is no
 * longer PENDING, every `everyMs`; each answer goes to `onAnswer`, a failed ask to `onError` (and
 * ends the polling). Stops when `signal` aborts, the pending timer included.
 */
export function pollWhilePending<T extends { status: string }>(
  ask: (signal: AbortSignal) => Promise<T>,
  everyMs: number,
  signal: AbortSignal,
  onAnswer: (answer: T) => void,
  onError: (err: unknown) => void,
): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  const next = (): void => {
    ask(signal).then(
      (answer) => {
        if (signal.aborted) return;
        onAnswer(answer);
        if (answer.status === 'PENDING') timer = setTimeout(next, everyMs);
      },
      (err: unknown) => !signal.aborted && onError(err),
    );
  };
  next();
}
