import { ShutdownError } from './errors';

/**
 * Work the service starts outside a request (storing a finished upload, a store-file
 * download, the demo samples). Each task gets the service's stop signal; `stop()` aborts
 * them and waits, so nothing touches the database after it is closed. A task interrupted
 * this way is picked up again by recovery on the next start.
 */
export interface BackgroundTasks {
  /** Runs `fn` now; its failure is logged, never thrown. */
  run(name: string, fn: (signal: AbortSignal) => Promise<unknown>): void;
  readonly signal: AbortSignal;
  /** Aborts and waits for every task (at most `graceMs`, then gives up waiting). */
  stop(graceMs?: number): Promise<void>;
}

export function createBackgroundTasks(log: (msg: string) => void): BackgroundTasks {
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  return {
    signal: controller.signal,
    run(name, fn) {
      if (controller.signal.aborted) return;
      const task: Promise<void> = Promise.resolve()
        .then(() => fn(controller.signal))
        .then(
          () => undefined,
          (err: unknown) => {
            if (!controller.signal.aborted) log(`${name}: ${(err as Error)?.message ?? String(err)}`);
          },
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async stop(graceMs = 10_000) {
      controller.abort(new ShutdownError());
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
        timer.unref();
      });
      await Promise.race([Promise.allSettled([...running]), grace]);
      clearTimeout(timer);
    },
  };
}
