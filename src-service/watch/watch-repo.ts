import type { Db } from '../db/open';
import { nowIso } from '../db/time';

export interface WatchFolderRow {
  id: string;
  account_id: string;
  folder: string;
  output_folder: string;
  preset_name: string;
  preset_version: number | null;
  parameters_json: string;
  move_originals: number;
  use_polling: number;
  poll_interval_ms: number;
  stable_seconds: number;
  created_at: string;
}

export type WatchFileStatus = 'RUNNING' | 'DONE' | 'FAILED';

export interface WatchFileRow {
  id: number;
  watch_id: string;
  path: string;
  size_bytes: number;
  mtime_ms: number;
  sha256: string;
  status: WatchFileStatus;
  command_id: string | null;
  error: string | null;
  outputs_json: string | null;
  created_at: string;
  updated_at: string;
}

/** A watched file is known by path + size + content hash: the same bytes at the same path are never run twice. */
export function createWatchRepo(db: Db) {
  const insertFolder = db.prepare(
    `INSERT INTO watch_folders (id, account_id, folder, output_folder, preset_name, preset_version, parameters_json, move_originals, use_polling, poll_interval_ms, stable_seconds, created_at)
     VALUES (@id, @account_id, @folder, @output_folder, @preset_name, @preset_version, @parameters_json, @move_originals, @use_polling, @poll_interval_ms, @stable_seconds, @created_at)`,
  );
  const all = db.prepare(`SELECT * FROM watch_folders ORDER BY created_at, rowid`);
  const byAccount = db.prepare(`SELECT * FROM watch_folders WHERE account_id = ? ORDER BY created_at, rowid`);
  const get = db.prepare(`SELECT * FROM watch_folders WHERE id = ? AND account_id = ?`);
  const remove = db.prepare(`DELETE FROM watch_folders WHERE id = ? AND account_id = ?`);
  const byIdentity = db.prepare(`SELECT * FROM watch_files WHERE watch_id = ? AND path = ? AND size_bytes = ? AND sha256 = ?`);
  const byStat = db.prepare(`SELECT * FROM watch_files WHERE watch_id = ? AND path = ? AND size_bytes = ? AND mtime_ms = ? LIMIT 1`);
  const insertFile = db.prepare(
    `INSERT OR IGNORE INTO watch_files (watch_id, path, size_bytes, mtime_ms, sha256, status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'RUNNING', ?, ?)`,
  );
  const setCommand = db.prepare(`UPDATE watch_files SET command_id = ?, updated_at = ? WHERE id = ?`);
  const finish = db.prepare(`UPDATE watch_files SET status = ?, error = ?, outputs_json = ?, updated_at = ? WHERE id = ? AND status = 'RUNNING'`);
  const running = db.prepare(`SELECT * FROM watch_files WHERE watch_id = ? AND status = 'RUNNING'`);
  const forget = db.prepare(`DELETE FROM watch_files WHERE id = ?`);
  const recent = db.prepare(`SELECT * FROM watch_files WHERE watch_id = ? ORDER BY id DESC LIMIT ?`);
  const counts = db.prepare(`SELECT status, COUNT(*) AS n FROM watch_files WHERE watch_id = ? GROUP BY status`);

  return {
    insertFolder: (row: Omit<WatchFolderRow, 'created_at'>) => void insertFolder.run({ ...row, created_at: nowIso() }),
    allFolders: () => all.all() as WatchFolderRow[],
    folders: (accountId: string) => byAccount.all(accountId) as WatchFolderRow[],
    folder: (accountId: string, id: string) => get.get(id, accountId) as WatchFolderRow | undefined,
    removeFolder: (accountId: string, id: string): boolean => remove.run(id, accountId).changes === 1,
    known: (watchId: string, p: string, size: number, sha: string) => byIdentity.get(watchId, p, size, sha) as WatchFileRow | undefined,
    /** Same path, size and mtime as a file already seen: no need to hash it again to know it. */
    seenUnchanged: (watchId: string, p: string, size: number, mtimeMs: number) => byStat.get(watchId, p, size, mtimeMs) as WatchFileRow | undefined,
    /** Claims a file; null when another pass claimed the same identity first. */
    claim(watchId: string, p: string, size: number, mtimeMs: number, sha: string): number | null {
      const now = nowIso();
      const r = insertFile.run(watchId, p, size, mtimeMs, sha, now, now);
      return r.changes === 1 ? Number(r.lastInsertRowid) : null;
    },
    setCommand: (id: number, commandId: string) => void setCommand.run(commandId, nowIso(), id),
    finish: (id: number, status: 'DONE' | 'FAILED', error: string | null, outputs: string[]) =>
      void finish.run(status, error, JSON.stringify(outputs), nowIso(), id),
    running: (watchId: string) => running.all(watchId) as WatchFileRow[],
    forget: (id: number) => void forget.run(id),
    recent: (watchId: string, limit: number) => recent.all(watchId, limit) as WatchFileRow[],
    counts(watchId: string): Record<WatchFileStatus, number> {
      const out: Record<WatchFileStatus, number> = { RUNNING: 0, DONE: 0, FAILED: 0 };
      for (const r of counts.all(watchId) as { status: WatchFileStatus; n: number }[]) out[r.status] = r.n;
      return out;
    },
  };
}

export type WatchRepo = ReturnType<typeof createWatchRepo>;
