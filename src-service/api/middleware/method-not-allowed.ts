import type { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import { HttpError } from '../http-error';

/**
 * After a router: a request whose path is one of its routes but whose method is not gets 405
 * with `Allow`, instead of falling through to the web UI (which would answer a GET to a signed
 * upload URL with the app's HTML).
 */
export function methodNotAllowed(router: Router) {
  return async function answer405(ctx: Context, next: Next): Promise<void> {
    const match = router.match(ctx.path, ctx.method);
    if (match.path.length === 0 || match.route) return next();
    const allowed = [...new Set(match.path.flatMap((layer) => layer.methods))];
    throw new HttpError(405, 'Method not allowed', { headers: { Allow: allowed.join(', ') } });
  };
}
