import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Db } from '../../db/open';
import type { AccountsRepo } from '../../accounts/accounts-repo';
import { hashKey } from '../../accounts/accounts-repo';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import { keyEndpoints } from '../../contract/endpoints/keys';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';

/**
 * `/v1/keys` (FFDesk, for the GUI's settings page): the caller's account's keys. Keys are
 * per account and inherit its plan; accounts of another plan are made with
 * `ffdesk keys create --plan` on the machine. The key that made the request cannot revoke
 * itself (the GUI would lock itself out mid-session).
 */
export function keyRoutes(deps: { accounts: AccountsRepo; db: Db }): Router {
  const keyIdByHash = deps.db.prepare(`SELECT id FROM api_keys WHERE key_hash = ?`);
  const currentKeyId = (ctx: Context) => (keyIdByHash.get(hashKey(ctx.state.apiKey as string)) as { id: string } | undefined)?.id;

  return mountEndpoints(createRouter(), keyEndpoints, {
    listKeys: (ctx) => {
      const current = currentKeyId(ctx);
      const { id, plan } = accountOf(ctx);
      return deps.accounts.listKeys(id).map((k) => ({
        key_id: k.id,
        prefix: k.prefix,
        label: k.label,
        plan,
        created_at: k.createdAt,
        revoked_at: k.revokedAt,
        is_current: k.id === current,
      }));
    },

    createKey: (ctx, { body }) => {
      const account = accountOf(ctx);
      if (body.plan && body.plan !== account.plan) {
        throw ValidationError.at(['body', 'plan'], `A key belongs to the caller's account, whose plan is ${account.plan}`, 'enum');
      }
      const { id, key } = deps.accounts.addKey(account.id, undefined, body.label ?? null);
      // Inserted just above, in the same synchronous call.
      const row = deps.accounts.listKeys(account.id).find((k) => k.id === id)!;
      return {
        key_id: id,
        key,
        prefix: row.prefix,
        label: row.label,
        plan: account.plan,
        created_at: row.createdAt,
        revoked_at: null,
      };
    },

    revokeKey: (ctx, { params: { key_id } }) => {
      const account = accountOf(ctx);
      const own = deps.accounts.listKeys(account.id).find((k) => k.id === key_id);
      if (!own) throw new NotFoundError('Key not found');
      if (own.id === currentKeyId(ctx)) throw new BadRequestError('Cannot revoke the key used for this request');
      deps.accounts.revokeOwnKey(account.id, key_id);
      ctx.status = 204;
    },
  });
}
