import type { Db } from '../db/open';

/** Records an account can make again and again; each kind is counted over the last 24 hours. */
export type RecordKind = 'commands' | 'batches' | 'presetVersions' | 'files';

/**
 * The creation times of an account's newest records, read through indexes (schema 12) so that
 * a count check costs as much as its limit, not the account's history (docs/sandbox.md, "Limits").
 */
export function createRecordCountsRepo(db: Db) {
  const newest: Record<RecordKind, { get(...params: unknown[]): unknown }> = {
    commands: db.prepare(`SELECT created_at AS at FROM commands WHERE account_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?`),
    batches: db.prepare(`SELECT created_at AS at FROM batches WHERE account_id = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?`),
    presetVersions: db.prepare(`SELECT created_at AS at FROM presets WHERE account_id = ? ORDER BY created_at DESC LIMIT 1 OFFSET ?`),
    files: db.prepare(`SELECT created_at AS at FROM files WHERE account_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?`),
  };
  return {
    /** When the account's (offset + 1)-th newest record of `kind` was made (ISO), if it has that many. */
    nthNewestAt(kind: RecordKind, accountId: string, offset: number): string | undefined {
      const row = newest[kind].get(accountId, offset) as { at: string } | undefined;
      return row?.at;
    },
  };
}
