import type { FilesRepo } from '../../files/files-repo';
import type { EventBus } from '../../events/event-bus';
import type { UrlBuilder } from '../../files/urls';
import type { CommandNotifier } from '../../jobs/notify';
import type { Listeners } from '../../events/listeners';
import type { FileEvent } from '../../files/file-events';
import type { WatchFolderEvent } from '../../watch/watch-events';
import { commandEventPublisher } from '../../api/events/command-events';
import { fileEventPublisher, watchEventPublisher } from '../../api/events/file-events';
import { eventRoutes } from '../../api/events/events.routes';
import { routesModule, type ServiceModule } from './module';

/** `GET /v1/events`; subscribes the command lifecycle's, the stored files' and the watch folders' events to the stream when built. */
export function createEventsModule(deps: {
  files: FilesRepo;
  events: EventBus;
  urls: UrlBuilder;
  notifier: Pick<CommandNotifier, 'subscribe'>;
  fileEvents: Pick<Listeners<FileEvent>, 'subscribe'>;
  watchEvents: Pick<Listeners<WatchFolderEvent>, 'subscribe'>;
}): ServiceModule {
  deps.notifier.subscribe(commandEventPublisher(deps));
  deps.fileEvents.subscribe(fileEventPublisher(deps.events));
  deps.watchEvents.subscribe(watchEventPublisher(deps.events));
  return routesModule('events', [eventRoutes(deps)]);
}
