import { ShutdownError } from '../errors';
import { createWorkQueue } from './work-queue';

/** How long stop() waits for aborted tasks before it gives up waiting. */
const STOP_GRACE_MS = 10_000;

/**
 * One-off work the service starts outside a request (the ffmpeg build's hardware checks, the
 * demo samples). Each task gets the service's stop signal; `stop()` aborts them and waits, so
 * nothing touches the database after it is closed. A task interrupted this way is picked up
 * again on the next start. The loops that have a queue of their own (commands, store-file,
 * uploads, webhooks, watch folders) run on their own work queues (docs/architecture.md).
 */
export interface BackgroundTasks {
  /** Runs `fn` now; its failure is logged, never thrown. */
  run(name: string, fn: (signal: AbortSignal) => Promise<unknown>): void;
  /** Aborted (with a ShutdownError) when the service stops. */
  readonly signal: AbortSignal;
  /** Aborts and waits for every task (at most STOP_GRACE_MS, then gives up waiting). */
  stop(): Promise<void>;
}

interface Task {
  key: string;
  fn(signal: AbortSignal): Promise<unknown>;
}

export function createBackgroundTasks(log: (msg: string) => void): BackgroundTasks {
  const controller = new AbortController();
  let seq = 0;
  // Tasks arrive by run(), so the source never has anything due of its own.
  const queue = createWorkQueue<Task>({
    name: 'background task',
    key: (t) => t.key,
    source: { pick: () => null },
    log,
    stopGraceMs: STOP_GRACE_MS,
    handle: async (task, signal) => {
      await task.fn(signal);
    },
  });
  queue.start();
  return {
    signal: controller.signal,
    run(name, fn) {
      void queue.run({ key: `${name} #${++seq}`, fn });
    },
    async stop() {
      controller.abort(new ShutdownError());
      await queue.stop();
    },
  };
}
