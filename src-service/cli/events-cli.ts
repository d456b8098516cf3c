import { parseArgs } from 'node:util';
import { connect } from './context';
import { EXIT, UsageError } from './exit-codes';
import { note } from './output';

/**
 * `events [--last-event-id N]`: follows `GET /v1/events` and prints one JSON line per event
 * (`{"id","type","data"}`), reconnecting with Last-Event-ID; runs until interrupted.
 */
export async function eventsCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'last-event-id': { type: 'string' } } });
  const last = values['last-event-id'];
  if (last !== undefined && !/^\d+$/.test(last)) throw new UsageError('--last-event-id must be a non-negative integer');
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  let unauthorized = false;
  await connect().subscribeEvents({
    signal: stop.signal,
    lastEventId: last,
    onEvent: (e) => process.stdout.write(`${JSON.stringify({ id: Number(e.id), type: e.type, data: e.data })}\n`),
    onStatus: (s) => {
      if (!s.connected && s.error) note(`events: disconnected (${(s.error as Error).message}); reconnecting`);
    },
    onUnauthorized: () => {
      unauthorized = true;
      note('ffdesk: HTTP 401: Invalid authorization key (send your API key in the X-API-KEY header: FFDESK_API_KEY)');
    },
  });
  return unauthorized ? EXIT.FAILED : EXIT.OK;
}
