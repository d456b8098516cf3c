import type { FilesRepo } from '../../files/files-repo';
import type { EventBus } from '../../events/event-bus';
import type { UrlBuilder } from '../../files/urls';
import type { CommandEvent } from '../../jobs/notify';
import { listPreviews, presentCommandListItem } from '../commands/commands.presenter';

/**
 * Presents the job lifecycle's events on the event stream (`GET /v1/events`): a status
 * change or a rename as the command's list item, progress as `command.progress`.
 */
export function commandEventPublisher(deps: {
  files: FilesRepo;
  events: EventBus;
  /** For the list item's output preview; without it events carry none. */
  urls?: UrlBuilder;
}): (event: CommandEvent) => void {
  return (event) => {
    const row = event.row;
    if (event.kind === 'progress') {
      deps.events.publish(row.accountId, 'command.progress', { command_id: row.id, progress: event.progress });
      return;
    }
    const stats = deps.files.outputStats([row.id]).get(row.id);
    const preview = deps.urls && row.status === 'SUCCESS' ? listPreviews(deps.files.storedOutputsOf([row.id]), deps.urls).get(row.id) : undefined;
    deps.events.publish(row.accountId, 'command', presentCommandListItem(row, stats, preview));
  };
}
