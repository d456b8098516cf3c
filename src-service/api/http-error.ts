/**
 * Errors only the HTTP layer raises: about the request as HTTP (its key, headers, body
 * framing), never about what it asks for. Domain code throws the errors of ../errors.ts
 * instead; the error handler answers both.
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

/** The 401 text: starts as the hosted service's does, then says where the key goes. */
export const UNAUTHORIZED_DETAIL = 'Invalid authorization key: send your API key in the X-API-KEY header';
export const MISSING_KEY_DETAIL = 'Invalid authorization key: the X-API-KEY header is missing; send your API key in it';

export class UnauthorizedError extends HttpError {
  constructor(detail: string = UNAUTHORIZED_DETAIL) {
    super(401, detail);
  }
}

/** A body of a type the route does not take (415): say which type it does take. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(received: string, accepted: string) {
    super(415, `Unsupported Content-Type ${received}: this route takes ${accepted}`);
  }
}
