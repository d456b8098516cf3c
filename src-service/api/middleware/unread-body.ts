import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, Next } from 'koa';

/** How long a refused client may keep sending after its answer before its socket is closed. */
export const LINGER_MS = 5_000;
/** How much of a refused body is read and dropped at most before the socket is closed. */
export const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * An answer sent before the request body was read (401, 403, 404, 413, 415...) closes the
 * connection: node:http would otherwise keep reading the rest of the body to reuse the
 * socket, and a client trickling an endless body could hold it for ever.
 */
export async function closeUnreadBody(ctx: Context, next: Next): Promise<void> {
  await next();
  const expectsBody = ctx.get('transfer-encoding') !== '' || Number(ctx.get('content-length') || 0) > 0;
  if (expectsBody && !ctx.req.complete) closeAfterAnswer(ctx);
}

/**
 * Answers with `Connection: close`, then closes gently (a lingering close, docs/http-guards.md):
 * the answer is followed by a FIN, and the rest of the body is read and dropped until it
 * ends, or LINGER_MS / LINGER_BYTES pass. Closing with unread bytes would make the kernel
 * reset the connection, and a reset can reach a client that is still sending before it has
 * read the answer: it would see EPIPE / ECONNRESET instead of its 401 or 413.
 */
export function closeAfterAnswer(ctx: Context): void {
  if (ctx.state.closingGently === true) return;
  ctx.state.closingGently = true;
  ctx.set('Connection', 'close');
  // null when the request stream was already destroyed (a failed streamed upload): the socket is going anyway.
  const socket = ctx.req.socket as Socket | null;
  if (!socket || socket.destroyed) return;
  lingerBeforeClose(socket, ctx.req);
}

function lingerBeforeClose(socket: Socket & { destroySoon?: () => void }, req: IncomingMessage): void {
  const closeNow = socket.destroySoon?.bind(socket);
  if (!closeNow) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  req.resume();
  // node:http ends a `Connection: close` answer with socket.destroySoon(): FIN, then destroy,
  // whatever is still unread. Only this socket's call is replaced, and only while a body is left.
  socket.destroySoon = () => {
    if (req.complete) return closeNow();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    req.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}
