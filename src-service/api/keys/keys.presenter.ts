import type { z } from 'zod';
import type { ApiKey } from '../../accounts/account';
import type { Plan } from '../../contract/enums';
import type { ApiKeyItem, CreatedKey } from '../../contract/keys.schema';

/** One key of the caller's account on the wire (`/v1/keys`); the secret itself is never stored. */
export function presentKey(k: ApiKey, plan: Plan, currentKeyId: string | undefined): z.input<typeof ApiKeyItem> {
  return { key_id: k.id, prefix: k.prefix, label: k.label, plan, created_at: k.createdAt, revoked_at: k.revokedAt, is_current: k.id === currentKeyId };
}

/** A key just made: the only answer that carries the key itself. */
export function presentCreatedKey(k: ApiKey, key: string, plan: Plan): z.input<typeof CreatedKey> {
  return { key_id: k.id, key, prefix: k.prefix, label: k.label, plan, created_at: k.createdAt, revoked_at: null };
}
