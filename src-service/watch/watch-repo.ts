import type { Db } from '../db/open';
import { nowIso } from '../db/time';
import { WatchFolderRecord } from '../contract/watch.schema';
import type { NewWatchFolder, WatchFile, WatchFileStatus, WatchFolder } from './watched';

/** The `watch_folders` table as SQLite returns it; it never leaves this file (`toWatchFolder` maps it). */
interface WatchFolderRow {
  id: string;
  account_id: string;
  folder: string;
  output_folder: string;
  preset_name: string;
  preset_version: number | null;
  parameters_json: string;
  extensions_json: string | null;
  move_originals: number;
  use_polling: number;
  poll_interval_ms: number;
  stable_seconds: number;
  max_run_seconds: number | null;
  created_at: string;
}

/** The `watch_files` table as SQLite returns it; it never leaves this file (`toWatchFile` maps it). */
interface WatchFileRow {
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

const toWatchFolder = (r: WatchFolderRow): WatchFolder => ({
  id: r.id,
  accountId: r.account_id,
  folder: r.folder,
  outputFolder: r.output_folder,
  presetName: r.preset_name,
  presetVersion: r.preset_version,
  parameters: WatchFolderRecord.shape.parameters.parse(JSON.parse(r.parameters_json)),
  extensions: r.extensions_json === null ? null : WatchFolderRecord.shape.extensions.parse(JSON.parse(r.extensions_json)),
  moveOriginals: r.move_originals === 1,
  usePolling: r.use_polling === 1,
  pollIntervalMs: r.poll_interval_ms,
  stableSeconds: r.stable_seconds,
  maxRunSeconds: r.max_run_seconds,
  createdAt: r.created_at,
});

const toWatchFile = (r: WatchFileRow): WatchFile => ({
  id: r.id,
  watchId: r.watch_id,
  path: r.path,
  sizeBytes: r.size_bytes,
  mtimeMs: r.mtime_ms,
  sha256: r.sha256,
  status: r.status,
  commandId: r.command_id,
  error: r.error,
  outputs: r.outputs_json ? (JSON.parse(r.outputs_json) as string[]) : [],
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const oneFile = (r: unknown): WatchFile | undefined => (r === undefined ? undefined : toWatchFile(r as WatchFileRow));
const allFiles = (rs: unknown[]): WatchFile[] => (rs as WatchFileRow[]).map(toWatchFile);

/** A watched file is known by path + size + content hash: the same bytes at the same path are never run twice. */
export function createWatchRepo(db: Db) {
  const insertFolder = db.prepare(
    `INSERT INTO watch_folders (id, account_id, folder, output_folder, preset_name, preset_version, parameters_json, extensions_json, move_originals, use_polling, poll_interval_ms, stable_seconds, max_run_seconds, created_at)
     VALUES (@id, @account_id, @folder, @output_folder, @preset_name, @preset_version, @parameters_json, @extensions_json, @move_originals, @use_polling, @poll_interval_ms, @stable_seconds, @max_run_seconds, @created_at)`,
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
    insertFolder: (f: NewWatchFolder) =>
      void insertFolder.run({
        id: f.id,
        account_id: f.accountId,
        folder: f.folder,
        output_folder: f.outputFolder,
        preset_name: f.presetName,
        preset_version: f.presetVersion,
        parameters_json: JSON.stringify(f.parameters),
        extensions_json: f.extensions === null ? null : JSON.stringify(f.extensions),
        move_originals: f.moveOriginals ? 1 : 0,
        use_polling: f.usePolling ? 1 : 0,
        poll_interval_ms: f.pollIntervalMs,
        stable_seconds: f.stableSeconds,
        max_run_seconds: f.maxRunSeconds,
        created_at: nowIso(),
      }),
    allFolders: (): WatchFolder[] => (all.all() as WatchFolderRow[]).map(toWatchFolder),
    folders: (accountId: string): WatchFolder[] => (byAccount.all(accountId) as WatchFolderRow[]).map(toWatchFolder),
    folder: (accountId: string, id: string): WatchFolder | undefined => {
      const row = get.get(id, accountId) as WatchFolderRow | undefined;
      return row && toWatchFolder(row);
    },
    removeFolder: (accountId: string, id: string): boolean => remove.run(id, accountId).changes === 1,
    known: (watchId: string, p: string, size: number, sha: string) => oneFile(byIdentity.get(watchId, p, size, sha)),
    /** Same path, size and mtime as a file already seen: no need to hash it again to know it. */
    seenUnchanged: (watchId: string, p: string, size: number, mtimeMs: number) => oneFile(byStat.get(watchId, p, size, mtimeMs)),
    /** Claims a file; null when another pass claimed the same identity first. */
    claim(watchId: string, p: string, size: number, mtimeMs: number, sha: string): number | null {
      const now = nowIso();
      const r = insertFile.run(watchId, p, size, mtimeMs, sha, now, now);
      return r.changes === 1 ? Number(r.lastInsertRowid) : null;
    },
    setCommand: (id: number, commandId: string) => void setCommand.run(commandId, nowIso(), id),
    finish: (id: number, status: 'DONE' | 'FAILED', error: string | null, outputs: string[]) =>
      void finish.run(status, error, JSON.stringify(outputs), nowIso(), id),
    running: (watchId: string) => allFiles(running.all(watchId)),
    forget: (id: number) => void forget.run(id),
    recent: (watchId: string, limit: number) => allFiles(recent.all(watchId, limit)),
    counts(watchId: string): Record<WatchFileStatus, number> {
      const out: Record<WatchFileStatus, number> = { RUNNING: 0, DONE: 0, FAILED: 0 };
      for (const r of counts.all(watchId) as { status: WatchFileStatus; n: number }[]) out[r.status] = r.n;
      return out;
    },
  };
}

export type WatchRepo = ReturnType<typeof createWatchRepo>;
