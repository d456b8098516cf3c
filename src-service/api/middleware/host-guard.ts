import type { Context, Next } from 'koa';
import { HttpError } from '../http-error';

export interface HostGuardOptions {
  /** Accepted `Host` values (lowercase `host:port`); empty set = any (the user bound a wildcard address on purpose). */
  allowedHosts: () => Set<string>;
  /** Accepted `Origin` values (lowercase `scheme://host:port`). */
  allowedOrigins: () => Set<string>;
}

/**
 * Blocks DNS rebinding (a foreign `Host`) and cross-site requests from web pages (a
 * foreign `Origin`). FFDesk sends no CORS headers, so browsers also refuse to expose
 * responses to other origins; this guard stops the side effects of the request itself.
 */
export function hostGuard(opts: HostGuardOptions) {
  return async function guardHost(ctx: Context, next: Next): Promise<void> {
    const hosts = opts.allowedHosts();
    const host = (ctx.get('host') || '').toLowerCase();
    if (hosts.size > 0 && !hosts.has(host)) {
      throw new HttpError(403, 'Host not allowed');
    }
    const origin = ctx.get('origin').toLowerCase();
    if (origin && !opts.allowedOrigins().has(origin)) {
      throw new HttpError(403, 'Origin not allowed');
    }
    await next();
  };
}
