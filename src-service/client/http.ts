import { NetworkError, isAbortError, toApiError } from './errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** How to read a 2xx body; `none` for 204s. */
  as?: 'json' | 'text' | 'blob' | 'none';
}

export interface Http {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  url(path: string, query?: RequestOptions['query']): string;
  headers(extra?: Record<string, string>): Record<string, string>;
  request<T>(path: string, opts?: RequestOptions): Promise<T>;
}

/** The one place that sends `X-API-KEY` and turns error answers into ApiError values. */
export function createHttp(opts: HttpOptions): Http {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  // Bound so that a browser's window.fetch is not called with a foreign `this`.
  const doFetch: FetchLike = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const http: Http = {
    baseUrl,
    fetch: doFetch,
    url(path, query) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
      const qs = params.toString();
      return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
    },
    headers(extra) {
      return { 'X-API-KEY': opts.apiKey, ...extra };
    },
    async request<T>(path: string, ro: RequestOptions = {}): Promise<T> {
      const hasBody = ro.body !== undefined;
      const init: RequestInit = {
        method: ro.method ?? (hasBody ? 'POST' : 'GET'),
        headers: http.headers(hasBody ? { 'Content-Type': 'application/json' } : undefined),
        body: hasBody ? JSON.stringify(ro.body) : undefined,
        signal: ro.signal,
      };
      const res = await send(doFetch, http.url(path, ro.query), init);
      if (!res.ok) throw toApiError(res.status, res.statusText, await readBody(res));
      if (ro.as === 'none' || res.status === 204) return undefined as T;
      if (ro.as === 'text') return (await res.text()) as T;
      if (ro.as === 'blob') return (await res.blob()) as T;
      return (await res.json()) as T;
    },
  };
  return http;
}

export async function send(doFetch: FetchLike, url: string, init: RequestInit): Promise<Response> {
  try {
    return await doFetch(url, init);
  } catch (err) {
    if (isAbortError(err)) throw err;
    throw new NetworkError(`Cannot reach the FFDesk service at ${new URL(url).origin}`, { cause: err });
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return { detail: text.slice(0, 500) };
  }
}
