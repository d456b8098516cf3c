import type { Context, Next } from 'koa';
import {
  BadRequestError,
  ConflictError,
  DomainError,
  ForbiddenError,
  InsufficientStorageError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  ValidationError,
  isDiskFullError,
  type ValidationIssue,
} from '../../errors';
import { HttpError } from '../http-error';

/** What one error answers: status, body, extra headers. */
export interface ErrorAnswer {
  status: number;
  body: { detail: string | ValidationIssue[]; hint?: string };
  headers: Record<string, string>;
}

/**
 * The one mapping from the domain's errors to HTTP (docs/architecture.md, "Errors"). The
 * first matching row wins, so a subclass (QuotaExceededError is a ForbiddenError) answers as
 * its parent unless it has its own row above it.
 */
const STATUS_OF: [abstract new (...args: never[]) => DomainError, number][] = [
  [ValidationError, 422],
  [BadRequestError, 400],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [RateLimitError, 429],
  [InsufficientStorageError, 507], // FFDesk: the data disk is full; freeing space and retrying will work
];

/** The answer for a domain or HTTP-layer error; null for anything else (a bug, or a full disk: see errorHandler). */
export function answerFor(err: unknown): ErrorAnswer | null {
  if (err instanceof HttpError)
    return { status: err.status, body: err.hint ? { detail: err.detail, hint: err.hint } : { detail: err.detail }, headers: err.headers };
  if (!(err instanceof DomainError)) return null;
  const status = STATUS_OF.find(([kind]) => err instanceof kind)?.[1];
  if (status === undefined) return null;
  if (err instanceof ValidationError) return { status, body: { detail: err.issues }, headers: {} };
  const headers: Record<string, string> = err instanceof RateLimitError ? { 'Retry-After': String(err.retryAfterSeconds) } : {};
  return { status, body: err.hint ? { detail: err.detail, hint: err.hint } : { detail: err.detail }, headers };
}

/**
 * The one place errors become responses (conventions rule 3): `{"detail": "..."}`, the
 * 422 list body of docs/api.md §2.4, and a generic 500 that never leaks internals.
 */
export function errorHandler(log: (msg: string) => void) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (err) {
      const answer = answerFor(err);
      if (answer) {
        ctx.status = answer.status;
        ctx.body = answer.body;
        ctx.set(answer.headers);
      } else if (isDiskFullError(err)) {
        // A full data disk is the machine's state, not a bug: say so, and that it passes (507).
        const full = answerFor(new InsufficientStorageError()) as ErrorAnswer;
        ctx.status = full.status;
        ctx.body = full.body;
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
