import Koa from 'koa';
import type { AppDeps } from './deps';
import { errorHandler } from './api/middleware/error-handler';
import { requestId } from './api/middleware/request-id';
import { closeUnreadBody } from './api/middleware/unread-body';
import { hostGuard } from './api/middleware/host-guard';
import { setJsonBodyLimits } from './api/middleware/json-body';
import { requireApiKey } from './api/middleware/auth';
import { isApiPath } from './api/middleware/api-path';
import { NotFoundError } from './errors';
import { commandRoutes } from './api/commands/commands.routes';
import { storageRoutes } from './api/storage/storage.routes';
import { systemRoutes } from './api/system/system.routes';
import { webUi } from './api/web/web-ui';
import type { Router } from '@koa/router';

export interface AppOptions {
  allowedHosts: () => Set<string>;
  allowedOrigins: () => Set<string>;
  /** Extra route groups (files, uploads, events, webhooks ...) mounted after the core ones. */
  extraRouters?: Router[];
  /** Extra raw middleware (e.g. upload part PUTs that stream their own body) mounted before the key check. */
  rawHandlers?: Koa.Middleware[];
}

/** The middleware order, readable on one screen. */
export function createApp(deps: AppDeps, opts: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestId);
  app.use(closeUnreadBody);
  app.use(errorHandler(deps.log));
  app.use(hostGuard({ allowedHosts: opts.allowedHosts, allowedOrigins: opts.allowedOrigins }));
  app.use(storageRoutes(deps));
  for (const handler of opts.rawHandlers ?? []) app.use(handler);
  // The key before the body: a request without a valid key never gets its body read.
  // Bodies are read by the routes that take them (json-body.ts), so an unknown path is a 404 whatever it carries.
  app.use(requireApiKey(deps.accounts));
  setJsonBodyLimits(app, { maxBytes: deps.config.maxJsonBytes, timeoutMs: deps.config.jsonBodyTimeoutMs });
  const routers = [systemRoutes(deps), commandRoutes(deps), ...(opts.extraRouters ?? [])];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());
  app.use(webUi(deps.config.webRoot));
  app.use((ctx) => {
    throw new NotFoundError(isApiPath(ctx.path) ? 'Not Found' : 'Not found');
  });
  return app;
}
