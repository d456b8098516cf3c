/**
 * Errors are values with an HTTP status and a stable message (conventions rule 3).
 * Routes and use cases throw these; one middleware (api/middleware/error-handler.ts)
 * turns them into the spec's bodies: `{"detail": "..."}`, or for 422 the list form of
 * docs/api.md §2.4.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string, options?: { cause?: unknown; headers?: Record<string, string> }) {
    super(detail, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.detail = detail;
    this.headers = options?.headers ?? {};
  }
}

export class BadRequestError extends HttpError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(400, detail, options);
  }
}

/** The 401 text: starts as the hosted service's does, then says where the key goes. */
export const UNAUTHORIZED_DETAIL = 'Invalid authorization key: send your API key in the X-API-KEY header';
export const MISSING_KEY_DETAIL = 'Invalid authorization key: the X-API-KEY header is missing; send your API key in it';

export class UnauthorizedError extends HttpError {
  constructor(detail: string = UNAUTHORIZED_DETAIL) {
    super(401, detail);
  }
}

export class ForbiddenError extends HttpError {
  constructor(detail: string) {
    super(403, detail);
  }
}

export class NotFoundError extends HttpError {
  constructor(detail = 'Not found') {
    super(404, detail);
  }
}

/** A body of a type the route does not take (415): say which type it does take. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(received: string, accepted: string) {
    super(415, `Unsupported Content-Type ${received}: this route takes ${accepted}`);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(detail = 'Request body too large') {
    super(413, detail);
  }
}

export class RateLimitError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, 'Rate limit exceeded', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}

/** What a full data disk is called in every answer and failure message. */
export const NO_SPACE_DETAIL = 'No space left on the data disk';

/** 507 (*FFDesk*): the data disk is full; freeing space and retrying will work. */
export class InsufficientStorageError extends HttpError {
  constructor(detail = `${NO_SPACE_DETAIL}: free some space and try again`) {
    super(507, detail);
  }
}

/** ENOSPC / EDQUOT from the filesystem or SQLITE_FULL from the database, anywhere in the `cause` chain. */
export function isDiskFullError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return true;
  }
  return false;
}

/** One item of a 422 body (docs/api.md §2.4). */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class ValidationError extends HttpError {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    super(422, issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.issues = issues;
  }

  /** A single issue; `loc` follows FastAPI's shape, e.g. ['body', 'ffmpeg_command']. */
  static at(loc: (string | number)[], msg: string, type = 'value_error'): ValidationError {
    return new ValidationError([{ loc, msg, type }]);
  }
}

/**
 * Why a command or a stored file failed while running (docs/decisions.md, States). Not an
 * HTTP error: the runner records it on the record as `error_status` + message.
 */
export type FailureStatus =
  | 'UNREACHABLE_INPUT_FILE'
  | 'INVALID_INPUT_FILE'
  | 'PROCESSING_ERROR'
  | 'MISSING_OUTPUT_FILE'
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'QUOTA_EXCEEDED'
  | 'INTERRUPTED'
  | 'UPLOAD_ABORTED'
  | 'UPLOAD_EXPIRED'
  | 'STORAGE_ERROR';

export class JobFailure extends Error {
  readonly status: FailureStatus;

  constructor(status: FailureStatus, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'JobFailure';
    this.status = status;
  }
}

/**
 * Abort reasons. A running command is stopped for one of two reasons that end differently:
 * a cancel records FAILED / CANCELLED, a shutdown puts the command back in the queue (it is
 * re-run on the next start or by another worker). Code reads them with `instanceof`, never by message.
 */
export class CancelledError extends Error {
  constructor(message = 'The command was cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

export class ShutdownError extends Error {
  constructor(message = 'The service is stopping') {
    super(message);
    this.name = 'ShutdownError';
  }
}

/** A status write the state table does not allow (jobs/state.ts, files/file-state.ts): a bug in the caller, never a user error. */
export class IllegalTransitionError extends Error {
  constructor(kind: 'command' | 'file', from: string, to: string) {
    super(`Illegal ${kind} transition ${from} -> ${to}`);
    this.name = 'IllegalTransitionError';
  }
}
