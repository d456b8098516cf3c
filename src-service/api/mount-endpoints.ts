import Router, { type RouterContext } from '@koa/router';
import { bodyKindOf, type Answer, type Endpoint, type EndpointGroup, type EndpointInput } from '../contract/endpoint';
import type { Middleware } from 'koa';
import { jsonBody } from './middleware/json-body';
import { parseInput } from './validate';

/**
 * A handler bound to one declaration: it receives the request already parsed by the
 * declaration's schemas. What it returns (when not undefined) becomes the JSON body, typed
 * by the declared 200 schema; a
 * handler that answers otherwise (204, a stream, text) sets `ctx` itself and returns nothing.
 */
export type Handler<E extends Endpoint> = (ctx: RouterContext, input: EndpointInput<E>) => Answer<E> | void | Promise<Answer<E> | void>;

/** One handler per declared endpoint of a group; a missing or extra one is a type error. */
export type Handlers<G extends EndpointGroup> = { [K in keyof G]: Handler<G[K]> };

/**
 * Every route router: case-sensitive, so `/V1/...` never reaches a handler (the key check
 * reads API paths widely, the router narrowly: docs/http-guards.md). Paths are the declared
 * ones in full (`/v1/...`), so a router needs no prefix.
 */
export function createRouter(): Router {
  return new Router({ sensitive: true });
}

/**
 * Mounts a group of declarations with their handlers: the route path comes from the
 * declaration, a JSON body is read only by endpoints that declare one (json-body.ts), a raw
 * body is left unread for the handler to stream from `ctx.req`, and path parameters, body and
 * query are validated by the declared schemas into the 422 list body.
 */
export function mountEndpoints<G extends EndpointGroup>(router: Router, group: G, handlers: Handlers<G>): Router {
  for (const [operationId, endpoint] of Object.entries(group)) {
    const handler = handlers[operationId] as Handler<Endpoint>;
    const run: Middleware = async (ctx) => {
      const result = await handler(ctx as RouterContext, parseRequest(endpoint, ctx as RouterContext));
      if (result !== undefined) ctx.body = result;
    };
    const route = router[endpoint.method].bind(router) as unknown as (name: string, path: string, ...middleware: Middleware[]) => Router;
    if (bodyKindOf(endpoint) === 'json') route(operationId, koaPath(endpoint.path), jsonBody, run);
    else route(operationId, koaPath(endpoint.path), run);
  }
  return router;
}

/**
 * Each part is parsed when the handler first reads it, so a handler decides the order its
 * 422s come in (and whether an ignored part is checked at all), as a hand-written route would.
 */
function parseRequest(endpoint: Endpoint, ctx: RouterContext): EndpointInput<Endpoint> {
  const parsed = new Map<string, unknown>();
  const once = (key: string, parse: () => unknown) => {
    if (!parsed.has(key)) parsed.set(key, parse());
    return parsed.get(key);
  };
  return {
    get params() {
      return once('params', () => (endpoint.params ? parseInput(endpoint.params, ctx.params, 'path') : ctx.params));
    },
    get body() {
      const raw: unknown = ctx.state.body ?? (endpoint.emptyBodyIs ? { ...endpoint.emptyBodyIs } : undefined);
      return once('body', () => (endpoint.body ? parseInput(endpoint.body, raw, 'body') : raw));
    },
    get query() {
      return once('query', () => (endpoint.query ? parseInput(endpoint.query, ctx.query, 'query') : ctx.query));
    },
  } as EndpointInput<Endpoint>;
}

/** `/v1/commands/{command_id}` → `/v1/commands/:command_id`. */
export function koaPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}
