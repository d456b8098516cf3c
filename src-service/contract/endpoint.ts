import type { z } from 'zod';

/** One response of an endpoint: a JSON schema, or another media type described in words. */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  mediaType?: 'application/json' | 'text/plain' | 'text/event-stream' | 'text/html';
  headers?: Record<string, string>;
}

/**
 * How an endpoint reads its request body:
 * - `json`: read by the route (size limit, deadline, 415 for another type) and, with a
 *   `body` schema, validated into the handler's `body`; without one it is read and ignored;
 * - `none`: never read (GET, DELETE);
 * - `raw`: nothing reads the body before the handler, which streams it from the request
 *   (upload parts, multipart forms). The storage URLs are raw too and are served past the
 *   router after their signature check (docs/performance.md).
 */
export type BodyKind = 'json' | 'none' | 'raw';

/**
 * One `/v1` endpoint, declared once. The Koa routes (api/mount-endpoints.ts), the OpenAPI
 * document, the typed client's paths and the tests' route walks are derived from these
 * declarations (docs/contributing.md, "Add an endpoint").
 */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path form: `/v1/commands/{command_id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /**
   * Default true: `X-API-KEY` required (docs/api.md §5); false: public; `worker`: the worker
   * protocol's bearer worker token instead, never a user's key (docs/scale-out.md).
   */
  auth?: boolean | 'worker';
  /** Default `json` when there is a body schema, else `none`. */
  bodyKind?: BodyKind;
  body?: z.ZodType;
  /** What a JSON endpoint reads when no body was sent (`{}` where every field is optional); default: none, so the schema reports it missing. */
  emptyBodyIs?: Record<string, never>;
  /** A multipart/form-data body instead (bodyKind raw): file field name to its description. */
  form?: Record<string, string>;
  query?: z.ZodObject;
  params?: z.ZodObject;
  headers?: { name: string; description: string }[];
  responses: Record<string, ResponseSpec>;
}

/** A group of endpoints keyed by operationId (the key is the OpenAPI operationId). */
export type EndpointGroup = Record<string, Endpoint>;

/** An endpoint with its operationId, as the OpenAPI builder and the route walks read it. */
export type Operation = Endpoint & { operationId: string };

/** Keeps each declaration's literal types (params, query, body schemas) for typed handlers. */
export function defineEndpoints<const G extends EndpointGroup>(group: G): G {
  return group;
}

export function bodyKindOf(e: Endpoint): BodyKind {
  return e.bodyKind ?? (e.body ? 'json' : 'none');
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the path parameters, query and body parsed by the endpoint's schemas. */
export interface EndpointInput<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

/** The request types a client sends (schemas read as input: defaults make fields optional). */
export type RequestBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type RequestQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;

/** The `200` JSON answer of an endpoint, as its schema describes it. */
export type Answer<E extends Endpoint> = E['responses']['200'] extends { schema: z.ZodType } ? z.output<E['responses']['200']['schema']> : undefined;

/** Fills `{name}` placeholders of a declared path (each value URL-encoded). */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
