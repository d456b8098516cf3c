/**
 * The stored-file state machine (docs/choices.md, States). store-file: QUEUED -> DOWNLOADING
 * -> DOWNLOADED -> STORED; an upload: UPLOADING -> UPLOADED -> STORED; any of them may end
 * FAILED. Command outputs are inserted STORED. The repository checks every status write
 * against this table (files/files-repo.ts `transition`).
 */
import type { FileStatus } from '../contract/enums';

export type { FileStatus };

export const FILE_TRANSITIONS: Readonly<Record<FileStatus, readonly FileStatus[]>> = {
  // Fetched; or deleted while it waited.
  QUEUED: ['DOWNLOADING', 'FAILED'],
  // A download under way when the service stopped starts again from the queue.
  DOWNLOADING: ['DOWNLOADED', 'FAILED', 'QUEUED'],
  DOWNLOADED: ['STORED', 'FAILED', 'QUEUED'],
  // Completed; or aborted, or expired.
  UPLOADING: ['UPLOADED', 'FAILED'],
  // Stored; or not storable, deleted meanwhile, or its staging lost in a crash.
  UPLOADED: ['STORED', 'FAILED'],
  STORED: [],
  FAILED: [],
};

export function canFileTransition(from: FileStatus, to: FileStatus): boolean {
  return FILE_TRANSITIONS[from].includes(to);
}
