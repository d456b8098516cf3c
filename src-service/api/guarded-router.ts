import type { Router } from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { NotFoundError } from '../errors';
import { methodNotAllowed } from './middleware/method-not-allowed';

/**
 * Declared routes with a grant of their own, checked by `guard` before anything else (the
 * worker protocol's bearer token): every path under `prefix` is theirs alone, so a request
 * there never reaches the API-key check, gets 405 with Allow for another method and 404 for
 * an unknown path, whatever it carries.
 */
export interface GuardedRouter {
  prefix: string;
  guard: Middleware;
  router: Router;
}

/** Mounted before the key check (app.ts). */
export function serveGuarded({ prefix, guard, router }: GuardedRouter): Middleware {
  const routes = router.routes() as unknown as Middleware;
  const answer405 = methodNotAllowed(router);
  return async function guardedRoutes(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith(prefix)) return next();
    await guard(ctx, () =>
      routes(ctx, () =>
        answer405(ctx, () => {
          throw new NotFoundError('Not Found');
        }),
      ),
    );
  };
}
