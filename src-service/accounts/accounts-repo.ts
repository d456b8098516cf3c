import type { Plan } from '../contract/enums';
import crypto from 'node:crypto';
import type { Db } from '../db/open';
import { nowIso } from '../db/time';
import { createDbWatch, createReadCache } from '../db/read-cache';
import type { Account, ApiKey } from './account';

/** The `accounts` table as SQLite returns it; `toAccount` maps it. */
interface AccountRow {
  id: string;
  plan: Plan;
  storage_quota_bytes: number | null;
  processing_quota_bytes: number | null;
  max_vcpu: number | null;
  created_at: string;
}

interface ApiKeyRow {
  id: string;
  account_id: string;
  prefix: string;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
}

export function toAccount(r: AccountRow): Account {
  return {
    id: r.id,
    plan: r.plan,
    storageQuotaBytes: r.storage_quota_bytes,
    processingQuotaBytes: r.processing_quota_bytes,
    maxVcpu: r.max_vcpu,
    createdAt: r.created_at,
  };
}

function toApiKey(r: ApiKeyRow): ApiKey {
  return { id: r.id, accountId: r.account_id, prefix: r.prefix, label: r.label, createdAt: r.created_at, revokedAt: r.revoked_at };
}

/** Keys are 32 random bytes, so a plain SHA-256 is a safe one-way store; lookup by hash never compares secrets byte by byte. */
export function hashKey(key: string): string {
  // One-shot hash: every authenticated request pays this, and it is ~4× cheaper than createHash().
  return crypto.hash('sha256', key, 'hex');
}

export function generateKey(): string {
  return `ffd_${crypto.randomBytes(32).toString('base64url')}`;
}

export function createAccountsRepo(db: Db) {
  const insertAccount = db.prepare(
    `INSERT INTO accounts (id, plan, storage_quota_bytes, processing_quota_bytes, max_vcpu, created_at)
     VALUES (@id, @plan, @storage_quota_bytes, @processing_quota_bytes, @max_vcpu, @created_at)`,
  );
  const insertKey = db.prepare(`INSERT INTO api_keys (id, account_id, key_hash, prefix, label, created_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const byKeyHash = db.prepare(`SELECT a.* FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ? AND k.revoked_at IS NULL`);
  const keyIdByHash = db.prepare(`SELECT id FROM api_keys WHERE key_hash = ?`);
  const getAccount = db.prepare(`SELECT * FROM accounts WHERE id = ?`);
  const countAccounts = db.prepare(`SELECT COUNT(*) AS n FROM accounts`);
  const listKeys = db.prepare(`SELECT k.id, k.account_id, k.prefix, k.label, k.created_at, k.revoked_at FROM api_keys k ORDER BY k.created_at`);
  const listAccountKeys = db.prepare(`SELECT id, account_id, prefix, label, created_at, revoked_at FROM api_keys WHERE account_id = ? ORDER BY created_at`);
  const revoke = db.prepare(`UPDATE api_keys SET revoked_at = ? WHERE (id = ? OR prefix = ?) AND revoked_at IS NULL`);
  const revokeOwn = db.prepare(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL`);
  const getLocal = db.prepare(`SELECT account_id FROM local_account WHERE singleton = 1`);
  const setLocal = db.prepare(
    `INSERT INTO local_account (singleton, account_id) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET account_id = excluded.account_id`,
  );
  const keyByHash = db.prepare(`SELECT id, account_id, prefix, label, created_at, revoked_at FROM api_keys WHERE key_hash = ?`);
  const moveKey = db.prepare(`UPDATE api_keys SET account_id = ? WHERE key_hash = ?`);
  // Every request looks its key up: valid keys are remembered until a revoke here, or any commit by another process.
  const keyWatch = createDbWatch(db);
  const accountByKeyHash = createReadCache<Account>(keyWatch);
  const accountByHash = (hash: string): Account | undefined => {
    const cached = accountByKeyHash.get(hash);
    if (cached) return cached;
    const row = byKeyHash.get(hash) as AccountRow | undefined;
    if (!row) return undefined;
    const account = toAccount(row);
    accountByKeyHash.set(hash, account);
    return account;
  };

  return {
    createAccount(plan: Plan, opts: { storageQuotaBytes?: number | null; processingQuotaBytes?: number | null } = {}): Account {
      const row: AccountRow = {
        id: crypto.randomUUID(),
        plan,
        storage_quota_bytes: opts.storageQuotaBytes ?? null,
        processing_quota_bytes: opts.processingQuotaBytes ?? null,
        max_vcpu: null,
        created_at: nowIso(),
      };
      insertAccount.run(row);
      return toAccount(row);
    },
    /** Adds a key to an account; returns the plaintext once (only its hash is stored). */
    addKey(accountId: string, key: string = generateKey(), label: string | null = null): { id: string; key: string } {
      const id = crypto.randomUUID();
      insertKey.run(id, accountId, hashKey(key), key.slice(0, 10), label, nowIso());
      return { id, key };
    },
    findAccountByKey(key: string): Account | undefined {
      return accountByHash(hashKey(key));
    },
    /** The same lookup from the key's hash (hashKey), for a caller that already has it. */
    findAccountByKeyHash: accountByHash,
    hasKey(key: string): boolean {
      return keyIdByHash.get(hashKey(key)) !== undefined;
    },
    /** The local account (the GUI's and the local key's), once the service has chosen it. */
    localAccountId(): string | undefined {
      return (getLocal.get() as { account_id: string } | undefined)?.account_id;
    },
    setLocalAccount(accountId: string): void {
      setLocal.run(accountId);
    },
    /** The key's row (revoked or not), without its hash. */
    findKey(key: string): ApiKey | undefined {
      const row = keyByHash.get(hashKey(key)) as ApiKeyRow | undefined;
      return row && toApiKey(row);
    },
    /** Gives a key to another account (a local key that was attached to the wrong one). */
    moveKey(key: string, accountId: string): void {
      keyWatch.bump();
      moveKey.run(accountId, hashKey(key));
    },
    /** How many accounts there are (the sandbox's `auto` mode asks whether this is a one-account machine). */
    countAccounts(): number {
      return (countAccounts.get() as { n: number }).n;
    },
    getAccount(id: string): Account | undefined {
      const row = getAccount.get(id) as AccountRow | undefined;
      return row && toAccount(row);
    },
    listKeys(accountId?: string): ApiKey[] {
      return ((accountId ? listAccountKeys.all(accountId) : listKeys.all()) as ApiKeyRow[]).map(toApiKey);
    },
    /** Revokes by key id or by the printed prefix; true when a key was revoked. */
    revokeKey(idOrPrefix: string): boolean {
      keyWatch.bump();
      return revoke.run(nowIso(), idOrPrefix, idOrPrefix).changes > 0;
    },
    revokeOwnKey(accountId: string, keyId: string): boolean {
      keyWatch.bump();
      return revokeOwn.run(nowIso(), keyId, accountId).changes > 0;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
