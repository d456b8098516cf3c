import type { Endpoint } from '../contract/endpoint';
import { NetworkError, isAbortError } from './errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  baseUrl: string;
  /** Sent as `X-API-KEY` to every endpoint that asks for a key (docs/api.md §5). */
  apiKey?: string;
  /** The worker protocol's bearer token, for endpoints declared `auth: 'worker'` (docs/scale-out.md). */
  workerToken?: string;
  fetch?: FetchLike;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface Http {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  url(path: string, query?: Query): string;
  /** The credential an endpoint's `auth` asks for (none for public ones), plus `extra`. */
  headers(extra?: Record<string, string>, auth?: Endpoint['auth']): Record<string, string>;
}

/** The one place that knows the base URL and the credentials (X-API-KEY, or the worker's bearer token). */
export function createHttp(opts: HttpOptions): Http {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  // Bound so that a browser's window.fetch is not called with a foreign `this`.
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    baseUrl,
    fetch: doFetch,
    url(path, query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
      const qs = params.toString();
      const absolute = /^https?:\/\//.test(path);
      return `${absolute ? '' : baseUrl}${path}${qs ? `?${qs}` : ''}`;
    },
    headers(extra, auth = true) {
      if (auth === 'worker') return { ...(opts.workerToken ? { Authorization: `Bearer ${opts.workerToken}` } : {}), ...extra };
      return { ...(auth && opts.apiKey !== undefined ? { 'X-API-KEY': opts.apiKey } : {}), ...extra };
    },
  };
}

export async function send(doFetch: FetchLike, url: string, init: RequestInit): Promise<Response> {
  try {
    return await doFetch(url, init);
  } catch (err) {
    if (isAbortError(err)) throw err;
    throw new NetworkError(`Cannot reach the FFDesk service at ${new URL(url).origin}`, { cause: err });
  }
}
