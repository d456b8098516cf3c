import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import { createApiRouter } from '../api-router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps';
import { accountOf } from '../middleware/auth';
import { parseInput } from '../validate';
import { EventsQuery } from '../../contract/events.schema';
import { openEventStream } from './sse';

/** "Heartbeat comment every 15 s"; `FFDESK_SSE_HEARTBEAT_MS` shortens it (tests). */
export function heartbeatFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.FFDESK_SSE_HEARTBEAT_MS);
  return Number.isFinite(n) && n > 0 ? n : 15_000;
}

/** `GET /v1/events`: Server-Sent Events of the caller's account (docs/decisions.md, FFDesk extra). */
export function eventRoutes(deps: Pick<AppDeps, 'events'>, heartbeatMs = heartbeatFromEnv()): Router {
  const router = createApiRouter();
  router.get('/events', (ctx) => {
    const lastEventId = readLastEventId(ctx);
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
    const stream = new PassThrough();
    ctx.status = 200;
    ctx.body = stream;
    const close = openEventStream(deps.events, {
      accountId: accountOf(ctx).id,
      lastEventId,
      heartbeatMs,
      write: (chunk) => stream.write(chunk),
    });
    ctx.req.once('close', close);
    stream.once('close', close);
  });
  return router;
}

/** The header wins (EventSource sends it on reconnect); a header that is not a safe non-negative integer is ignored. */
function readLastEventId(ctx: Context): number | null {
  const header = ctx.get('last-event-id');
  if (/^\d+$/.test(header) && Number.isSafeInteger(Number(header))) return Number(header);
  return parseInput(EventsQuery, ctx.query, 'query').last_event_id ?? null;
}
