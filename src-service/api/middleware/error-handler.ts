import type { Context, Next } from 'koa';
import { HttpError, InsufficientStorageError, ValidationError, isDiskFullError } from '../../errors';

/**
 * The one place errors become responses (conventions rule 3): `{"detail": "..."}`, the
 * 422 list body of docs/api.md §2.4, and a generic 500 that never leaks internals.
 */
export function errorHandler(log: (msg: string) => void) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (err) {
      if (err instanceof ValidationError) {
        ctx.status = 422;
        ctx.body = { detail: err.issues };
      } else if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.body = { detail: err.detail };
        ctx.set(err.headers);
      } else if (isDiskFullError(err)) {
        // A full data disk is the machine's state, not a bug: say so, and that it passes (507).
        const full = new InsufficientStorageError();
        ctx.status = full.status;
        ctx.body = { detail: full.detail };
        log(`507 ${ctx.method} ${ctx.path} [${ctx.state.requestId as string}]: ${(err as Error)?.message ?? String(err)}`);
      } else if (isClientError(err)) {
        // koa/raw-body errors such as a client hanging up mid-body carry their own status.
        ctx.status = err.status;
        ctx.body = { detail: err.expose ? err.message : 'Bad request' };
      } else {
        ctx.status = 500;
        ctx.body = { detail: 'Internal server error' };
        log(`500 ${ctx.method} ${ctx.path} [${ctx.state.requestId as string}]: ${(err as Error)?.stack ?? String(err)}`);
      }
    }
  };
}

function isClientError(err: unknown): err is { status: number; expose?: boolean; message: string } {
  const status = (err as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
