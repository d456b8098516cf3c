import type { FailureStatus } from './contract/enums';

/**
 * The service's errors, as the domain names them (docs/architecture.md, "Errors"). Use cases
 * throw these; none of them knows HTTP. One mapping at the API edge
 * (api/middleware/error-handler.ts) turns each kind into its status and `{"detail": ...}`
 * body, or for a ValidationError the 422 list form of docs/api.md §2.4. Errors only the HTTP
 * layer can raise (a missing key, a wrong content type) live in api/http-error.ts.
 */
export abstract class DomainError extends Error {
  /** The stable text the caller sees. */
  readonly detail: string;
  /** Advice for people, answered as an extra `hint` field beside `detail`. */
  readonly hint: string | undefined;

  constructor(detail: string, options?: { cause?: unknown; hint?: string }) {
    super(detail, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.detail = detail;
    this.hint = options?.hint;
  }
}

/** The request itself is wrong in a way no schema could tell (a part out of order, a bad path). */
export class BadRequestError extends DomainError {}

/** The caller may not do this: a plan limit, a private file, a built-in preset, a bad signature. */
export class ForbiddenError extends DomainError {}

/** A quota of the account is used up (or would be by this request). */
export class QuotaExceededError extends ForbiddenError {}

export class NotFoundError extends DomainError {
  constructor(detail = 'Not found', options?: { cause?: unknown }) {
    super(detail, options);
  }
}

/** The thing already exists or is in a state that excludes the request. */
export class ConflictError extends DomainError {}

export class PayloadTooLargeError extends DomainError {
  constructor(detail = 'Request body too large') {
    super(detail);
  }
}

/** Too many requests of a kind; the caller may retry after `retryAfterSeconds` (whole seconds, at least 1). */
export class RateLimitError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, detail = 'Rate limit exceeded', hint?: string) {
    super(detail, hint === undefined ? undefined : { hint });
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** The account stores as many records of a kind as its plan allows (accounts/record-limits.ts): 429 with Retry-After and a `hint`. */
export class TooManyRecordsError extends RateLimitError {}

/** What a full data disk is called in every answer and failure message. */
export const NO_SPACE_DETAIL = 'No space left on the data disk';

/** The data disk is full; freeing space and retrying will work. */
export class InsufficientStorageError extends DomainError {
  constructor(detail = `${NO_SPACE_DETAIL}: free some space and try again`) {
    super(detail);
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

/** Input that breaks a rule, each issue pointing at its place (`loc`). */
export class ValidationError extends DomainError {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; '));
    this.issues = issues;
  }

  /** A single issue; `loc` follows FastAPI's shape, e.g. ['body', 'ffmpeg_command']. */
  static at(loc: (string | number)[], msg: string, type = 'value_error'): ValidationError {
    return new ValidationError([{ loc, msg, type }]);
  }
}

/**
 * Why a command or a stored file failed while running (docs/choices.md, States). Not an
 * answer to a request: the runner records it on the record as `error_status` + message.
 */
export type { FailureStatus };

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
