import type { CommandRow } from '../db/commands-repo';
import type { FilesRepo } from '../db/files-repo';
import type { EventBus } from '../events/event-bus';
import { listPreviews, presentCommandListItem } from '../api/commands/commands.presenter';
import type { UrlBuilder } from '../files/urls';
import { isFinal } from './state';

/** Progress is written and published at most this often per command. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Turns command status changes and ffmpeg progress into events (`GET /v1/events`) and,
 * when a command ends, into a webhook delivery (`onFinal`).
 */
export function createCommandNotifier(deps: {
  files: FilesRepo;
  events: EventBus;
  /** For the list item's output preview; without it events carry none. */
  urls?: UrlBuilder;
  setProgress(id: string, p: unknown): void;
  onFinal?(row: CommandRow): void;
  log?(msg: string): void;
}) {
  const lastProgress = new Map<string, number>();
  /** Progress is advisory: a failed write (e.g. a full disk) must never stop the ffmpeg it describes. */
  const bestEffort = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (err) {
      deps.log?.(`${what}: ${(err as Error)?.message ?? String(err)}`);
    }
  };
  const publishItem = (row: CommandRow) => {
    const stats = deps.files.outputStats([row.id]).get(row.id);
    const preview = deps.urls && row.status === 'SUCCESS' ? listPreviews(deps.files.storedOutputsOf([row.id]), deps.urls).get(row.id) : undefined;
    deps.events.publish(row.account_id, 'command', presentCommandListItem(row, stats, preview));
  };
  return {
    onStatus(row: CommandRow): void {
      publishItem(row);
      if (isFinal(row.status)) {
        lastProgress.delete(row.id);
        deps.onFinal?.(row);
      }
    },
    /** A change that is not a status change (a rename): listeners update, no webhook. */
    onRename(row: CommandRow): void {
      publishItem(row);
    },
    onProgress(row: CommandRow, progress: unknown): void {
      const now = Date.now();
      if (now - (lastProgress.get(row.id) ?? 0) < PROGRESS_INTERVAL_MS) return;
      lastProgress.set(row.id, now);
      bestEffort(`progress of ${row.id}`, () => {
        deps.setProgress(row.id, progress);
        deps.events.publish(row.account_id, 'command.progress', { command_id: row.id, progress });
      });
    },
  };
}

export type CommandNotifier = ReturnType<typeof createCommandNotifier>;
