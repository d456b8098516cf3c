import type { Context, Next } from 'koa';
import { PayloadTooLargeError, ValidationError } from '../../errors';

/**
 * Reads JSON bodies of POST/PUT/PATCH under `/v1` with a hard size limit (413) and turns
 * malformed JSON into the spec's 422 (decisions: malformed JSON is a 422).
 */
export function jsonBody(maxBytes: number) {
  return async function parseJson(ctx: Context, next: Next): Promise<void> {
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method) || !ctx.path.startsWith('/v1/')) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > maxBytes) throw new PayloadTooLargeError();
    const raw = await readLimited(ctx, maxBytes);
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

async function readLimited(ctx: Context, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      ctx.req.destroy();
      throw new PayloadTooLargeError();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
