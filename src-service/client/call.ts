import type { z } from 'zod';
import { bodyKindOf, pathOf, type Answer, type Endpoint } from '../contract/endpoint';
import { toApiError } from './errors';
import { send, type Http } from './http';

type In<S> = S extends z.ZodType ? z.input<S> : never;
/** A field the caller may leave out when its schema accepts an empty value. */
type Field<K extends string, S> = [S] extends [z.ZodType]
  ? Record<string, never> extends In<S>
    ? { [P in K]?: In<S> }
    : { [P in K]: In<S> }
  : { [P in K]?: never };
type BodyField<E extends Endpoint> = E extends { bodyKind: 'raw' } ? { body?: NonNullable<RequestInit['body']> } : Field<'body', E['body']>;

/** What one call sends, typed from the declaration: path parameters, query and body (schemas read as input). */
export type CallInput<E extends Endpoint> = Field<'params', E['params']> &
  Field<'query', E['query']> &
  BodyField<E> & { signal?: AbortSignal; headers?: Record<string, string> };

type Ok<E extends Endpoint> = E['responses'] extends { '200': infer R } ? R : never;
/**
 * What a call resolves to: the declared `200` JSON answer (`Answer<E>`); the text of a
 * `text/plain` answer; for any other `200` (event stream, zip, stored file) the Response with
 * its body unread, so the caller streams it (to disk, through the SSE parser) or calls
 * `blob()`; nothing for a `204`.
 */
export type ClientAnswer<E extends Endpoint> = [Ok<E>] extends [never]
  ? undefined
  : Ok<E> extends { schema: z.ZodType }
    ? Answer<E>
    : Ok<E> extends { mediaType: 'text/plain' }
      ? string
      : Response;

/** The rest arguments of `call`: the input may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> = Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export type ReadAs = 'json' | 'text' | 'stream' | 'none';

/** How a `2xx` body is read, from the declaration's `200` response. */
export function readAsOf(e: Endpoint): ReadAs {
  const ok = e.responses['200'];
  if (!ok) return 'none';
  if (ok.schema) return 'json';
  if (ok.mediaType === 'text/plain') return 'text';
  return 'stream';
}

/**
 * One request to a declared endpoint (src-service/contract/endpoints/): method, path, body
 * encoding and how the answer is read all come from the declaration, so an endpoint declared
 * later is callable without touching the client. Error answers become ApiError values.
 */
export async function callEndpoint<E extends Endpoint>(http: Http, e: E, input: CallInput<E> = {} as CallInput<E>): Promise<ClientAnswer<E>> {
  const o = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const raw = bodyKindOf(e) === 'raw';
  const hasJson = !raw && o.body !== undefined;
  const extra = { ...(hasJson ? { 'Content-Type': 'application/json' } : {}), ...o.headers };
  const res = await send(http.fetch, http.url(pathOf(e.path, o.params), queryOf(o.query)), {
    method: e.method.toUpperCase(),
    headers: http.headers(extra, e.auth),
    body: raw ? (o.body as NonNullable<RequestInit['body']> | undefined) : hasJson ? JSON.stringify(o.body) : undefined,
    signal: o.signal,
  });
  if (!res.ok) throw toApiError(res.status, res.statusText, await readErrorBody(res));
  return (await readAnswer(res, readAsOf(e))) as ClientAnswer<E>;
}

function queryOf(query: Record<string, unknown> | undefined): Record<string, string | number | boolean | undefined> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === undefined || v === null ? undefined : String(v as string | number | boolean)]));
}

async function readAnswer(res: Response, as: ReadAs): Promise<unknown> {
  if (as === 'stream') return res;
  if (as === 'none' || res.status === 204) return undefined;
  if (as === 'text') return res.text();
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** GET of a URL the service handed out (a `storage_url`): the credential is in the URL, so no key is sent. */
export async function openStorageUrl(http: Http, url: string, signal?: AbortSignal): Promise<Response> {
  const res = await send(http.fetch, url, { signal });
  if (!res.ok) throw toApiError(res.status, res.statusText, await readErrorBody(res));
  return res;
}

export async function readErrorBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return { detail: text.slice(0, 500) };
  }
}
