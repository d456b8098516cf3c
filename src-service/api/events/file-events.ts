import type { EventBus } from '../../events/event-bus';
import type { FileEvent } from '../../files/file-events';
import type { WatchFolderEvent } from '../../watch/watch-events';
import type { FileEvent as FileEventWire, WatchEvent } from '../../contract/events.schema';
import type { z } from 'zod';

/** Presents a stored file's event on the event stream (`GET /v1/events`, type `file`). */
export function fileEventPublisher(events: EventBus): (event: FileEvent) => void {
  return (e) => {
    const data: z.infer<typeof FileEventWire> = { file_id: e.fileId, status: e.status, is_deleted: e.deleted };
    events.publish(e.accountId, 'file', data);
  };
}

/** Presents a watch folder's event (type `watch`): the GUI's counters follow these without a reload. */
export function watchEventPublisher(events: EventBus): (event: WatchFolderEvent) => void {
  return (e) => {
    const data: WatchEvent = { watch_id: e.watchId, path: e.path, status: e.status };
    events.publish(e.accountId, 'watch', data);
  };
}
