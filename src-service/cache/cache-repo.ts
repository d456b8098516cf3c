import type { Db } from '../db/open';
import { nowIso } from '../db/time';

/** An account's result cache in numbers; the presenter (api/cache/cache.presenter.ts) writes the wire record. */
export interface CacheStats {
  entries: number;
  /** Bytes of the stored outputs the entries point at (shared with those files, not extra). */
  sizeBytes: number;
  lookups: number;
  hits: number;
}

/** Entries point at a finished command whose outputs they reuse; they hold no bytes of their own. */
export function createCacheRepo(db: Db) {
  const find = db.prepare(`SELECT command_id FROM cache_entries WHERE account_id = ? AND cache_key = ?`);
  const upsert = db.prepare(
    `INSERT INTO cache_entries (account_id, cache_key, command_id, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, cache_key) DO UPDATE SET command_id = excluded.command_id, created_at = excluded.created_at, hits = 0`,
  );
  const forget = db.prepare(`DELETE FROM cache_entries WHERE account_id = ? AND cache_key = ?`);
  const clear = db.prepare(`DELETE FROM cache_entries WHERE account_id = ?`);
  const clearCounters = db.prepare(`DELETE FROM cache_counters WHERE account_id = ?`);
  const hit = db.prepare(`UPDATE cache_entries SET hits = hits + 1 WHERE account_id = ? AND cache_key = ?`);
  const count = db.prepare(
    `INSERT INTO cache_counters (account_id, lookups, hits) VALUES (?, 1, ?)
     ON CONFLICT (account_id) DO UPDATE SET lookups = lookups + 1, hits = hits + excluded.hits`,
  );
  const counters = db.prepare(`SELECT lookups, hits FROM cache_counters WHERE account_id = ?`);
  const sizes = db.prepare(
    `SELECT COUNT(DISTINCT e.cache_key) AS entries, COALESCE(SUM(COALESCE(f.size_compressed_bytes, f.size_bytes, 0)), 0) AS size_bytes
     FROM cache_entries e LEFT JOIN files f ON f.command_id = e.command_id AND f.is_deleted = 0 WHERE e.account_id = ?`,
  );
  const setOrigin = db.prepare(`UPDATE commands SET cached_from_command_id = ? WHERE id = ?`);
  const getHash = db.prepare(`SELECT sha256 FROM blob_hashes WHERE blob_key = ?`);
  const putHash = db.prepare(`INSERT OR REPLACE INTO blob_hashes (blob_key, sha256) VALUES (?, ?)`);

  return {
    find: (accountId: string, key: string) => (find.get(accountId, key) as { command_id: string } | undefined)?.command_id,
    remember: (accountId: string, key: string, commandId: string) => void upsert.run(accountId, key, commandId, nowIso()),
    forget: (accountId: string, key: string) => void forget.run(accountId, key),
    countLookup(accountId: string, key: string, isHit: boolean): void {
      count.run(accountId, isHit ? 1 : 0);
      if (isHit) hit.run(accountId, key);
    },
    markCachedFrom: (commandId: string, fromCommandId: string) => void setOrigin.run(fromCommandId, commandId),
    clear: db.transaction((accountId: string) => {
      clear.run(accountId);
      clearCounters.run(accountId);
    }),
    stats(accountId: string): CacheStats {
      const s = sizes.get(accountId) as { entries: number; size_bytes: number };
      const c = (counters.get(accountId) as { lookups: number; hits: number } | undefined) ?? { lookups: 0, hits: 0 };
      return { entries: s.entries, sizeBytes: s.size_bytes, lookups: c.lookups, hits: c.hits };
    },
    blobHash: (blobKey: string) => (getHash.get(blobKey) as { sha256: string } | undefined)?.sha256,
    rememberBlobHash: (blobKey: string, sha256: string) => void putHash.run(blobKey, sha256),
  };
}

export type CacheRepo = ReturnType<typeof createCacheRepo>;
