import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { PayloadTooLargeError, ValidationError } from '../../errors';
import { HttpError, UnsupportedMediaTypeError } from '../http-error';
import { closeAfterAnswer } from './unread-body';
import { assertRequestBytes } from '../../accounts/record-limits';
import type { Account } from '../../accounts/account';

export interface JsonBodyLimits {
  maxBytes: number;
  timeoutMs: number;
  /** The local account's id: its plan's request-size limit is the local column (accounts/record-limits.ts). */
  localAccountId?: () => string | undefined;
}

const DEFAULT_LIMITS: JsonBodyLimits = { maxBytes: 1024 * 1024, timeoutMs: 30_000 };
const limitsByApp = new WeakMap<Koa, JsonBodyLimits>();

/** The service's JSON limits (config), set once by createApp for every route that takes JSON. */
export function setJsonBodyLimits(app: Koa, limits: JsonBodyLimits): void {
  limitsByApp.set(app, limits);
}

/**
 * Route middleware for routes that take a JSON body (docs/http-guards.md): each such route
 * names it, so an unknown path never has its body read (404) and a route answers 415 to a
 * body of another type. No Content-Type is read as JSON, as the hosted service does. The
 * body is read with a hard size limit (413) and a deadline (408); malformed JSON is the 422
 * list body. A client that sends too much or too slowly gets its answer and then the
 * connection is closed: it cannot hold a socket by trickling a body (slowloris).
 */
export const jsonBody: Middleware = async (ctx, next) => {
  const { maxBytes, timeoutMs } = limitsByApp.get(ctx.app) ?? DEFAULT_LIMITS;
  if (!hasBody(ctx)) {
    ctx.state.body = undefined;
    return next();
  }
  if (!isJsonType(ctx.request.type)) throw new UnsupportedMediaTypeError(ctx.request.type, 'application/json');
  if (Number(ctx.get('content-length') || 0) > maxBytes) throw new PayloadTooLargeError();
  const raw = await readLimited(ctx, maxBytes, timeoutMs);
  // The plan's bytes per request (422), below the service-wide 413 (docs/sandbox.md, per-plan limits).
  const account = ctx.state.account as Account | undefined;
  const limits = limitsByApp.get(ctx.app);
  if (account) assertRequestBytes(account, limits?.localAccountId?.(), raw.length);
  ctx.state.rawBody = raw;
  ctx.state.body = raw.length === 0 ? undefined : parseJson(raw);
  await next();
};

function hasBody(ctx: Context): boolean {
  return ctx.get('transfer-encoding') !== '' || Number(ctx.get('content-length') || 0) > 0;
}

/** `ctx.request.type` is the lowercased media type without parameters; '' when none was sent. */
function isJsonType(type: string): boolean {
  return type === '' || type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch (err) {
    throw new ValidationError([{ loc: ['body'], msg: `JSON decode error: ${(err as Error).message}`, type: 'json_invalid' }]);
  }
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
    const fail = (err: HttpError | PayloadTooLargeError, hungUp = false) => {
      done();
      if (hungUp) ctx.set('Connection', 'close');
      else closeAfterAnswer(ctx);
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) fail(new PayloadTooLargeError());
      else chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    // The client hung up mid-body: nobody reads the answer, but it is a client error, not a 500.
    const onError = (err: Error) => fail(new HttpError(400, 'The request body was not received completely', { cause: err }), true);
    const timer = setTimeout(() => fail(new HttpError(408, `The request body was not received within ${timeoutMs} ms`)), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
