import type { Context, Next } from 'koa';

/** How long a refused client may keep sending before its socket is closed (lingering close, so it can read the answer). */
export const LINGER_MS = 5_000;

/**
 * An answer sent before the request body was read (401, 403, 404, 413...) closes the
 * connection: otherwise node:http would keep reading and dropping the rest of the body to
 * reuse the socket, and a client trickling an endless body could hold it for ever.
 */
export async function closeUnreadBody(ctx: Context, next: Next): Promise<void> {
  await next();
  const expectsBody = ctx.get('transfer-encoding') !== '' || Number(ctx.get('content-length') || 0) > 0;
  if (expectsBody && !ctx.req.complete) closeAfterAnswer(ctx, LINGER_MS);
}

/**
 * Closes the connection once the answer is sent: after `lingerMs`, so a client still
 * sending can read it (closing with unread data would reset the connection first).
 * Whatever else it sends meanwhile is read and dropped.
 */
export function closeAfterAnswer(ctx: Context, lingerMs: number): void {
  if (ctx.response.get('Connection') === 'close') return;
  ctx.set('Connection', 'close');
  // null when the request stream was already destroyed (a failed streamed upload): the socket is going anyway.
  const socket = ctx.req.socket as typeof ctx.req.socket | null;
  if (!socket || socket.destroyed) return;
  ctx.res.once('finish', () => {
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
  ctx.req.resume();
}
