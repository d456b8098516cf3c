import type { Context, Next } from 'koa';
import { MISSING_KEY_HINT, UNAUTHORIZED_HINT, UnauthorizedError } from '../http-error';
import type { AccountsRepo } from '../../accounts/accounts-repo';
import type { Account } from '../../accounts/account';
import { isApiPath, PUBLIC_API_PATHS } from './api-path';

/**
 * Every API path but health and the API description needs a valid `X-API-KEY`; the account
 * lands in `ctx.state.account`. "API path" is read widely (any case, encoded or doubled
 * slashes), while the routers match case-sensitively: a spelling the router would not take
 * gets a 401 without a key and a 404 with one, never a handler's answer (docs/http-guards.md).
 */
export function requireApiKey(accounts: AccountsRepo) {
  return async function authenticate(ctx: Context, next: Next): Promise<void> {
    if (!isApiPath(ctx.path)) return next();
    const key = ctx.get('x-api-key');
    if (PUBLIC_API_PATHS.has(ctx.path)) {
      // Open to all; a valid key only widens what the answer shows (health's paths: docs/api.md).
      const caller = key ? accounts.findAccountByKey(key) : undefined;
      if (caller) ctx.state.account = caller;
      return next();
    }
    const account = key ? accounts.findAccountByKey(key) : undefined;
    if (!account) throw new UnauthorizedError(key ? UNAUTHORIZED_HINT : MISSING_KEY_HINT);
    ctx.state.account = account;
    ctx.state.apiKey = key;
    await next();
  };
}

export function accountOf(ctx: Context): Account {
  return ctx.state.account as Account;
}

/** The caller's account on a path open without a key (health): undefined when no valid key came. */
export function optionalAccountOf(ctx: Context): Account | undefined {
  return ctx.state.account as Account | undefined;
}
