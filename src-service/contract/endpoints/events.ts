import { defineEndpoints } from '../endpoint';
import { EventsQuery } from '../events.schema';
import { errors } from '../responses';

const EVENTS_DESCRIPTION = `Server-Sent Events of the caller's account. Each event has \`id:\` (resume with the
Last-Event-ID header or ?last_event_id=, which first replays what was missed), \`event:\` and a JSON \`data:\`:
- \`command\`: a command list item (with \`progress\` while PROCESSING) on every status change;
- \`command.progress\`: \`{command_id, progress: {percent, out_time_seconds, speed, fps, eta_seconds}}\`;
- \`file\`: \`{file_id, status, is_deleted}\`;
- \`watch\`: \`{watch_id, path, status}\` when a watch folder takes a file (RUNNING), ends it (DONE, FAILED) or leaves it alone (IGNORED).
A comment line is sent every 15 s as a heartbeat.`;

/** The live event stream (FFDesk). */
export const eventEndpoints = defineEndpoints({
  streamEvents: {
    method: 'get',
    path: '/v1/events',
    tag: 'Events',
    summary: 'Live command and file events (FFDesk, SSE)',
    description: EVENTS_DESCRIPTION,
    query: EventsQuery,
    headers: [{ name: 'Last-Event-ID', description: 'Replay events after this id first' }],
    responses: { '200': { description: 'text/event-stream', mediaType: 'text/event-stream' }, ...errors(401, 422) },
  },
});
