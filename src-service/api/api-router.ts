import Router from '@koa/router';

/**
 * Every `/v1` router: case-sensitive, so `/V1/...` never reaches a handler (the key check
 * reads API paths widely, the router narrowly: docs/http-guards.md).
 */
export function createApiRouter() {
  return new Router({ prefix: '/v1', sensitive: true });
}
