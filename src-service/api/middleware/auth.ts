import type { Context, Next } from 'koa';
import { MISSING_KEY_DETAIL, UNAUTHORIZED_DETAIL, UnauthorizedError } from '../../errors';
import type { AccountRow, AccountsRepo } from '../../db/accounts-repo';

/** `/v1` routes that need no key (decisions: health and the API description). */
const PUBLIC_V1 = new Set(['/v1/health', '/v1/openapi.json']);

/** Every other `/v1` route needs a valid `X-API-KEY` (spec 5); the account lands in `ctx.state.account`. */
export function requireApiKey(accounts: AccountsRepo) {
  return async function authenticate(ctx: Context, next: Next): Promise<void> {
    if (!ctx.path.startsWith('/v1/') || PUBLIC_V1.has(ctx.path)) return next();
    const key = ctx.get('x-api-key');
    const account = key ? accounts.findAccountByKey(key) : undefined;
    if (!account) throw new UnauthorizedError(key ? UNAUTHORIZED_DETAIL : MISSING_KEY_DETAIL);
    ctx.state.account = account;
    ctx.state.apiKey = key;
    await next();
  };
}

export function accountOf(ctx: Context): AccountRow {
  return ctx.state.account as AccountRow;
}
