import type { ValidationIssue } from './types';

/**
 * Every non-2xx answer becomes an ApiError value (docs/choices.md: wire conventions): `detail`
 * is the message string, or for a 422 the list of issues of docs/api.md §2.4.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | ValidationIssue[];
  readonly body: unknown;

  constructor(status: number, detail: string | ValidationIssue[], body: unknown, options?: { cause?: unknown }) {
    super(typeof detail === 'string' ? detail : describeIssues(detail), options);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }

  /** The 422 issues, or an empty list for any other error. */
  get issues(): ValidationIssue[] {
    return Array.isArray(this.detail) ? this.detail : [];
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** A network failure (service down, connection reset) as opposed to an HTTP answer. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** The one 422 formatter (docs/api.md §2.4): `steps.0: message; query.limit: message` (a body field is named without `body.`). */
export function describeIssues(issues: ValidationIssue[]): string {
  return issues.map((i) => `${(i.loc[0] === 'body' ? i.loc.slice(1) : i.loc).join('.') || 'body'}: ${i.msg}`).join('; ') || 'Validation error';
}

/** Reads `{detail}` from an error body; falls back to the status text. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) return new ApiError(status, detail as ValidationIssue[], body);
  if (typeof detail === 'string') return new ApiError(status, detail, body);
  return new ApiError(status, statusText || `HTTP ${status}`, body);
}

export function isAbortError(err: unknown): boolean {
  return (err as { name?: string } | null)?.name === 'AbortError';
}
