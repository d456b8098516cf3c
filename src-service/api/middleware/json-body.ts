import type { Context, Next } from 'koa';
import { HttpError, PayloadTooLargeError, ValidationError } from '../../errors';
import { closeAfterAnswer, LINGER_MS } from './unread-body';

/**
 * Reads JSON bodies of POST/PUT/PATCH under `/v1` with a hard size limit (413) and a
 * deadline (408), and turns malformed JSON into the spec's 422 (decisions: malformed JSON
 * is a 422). A client that sends too much or too slowly gets its answer, and then the
 * connection is closed: it cannot hold a socket by trickling a body (slowloris).
 */
export function jsonBody(maxBytes: number, timeoutMs: number) {
  return async function parseJson(ctx: Context, next: Next): Promise<void> {
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method) || !ctx.path.startsWith('/v1/')) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > maxBytes) {
      closeAfterAnswer(ctx, LINGER_MS);
      throw new PayloadTooLargeError();
    }
    const raw = await readLimited(ctx, maxBytes, timeoutMs);
    ctx.state.rawBody = raw;
    if (raw.length === 0) {
      ctx.state.body = undefined;
    } else {
      try {
        ctx.state.body = JSON.parse(raw.toString('utf8')) as unknown;
      } catch (err) {
        throw new ValidationError([
          { loc: ['body'], msg: `JSON decode error: ${(err as Error).message}`, type: 'json_invalid' },
        ]);
      }
    }
    await next();
  };
}

function readLimited(ctx: Context, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  const req = ctx.req;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
    };
    const fail = (err: HttpError, lingerMs: number) => {
      done();
      closeAfterAnswer(ctx, lingerMs);
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) fail(new PayloadTooLargeError(), LINGER_MS);
      else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    // The client hung up mid-body: nobody reads the answer, but it is a client error, not a 500.
    const onError = (err: Error) => fail(new HttpError(400, 'The request body was not received completely', { cause: err }), 0);
    const timer = setTimeout(() => fail(new HttpError(408, `The request body was not received within ${timeoutMs} ms`), 1_000), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
