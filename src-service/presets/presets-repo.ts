import type { Db } from '../db/open';
import { nowIso } from '../db/time';
import type { PresetDefinition } from '../contract/preset-definition';
import type { StoredPreset } from './stored-preset';

/** The `presets` table as SQLite returns it; it never leaves this file (`toStoredPreset` maps it). */
interface PresetRow {
  account_id: string;
  name: string;
  version: number;
  definition_json: string;
  created_at: string;
  deleted_at: string | null;
}

/**
 * The definition was checked against its schema when it was saved; it is only JSON-parsed
 * here, so a version saved under an older, looser schema still lists and exports as it was
 * instead of failing every read of the account's presets.
 */
const toStoredPreset = (r: PresetRow): StoredPreset => ({
  accountId: r.account_id,
  name: r.name,
  version: r.version,
  definition: JSON.parse(r.definition_json) as PresetDefinition,
  createdAt: r.created_at,
  deletedAt: r.deleted_at,
});

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
    listLatest: (accountId: string): StoredPreset[] => (latestAll.all(accountId) as PresetRow[]).map(toStoredPreset),
    get: (accountId: string, name: string, version?: number): StoredPreset | undefined => {
      const row = (version === undefined ? latest.get(accountId, name) : byVersion.get(accountId, name, version)) as PresetRow | undefined;
      return row && toStoredPreset(row);
    },
    versions: (accountId: string, name: string): StoredPreset[] => (versions.all(accountId, name) as PresetRow[]).map(toStoredPreset),
    /** Adds the next version (a deleted name starts again after its last number, so old ids never mean two things). */
    addVersion: db.transaction((accountId: string, name: string, definition: PresetDefinition): number => {
      const next = (maxVersion.get(accountId, name) as { v: number }).v + 1;
      insert.run(accountId, name, next, JSON.stringify(definition), nowIso());
      return next;
    }),
    remove: (accountId: string, name: string): boolean => remove.run(nowIso(), accountId, name).changes > 0,
  };
}

export type PresetsRepo = ReturnType<typeof createPresetsRepo>;
