import type { Db } from '../db/open';
import { nowIso } from '../db/time';

/** A URL-signing secret as the `signing_keys` table keeps it. */
export interface SigningSecret {
  id: string;
  secret: Buffer;
}

/** The `signing_keys` table: the secrets that sign storage URLs (storage/signing.ts), newest first. */
export function createSigningKeysRepo(db: Db) {
  const active = db.prepare(`SELECT id, secret FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, rowid DESC`);
  const insert = db.prepare(`INSERT INTO signing_keys (id, secret, created_at) VALUES (?, ?, ?)`);
  return {
    /** The keys not retired, newest first: the first signs, all verify. */
    active(): SigningSecret[] {
      return active.all() as SigningSecret[];
    },
    add(id: string, secret: Buffer): void {
      insert.run(id, secret, nowIso());
    },
  };
}
