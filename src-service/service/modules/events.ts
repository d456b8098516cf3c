import type { FilesRepo } from '../../files/files-repo';
import type { EventBus } from '../../events/event-bus';
import type { UrlBuilder } from '../../files/urls';
import type { CommandNotifier } from '../../jobs/notify';
import { commandEventPublisher } from '../../api/events/command-events';
import { eventRoutes } from '../../api/events/events.routes';
import { routesModule, type ServiceModule } from './module';

/** `GET /v1/events`; subscribes the command lifecycle's events to the stream when built. */
export function createEventsModule(deps: {
  files: FilesRepo;
  events: EventBus;
  urls: UrlBuilder;
  notifier: Pick<CommandNotifier, 'subscribe'>;
}): ServiceModule {
  deps.notifier.subscribe(commandEventPublisher(deps));
  return routesModule('events', [eventRoutes(deps)]);
}
