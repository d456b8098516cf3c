/**
 * Errors only the HTTP layer raises: about the request as HTTP (its key, headers, body
 * framing), never about what it asks for. Domain code throws the errors of ../errors.ts
 * instead; the error handler answers both.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly headers: Record<string, string>;
  /** Advice for people, answered as an extra `hint` field beside `detail` (clients compare `detail`). */
  readonly hint: string | undefined;

  constructor(status: number, detail: string, options?: { cause?: unknown; headers?: Record<string, string>; hint?: string }) {
    super(detail, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = status;
    this.detail = detail;
    this.headers = options?.headers ?? {};
    this.hint = options?.hint;
  }
}

/**
 * The 401 body is exactly the hosted service's published one, `{"detail":"Invalid authorization
 * key"}` (third-party clients compare the text; docs/compatibility.md); where the key goes is
 * said in `hint`.
 */
export const UNAUTHORIZED_DETAIL = 'Invalid authorization key';
export const UNAUTHORIZED_HINT = 'Send your API key in the X-API-KEY header';
export const MISSING_KEY_HINT = 'The X-API-KEY header is missing: send your API key in it';

export class UnauthorizedError extends HttpError {
  constructor(hint: string = UNAUTHORIZED_HINT) {
    super(401, UNAUTHORIZED_DETAIL, { hint });
  }
}

/** A body of a type the route does not take (415): say which type it does take. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(received: string, accepted: string) {
    super(415, `Unsupported Content-Type ${received}: this route takes ${accepted}`);
  }
}
