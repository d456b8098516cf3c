import { PassThrough } from 'node:stream';
import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { EventBus } from '../../events/event-bus';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { eventEndpoints } from '../../contract/endpoints/events';
import { openEventStream } from './sse';

/** "Heartbeat comment every 15 s"; `FFDESK_SSE_HEARTBEAT_MS` shortens it (tests). */
export function heartbeatFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.FFDESK_SSE_HEARTBEAT_MS);
  return Number.isFinite(n) && n > 0 ? n : 15_000;
}

/** `GET /v1/events`: Server-Sent Events of the caller's account (docs/choices.md, FFDesk extra). */
export function eventRoutes(deps: { events: EventBus }, heartbeatMs = heartbeatFromEnv()): Router {
  return mountEndpoints(createRouter(), eventEndpoints, {
    streamEvents: (ctx, input) => {
      const lastEventId = readLastEventId(ctx, () => input.query.last_event_id);
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
    },
  });
}

/** The header wins (EventSource sends it on reconnect); a header that is not a safe non-negative integer is ignored. */
function readLastEventId(ctx: RouterContext, fromQuery: () => number | undefined): number | null {
  const header = ctx.get('last-event-id');
  if (/^\d+$/.test(header) && Number.isSafeInteger(Number(header))) return Number(header);
  return fromQuery() ?? null;
}
