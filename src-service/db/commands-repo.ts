import type { Db } from './open';
import { canTransition, isFinal, type CommandStatus } from '../jobs/state';
import { IllegalTransitionError } from '../errors';
import { nowIso } from './time';
import { createStatusWriter } from './status-writer';

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

export type NewCommand = Pick<CommandRow, 'id' | 'account_id' | 'command_type' | 'request_json' | 'vcpu_count' | 'max_run_seconds' | 'is_private'> & {
  name?: string | null;
};

export interface Failure {
  error_status: string;
  error_message: string;
  total_processing_seconds?: number | null;
  ffmpeg_command_run_seconds?: number | null;
  log?: string | null;
}

/** Columns a transition sets besides `status`; absent or null leaves the column as it is. */
export interface TransitionFields {
  started_at?: string;
  /** Counts one more attempt (`attempts + 1`). */
  newAttempt?: boolean;
  total_processing_seconds?: number | null;
  ffmpeg_command_run_seconds?: number | null;
  processing_bytes?: number;
  log?: string | null;
  error_status?: string;
  error_message?: string;
}

const FIELD_COLUMNS = [
  'started_at',
  'total_processing_seconds',
  'ffmpeg_command_run_seconds',
  'processing_bytes',
  'log',
  'error_status',
  'error_message',
] as const;

/**
 * Every status write goes through `transition`: checked against the state table
 * (jobs/state.ts), then one statement guarded by the expected current status
 * (conventions rule 4), so two writers racing on a command cannot both win.
 */
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
  const queueHeads = db.prepare(`SELECT * FROM commands WHERE seq IN (SELECT MIN(seq) FROM commands WHERE status = 'QUEUED' GROUP BY account_id) ORDER BY seq`);
  const progress = db.prepare(`UPDATE commands SET progress_json = ? WHERE id = ? AND status = 'PROCESSING'`);
  const stuck = db.prepare(`SELECT * FROM commands WHERE status = 'PROCESSING'`);
  const write = createStatusWriter(db, 'commands', [...FIELD_COLUMNS, 'finished_at']);

  /** `from` -> `to` when the command is still `from` (false when it is not); progress is cleared, a final state stamps `finished_at`. */
  function transition(id: string, from: CommandStatus, to: CommandStatus, fields: TransitionFields = {}): boolean {
    if (!canTransition(from, to)) throw new IllegalTransitionError('command', from, to);
    // Null leaves a column as it is: a failure that brings no log keeps the one recorded so far.
    const columns: Record<string, unknown> = Object.fromEntries(FIELD_COLUMNS.map((c) => [c, fields[c] ?? undefined]));
    if (isFinal(to)) columns.finished_at = nowIso();
    const expressions = ['progress_json = NULL', ...(fields.newAttempt ? ['attempts = attempts + 1'] : [])];
    return write({ id, from, to, columns, expressions });
  }

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
    transition,
    markProcessing: (id: string): boolean => transition(id, 'QUEUED', 'PROCESSING', { started_at: nowIso(), newAttempt: true }),
    /** A scale-out worker takes over a command whose worker stopped: a new attempt, still PROCESSING. */
    takeOver: (id: string): boolean => transition(id, 'PROCESSING', 'PROCESSING', { started_at: nowIso(), newAttempt: true }),
    markSuccess(id: string, r: { total: number; ffmpeg: number; processingBytes: number; log: string }): boolean {
      return transition(id, 'PROCESSING', 'SUCCESS', {
        total_processing_seconds: r.total,
        ffmpeg_command_run_seconds: r.ffmpeg,
        processing_bytes: r.processingBytes,
        log: r.log,
      });
    },
    markFailed: (id: string, from: CommandStatus, f: Failure): boolean => transition(id, from, 'FAILED', f),
    setProgress: (id: string, p: unknown) => progress.run(JSON.stringify(p), id),
    findProcessing: () => stuck.all() as CommandRow[],
    requeue: (id: string): boolean => transition(id, 'PROCESSING', 'QUEUED'),
    processingUsedBytes: (accountId: string) => (processingUsed.get(accountId) as { n: number }).n,
  };
}

export type CommandsRepo = ReturnType<typeof createCommandsRepo>;
