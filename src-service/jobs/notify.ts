import type { Command } from './commands-repo';
import { isFinal } from './state';

/** Progress is written and announced at most this often per command. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * What the job lifecycle tells the rest of the service. The domain only emits these; the
 * event stream (`GET /v1/events`) and webhooks subscribe and present them in their own shapes
 * (docs/architecture.md).
 */
export type CommandEvent =
  /** The status changed (a final status included). */
  | { kind: 'status'; row: Command }
  /** A change that is not a status change (a rename): listeners update, no webhook. */
  | { kind: 'renamed'; row: Command }
  /** ffmpeg's progress, at most every PROGRESS_INTERVAL_MS per command. */
  | { kind: 'progress'; row: Command; progress: unknown };

export type CommandListener = (event: CommandEvent) => void;

export function isFinalStatusEvent(event: CommandEvent): boolean {
  return event.kind === 'status' && isFinal(event.row.status);
}

/** Turns command status changes and ffmpeg progress into CommandEvents for the subscribers. */
export function createCommandNotifier(deps: { setProgress(id: string, p: unknown): void; log?(msg: string): void }) {
  const listeners: CommandListener[] = [];
  const lastProgress = new Map<string, number>();
  const emit = (event: CommandEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  /** Progress is advisory: a failed write (e.g. a full disk) must never stop the ffmpeg it describes. */
  const bestEffort = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      deps.log?.(`${what}: ${(err as Error)?.message ?? String(err)}`);
    }
  };
  return {
    /** Listeners run in the order they subscribed; returns the unsubscribe function. */
    subscribe(listener: CommandListener): () => void {
      listeners.push(listener);
      return () => {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      };
    },
    onStatus(row: Command): void {
      if (isFinal(row.status)) lastProgress.delete(row.id);
      emit({ kind: 'status', row });
    },
    onRename(row: Command): void {
      emit({ kind: 'renamed', row });
    },
    onProgress(row: Command, progress: unknown): void {
      const now = Date.now();
      if (now - (lastProgress.get(row.id) ?? 0) < PROGRESS_INTERVAL_MS) return;
      lastProgress.set(row.id, now);
      bestEffort(`progress of ${row.id}`, () => {
        deps.setProgress(row.id, progress);
        emit({ kind: 'progress', row, progress });
      });
    },
  };
}

export type CommandNotifier = ReturnType<typeof createCommandNotifier>;
