import type { Emitter } from '../events/listeners';
import type { FileStatus } from './file-state';

/**
 * A stored file's status changed, or it was deleted. `files/` emits these; the event stream
 * presents them (`api/events/file-events.ts`) and the file facts forget a deleted file's facts.
 */
export interface FileEvent {
  accountId: string;
  fileId: string;
  status: FileStatus;
  deleted: boolean;
}

export type FileEvents = Emitter<FileEvent>;
