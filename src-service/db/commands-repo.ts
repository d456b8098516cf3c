import type { Db } from './open';
import type { CommandStatus } from '../commands/state';
import { nowIso } from './time';

export interface CommandRow {
  seq: number;
  id: string;
  account_id: string;
  status: CommandStatus;
  command_type: 'FFMPEG_COMMAND' | 'FFMPEG_CHAINED_COMMANDS';
  request_json: string;
  vcpu_count: number;
  max_run_seconds: number;
  is_private: number;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  total_processing_seconds: number | null;
  ffmpeg_command_run_seconds: number | null;
  processing_bytes: number;
  error_status: string | null;
  error_message: string | null;
  progress_json: string | null;
  log: string | null;
  /** Given by the client (FFDesk); null when none was given. */
  name: string | null;
  /** Set when a result-cache hit reused this command's outputs (migration 6). */
  cached_from_command_id?: string | null;
}

export type NewCommand = Pick<
  CommandRow,
  'id' | 'account_id' | 'command_type' | 'request_json' | 'vcpu_count' | 'max_run_seconds' | 'is_private'
> & { name?: string | null };

export interface Failure {
  error_status: string;
  error_message: string;
  total_processing_seconds?: number | null;
  ffmpeg_command_run_seconds?: number | null;
  log?: string | null;
}

/** Every status write is one statement guarded by the expected current status (conventions rule 4). */
export function createCommandsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO commands (id, account_id, status, command_type, request_json, vcpu_count, max_run_seconds, is_private, created_at, name)
     VALUES (@id, @account_id, 'QUEUED', @command_type, @request_json, @vcpu_count, @max_run_seconds, @is_private, @created_at, @name)`,
  );
  const get = db.prepare(`SELECT * FROM commands WHERE id = ? AND account_id = ?`);
  const getAny = db.prepare(`SELECT * FROM commands WHERE id = ?`);
  const list = db.prepare(`SELECT * FROM commands WHERE account_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?`);
  // Search: the name, the request (command text, input URLs) and output file names. LIKE on
  // a scan of the account's commands: fine for a desktop history, and no index to keep.
  const search = db.prepare(
    `SELECT * FROM commands c WHERE c.account_id = @account AND (
       c.name LIKE @pattern ESCAPE '\\' OR c.request_json LIKE @pattern ESCAPE '\\' OR c.id LIKE @pattern ESCAPE '\\'
       OR EXISTS (SELECT 1 FROM files f WHERE f.command_id = c.id AND f.filename LIKE @pattern ESCAPE '\\'))
     ORDER BY c.seq DESC LIMIT @limit OFFSET @offset`,
  );
  const rename = db.prepare(`UPDATE commands SET name = ? WHERE id = ? AND account_id = ?`);
  const queued = db.prepare(`SELECT * FROM commands WHERE status = 'QUEUED' ORDER BY seq LIMIT ?`);
  const queueHeads = db.prepare(
    `SELECT * FROM commands WHERE seq IN (SELECT MIN(seq) FROM commands WHERE status = 'QUEUED' GROUP BY account_id) ORDER BY seq`,
  );
  const start = db.prepare(
    `UPDATE commands SET status = 'PROCESSING', started_at = ?, attempts = attempts + 1, progress_json = NULL
     WHERE id = ? AND status = 'QUEUED'`,
  );
  const succeed = db.prepare(
    `UPDATE commands SET status = 'SUCCESS', finished_at = ?, total_processing_seconds = ?, ffmpeg_command_run_seconds = ?,
       processing_bytes = ?, log = ?, progress_json = NULL WHERE id = ? AND status = 'PROCESSING'`,
  );
  const fail = db.prepare(
    `UPDATE commands SET status = 'FAILED', finished_at = ?, error_status = ?, error_message = ?,
       total_processing_seconds = COALESCE(?, total_processing_seconds),
       ffmpeg_command_run_seconds = COALESCE(?, ffmpeg_command_run_seconds), log = COALESCE(?, log), progress_json = NULL
     WHERE id = ? AND status = ?`,
  );
  const progress = db.prepare(`UPDATE commands SET progress_json = ? WHERE id = ? AND status = 'PROCESSING'`);
  const stuck = db.prepare(`SELECT * FROM commands WHERE status = 'PROCESSING'`);
  const requeue = db.prepare(`UPDATE commands SET status = 'QUEUED', progress_json = NULL WHERE id = ? AND status = 'PROCESSING'`);
  const processingUsed = db.prepare(`SELECT COALESCE(SUM(processing_bytes), 0) AS n FROM commands WHERE account_id = ?`);

  return {
    insert(c: NewCommand): void {
      insert.run({ name: null, ...c, created_at: nowIso() });
    },
    /** Commands whose name, request or output file names contain `text` (case-insensitive for ASCII). */
    search: (accountId: string, text: string, limit: number, offset: number) =>
      search.all({ account: accountId, pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit, offset }) as CommandRow[],
    rename: (accountId: string, id: string, name: string | null): boolean => rename.run(name, id, accountId).changes === 1,
    get: (accountId: string, id: string) => get.get(id, accountId) as CommandRow | undefined,
    getAny: (id: string) => getAny.get(id) as CommandRow | undefined,
    list: (accountId: string, limit: number, offset: number) => list.all(accountId, limit, offset) as CommandRow[],
    nextQueued: (limit: number) => queued.all(limit) as CommandRow[],
    /** Each account's oldest queued command, oldest first. */
    queueHeads: () => queueHeads.all() as CommandRow[],
    markProcessing: (id: string): boolean => start.run(nowIso(), id).changes === 1,
    markSuccess(id: string, r: { total: number; ffmpeg: number; processingBytes: number; log: string }): boolean {
      return succeed.run(nowIso(), r.total, r.ffmpeg, r.processingBytes, r.log, id).changes === 1;
    },
    markFailed(id: string, from: CommandStatus, f: Failure): boolean {
      const r = fail.run(
        nowIso(), f.error_status, f.error_message, f.total_processing_seconds ?? null,
        f.ffmpeg_command_run_seconds ?? null, f.log ?? null, id, from,
      );
      return r.changes === 1;
    },
    setProgress: (id: string, p: unknown) => progress.run(JSON.stringify(p), id),
    findProcessing: () => stuck.all() as CommandRow[],
    requeue: (id: string): boolean => requeue.run(id).changes === 1,
    processingUsedBytes: (accountId: string) => (processingUsed.get(accountId) as { n: number }).n,
  };
}

export type CommandsRepo = ReturnType<typeof createCommandsRepo>;
