import type { Emitter } from '../events/listeners';

/**
 * What happened to one file of a watch folder. `watch/` emits these; the event stream presents
 * them (`api/events/file-events.ts`).
 */
export interface WatchFolderEvent {
  accountId: string;
  watchId: string;
  /** The file name inside the watched folder. */
  path: string;
  /** IGNORED: its extension is not taken by the folder. */
  status: 'RUNNING' | 'DONE' | 'FAILED' | 'IGNORED';
}

export type WatchEvents = Emitter<WatchFolderEvent>;
