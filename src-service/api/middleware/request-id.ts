import crypto from 'node:crypto';
import type { Context, Next } from 'koa';

/** `X-Request-Id` on every response (docs/choices.md: wire conventions, FFDesk). */
export async function requestId(ctx: Context, next: Next): Promise<void> {
  const id = crypto.randomUUID();
  ctx.state.requestId = id;
  ctx.set('X-Request-Id', id);
  await next();
}
