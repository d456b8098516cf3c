import type Router from '@koa/router';
import { openapiEndpoints } from '../../contract/endpoints/openapi';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { buildOpenApi, type OpenApiDocument } from './build-spec';
import { renderDocsPage } from './docs-page';

/** `GET /v1/openapi.json` and `GET /docs` (an HTML page, not an API endpoint), both without a key (docs/choices.md: API description). */
export function openapiRoutes(): Router {
  let doc: OpenApiDocument | undefined;
  let page: string | undefined;
  // Built on first use: the document is pure, and generation costs a few milliseconds.
  const spec = () => (doc ??= buildOpenApi());

  const router = mountEndpoints(createRouter(), openapiEndpoints, {
    getOpenApi: (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      return { ...spec(), servers: [{ url: ctx.origin }] };
    },
  });

  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = page ??= renderDocsPage(spec());
  });

  return router;
}
