import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/open';
import type { AccountsRepo } from '../accounts/accounts-repo';
import { nowIso } from '../db/time';
import { createKeyring, type Keyring } from '../storage/signing';

export const LOCAL_KEY_FILE = 'local-api-key';

/** Labels of the keys the service itself makes (the local key, FFDESK_API_KEY's). */
const SERVICE_KEY_LABELS = new Set(['local', 'FFDESK_API_KEY']);

/**
 * The local account is a `pro` account the service creates on first start and remembers
 * (never "the account of the oldest key": `keys create --plan trial` may run before the first
 * start). Its key is kept in `<dataDir>/local-api-key` (mode 0600) so the GUI and the CLI can
 * show it; only its hash is in the database. `FFDESK_API_KEY` sets that key instead. Whatever
 * the CLI did first, both keys belong to the local account.
 */
export function ensureLocalAccount(accounts: AccountsRepo, dataDir: string, configuredKey?: string): { accountId: string; key: string } {
  const keyFile = path.join(dataDir, LOCAL_KEY_FILE);
  const accountId = localAccountId(accounts);
  const key = attachLocalKey(accounts, accountId, configuredKey ?? readKeyFile(keyFile), configuredKey !== undefined);
  if (!configuredKey) writeKeyFile(keyFile, key);
  return { accountId, key };
}

function localAccountId(accounts: AccountsRepo): string {
  const known = accounts.localAccountId();
  if (known) return known;
  // A data dir from before the local account was recorded: the pro account holding a key the service made.
  const adopted = accounts.listKeys().find((k) => SERVICE_KEY_LABELS.has(k.label ?? '') && accounts.getAccount(k.accountId)?.plan === 'pro');
  const id = adopted?.accountId ?? accounts.createAccount('pro').id;
  accounts.setLocalAccount(id);
  return id;
}

/** Returns the local key, attached to the local account (a new one when there is none usable). */
function attachLocalKey(accounts: AccountsRepo, accountId: string, key: string | undefined, configured: boolean): string {
  const label = configured ? 'FFDESK_API_KEY' : 'local';
  const row = key ? accounts.findKey(key) : undefined;
  if (key && !row) return accounts.addKey(accountId, key, label).key;
  if (!key || !row || (!configured && row.revokedAt)) return accounts.addKey(accountId, undefined, label).key;
  if (row.accountId === accountId) return key;
  // A key the service made earlier, attached to whichever account came first: it is the local one's.
  if (SERVICE_KEY_LABELS.has(row.label ?? '')) {
    accounts.moveKey(key, accountId);
    return key;
  }
  if (configured)
    throw new Error(
      `FFDESK_API_KEY is the key ${row.id} of another account (made with \`keys create\`); the local key must be the local account's: unset it or choose a new value`,
    );
  return accounts.addKey(accountId, undefined, label).key;
}

/** The key file's text, or undefined when there is none (or it is empty). */
export function readKeyFile(file: string): string | undefined {
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
  const rows = () =>
    db.prepare(`SELECT id, secret FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, rowid DESC`).all() as { id: string; secret: Buffer }[];
  if (rows().length === 0) rotateSigningKey(db);
  return createKeyring(rows());
}

/** Adds a new signing key; URLs signed with the previous ones keep working until they expire. */
export function rotateSigningKey(db: Db): string {
  const id = crypto.randomBytes(4).toString('hex');
  db.prepare(`INSERT INTO signing_keys (id, secret, created_at) VALUES (?, ?, ?)`).run(id, crypto.randomBytes(32), nowIso());
  return id;
}
