import Koa from 'koa';
import type { Router } from '@koa/router';
import type { Config } from '../config';
import type { AccountsRepo } from '../accounts/accounts-repo';
import { errorHandler } from '../api/middleware/error-handler';
import { requestId } from '../api/middleware/request-id';
import { closeUnreadBody } from '../api/middleware/unread-body';
import { hostGuard } from '../api/middleware/host-guard';
import { setJsonBodyLimits } from '../api/middleware/json-body';
import { requireApiKey } from '../api/middleware/auth';
import { methodNotAllowed } from '../api/middleware/method-not-allowed';
import { serveGuarded, type GuardedRouter } from '../api/guarded-router';
import { isApiPath } from '../api/middleware/api-path';
import { NotFoundError } from '../errors';
import { webUi } from '../api/web/web-ui';

export interface AppOptions {
  config: Pick<Config, 'maxJsonBytes' | 'jsonBodyTimeoutMs' | 'webRoot'>;
  /** The key check. */
  accounts: AccountsRepo;
  log(msg: string): void;
  allowedHosts: () => Set<string>;
  allowedOrigins: () => Set<string>;
  /** The modules' route groups, mounted in this order. */
  routers: readonly Router[];
  /** Declared routes whose signed URL is the grant (upload parts): mounted before the key check. */
  signedRouters: readonly Router[];
  /** Declared routes with a credential of their own (the worker protocol): mounted before the key check. */
  guardedRouters: readonly GuardedRouter[];
  /** Raw middleware mounted before the key check: `/storage` URLs (served past the router, docs/performance.md). */
  rawHandlers: readonly Koa.Middleware[];
}

/** The middleware order, readable on one screen. */
export function createApp(opts: AppOptions): Koa {
  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(requestId);
  app.use(closeUnreadBody);
  app.use(errorHandler(opts.log));
  app.use(hostGuard({ allowedHosts: opts.allowedHosts, allowedOrigins: opts.allowedOrigins }));
  for (const guarded of opts.guardedRouters) app.use(serveGuarded(guarded));
  for (const handler of opts.rawHandlers) app.use(handler);
  for (const router of opts.signedRouters) app.use(router.routes()).use(methodNotAllowed(router));
  // The key before the body: a request without a valid key never gets its body read.
  // Bodies are read by the routes that take them (json-body.ts), so an unknown path is a 404 whatever it carries.
  app.use(requireApiKey(opts.accounts));
  setJsonBodyLimits(app, { maxBytes: opts.config.maxJsonBytes, timeoutMs: opts.config.jsonBodyTimeoutMs });
  for (const router of opts.routers) app.use(router.routes()).use(router.allowedMethods());
  app.use(webUi(opts.config.webRoot));
  app.use((ctx) => {
    throw new NotFoundError(isApiPath(ctx.path) ? 'Not Found' : 'Not found');
  });
  return app;
}
