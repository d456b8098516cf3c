import type { Db } from '../db/open';
import { nowIso } from '../db/time';

export interface PresetRow {
  account_id: string;
  name: string;
  version: number;
  definition_json: string;
  created_at: string;
  deleted_at: string | null;
}

/** Versions are append-only rows; delete marks every version of a name deleted. */
export function createPresetsRepo(db: Db) {
  const latestAll = db.prepare(
    `SELECT p.* FROM presets p WHERE p.account_id = ? AND p.deleted_at IS NULL
       AND p.version = (SELECT MAX(version) FROM presets q WHERE q.account_id = p.account_id AND q.name = p.name) ORDER BY p.name`,
  );
  const latest = db.prepare(`SELECT * FROM presets WHERE account_id = ? AND name = ? AND deleted_at IS NULL ORDER BY version DESC LIMIT 1`);
  const byVersion = db.prepare(`SELECT * FROM presets WHERE account_id = ? AND name = ? AND version = ? AND deleted_at IS NULL`);
  const versions = db.prepare(`SELECT * FROM presets WHERE account_id = ? AND name = ? AND deleted_at IS NULL ORDER BY version`);
  const maxVersion = db.prepare(`SELECT COALESCE(MAX(version), 0) AS v FROM presets WHERE account_id = ? AND name = ?`);
  const insert = db.prepare(`INSERT INTO presets (account_id, name, version, definition_json, created_at) VALUES (?, ?, ?, ?, ?)`);
  const remove = db.prepare(`UPDATE presets SET deleted_at = ? WHERE account_id = ? AND name = ? AND deleted_at IS NULL`);

  return {
    listLatest: (accountId: string) => latestAll.all(accountId) as PresetRow[],
    get: (accountId: string, name: string, version?: number) =>
      (version === undefined ? latest.get(accountId, name) : byVersion.get(accountId, name, version)) as PresetRow | undefined,
    versions: (accountId: string, name: string) => versions.all(accountId, name) as PresetRow[],
    /** Adds the next version (a deleted name starts again after its last number, so old ids never mean two things). */
    addVersion: db.transaction((accountId: string, name: string, definitionJson: string): number => {
      const next = (maxVersion.get(accountId, name) as { v: number }).v + 1;
      insert.run(accountId, name, next, definitionJson, nowIso());
      return next;
    }),
    remove: (accountId: string, name: string): boolean => remove.run(nowIso(), accountId, name).changes > 0,
  };
}

export type PresetsRepo = ReturnType<typeof createPresetsRepo>;
