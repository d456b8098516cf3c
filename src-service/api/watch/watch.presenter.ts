import type { z } from 'zod';
import type { WatchFolderView } from '../../watch/watched';
import type { WatchFolderRecord } from '../../contract/watch.schema';

/** A watch folder on the wire (`/v1/watch-folders`): its settings, counts and recent files. */
export function presentWatchFolder({ folder: row, extensions, counts, lastError, recent, ignored }: WatchFolderView): z.input<typeof WatchFolderRecord> {
  return {
    watch_id: row.id,
    folder: row.folder,
    output_folder: row.outputFolder,
    preset: row.presetName,
    preset_version: row.presetVersion,
    parameters: row.parameters,
    extensions,
    extensions_from_preset: row.extensions === null,
    move_originals: row.moveOriginals,
    use_polling: row.usePolling,
    poll_interval_ms: row.pollIntervalMs,
    stable_seconds: row.stableSeconds,
    max_command_run_seconds: row.maxRunSeconds,
    created_at: row.createdAt,
    running: counts.RUNNING,
    done: counts.DONE,
    failed: counts.FAILED,
    last_error: lastError,
    recent: recent.map((f) => ({
      path: f.path,
      status: f.status,
      command_id: f.commandId,
      error: f.error,
      outputs: f.outputs,
      updated_at: f.updatedAt,
    })),
    ignored,
  };
}
