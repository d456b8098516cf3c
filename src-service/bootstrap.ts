import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db/open';
import type { AccountsRepo } from './db/accounts-repo';
import { generateKey } from './db/accounts-repo';
import { nowIso } from './db/time';
import { createKeyring, type Keyring } from './storage/signing';

export const LOCAL_KEY_FILE = 'local-api-key';

/**
 * First start creates the local `pro` account and its key, kept in `<dataDir>/local-api-key`
 * (mode 0600) so the GUI and the CLI can show it; only its hash is in the database.
 * `FFDESK_API_KEY` sets that key instead (decisions: Accounts).
 */
export function ensureLocalAccount(accounts: AccountsRepo, dataDir: string, configuredKey?: string): { accountId: string; key: string } {
  const keyFile = path.join(dataDir, LOCAL_KEY_FILE);
  const existing = accounts.listKeys()[0];
  const accountId = existing?.account_id ?? accounts.createAccount('pro').id;
  let key = configuredKey ?? readKeyFile(keyFile);
  if (!key || !accounts.hasKey(key)) {
    key = key ?? generateKey();
    if (!accounts.hasKey(key)) accounts.addKey(accountId, key, configuredKey ? 'FFDESK_API_KEY' : 'local');
  }
  if (!configuredKey) writeKeyFile(keyFile, key);
  return { accountId: accounts.findAccountByKey(key)?.id ?? accountId, key };
}

function readKeyFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function writeKeyFile(file: string, key: string): void {
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
}

/** Signing keys live in the database; the newest signs, older ones verify until retired (rotation). */
export function loadKeyring(db: Db): Keyring {
  const rows = () => db.prepare(`SELECT id, secret FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, rowid DESC`).all() as { id: string; secret: Buffer }[];
  if (rows().length === 0) rotateSigningKey(db);
  return createKeyring(rows());
}

/** Adds a new signing key; URLs signed with the previous ones keep working until they expire. */
export function rotateSigningKey(db: Db): string {
  const id = crypto.randomBytes(4).toString('hex');
  db.prepare(`INSERT INTO signing_keys (id, secret, created_at) VALUES (?, ?, ?)`).run(id, crypto.randomBytes(32), nowIso());
  return id;
}
