import type { Db } from '../db/open';
import { canTransition, isFinal, type CommandStatus } from './state';
import { IllegalTransitionError } from '../errors';
import { nowIso } from '../db/time';
import { createStatusWriter } from '../db/status-writer';
import type { CommandErrorStatus, CommandType } from '../contract/enums';
import { Progress } from '../contract/events.schema';
import type { EditResult } from '../contract/edits.schema';
import type { Command, CommandProgress, Failure, NewCommand, SegmentedState, StoredRequest } from './command';

export type { Command, Failure, NewCommand };

/** The `commands` table as SQLite returns it; it never leaves this file (`toCommand` maps it). */
interface CommandRow {
  seq: number;
  id: string;
  account_id: string;
  status: CommandStatus;
  command_type: CommandType;
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
  name: string | null;
  /** Added by migration 6. */
  cached_from_command_id?: string | null;
  /** Added by migration 8. */
  edit_json?: string | null;
  /** Added by migration 9. */
  segments_json?: string | null;
}

/** Columns a transition sets besides `status`; absent or null leaves the column as it is. */
export interface TransitionFields {
  startedAt?: string;
  /** Counts one more attempt (`attempts + 1`). */
  newAttempt?: boolean;
  totalProcessingSeconds?: number | null;
  ffmpegCommandRunSeconds?: number | null;
  processingBytes?: number;
  log?: string | null;
  errorStatus?: string;
  errorMessage?: string;
}

/**
 * The row as the domain sees it. The request is parsed here once but not re-validated: the
 * stored text is what the schema accepted at submit time, and `original_request` echoes it
 * as it was (re-parsing could reject what an older version accepted, or change it).
 */
export function toCommand(r: CommandRow): Command {
  return {
    seq: r.seq,
    id: r.id,
    accountId: r.account_id,
    status: r.status,
    commandType: r.command_type,
    request: JSON.parse(r.request_json) as StoredRequest,
    vcpuCount: r.vcpu_count,
    maxRunSeconds: r.max_run_seconds,
    isPrivate: r.is_private === 1,
    attempts: r.attempts,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    totalProcessingSeconds: r.total_processing_seconds,
    ffmpegCommandRunSeconds: r.ffmpeg_command_run_seconds,
    processingBytes: r.processing_bytes,
    // Written only from the enum (Failure.errorStatus), so the column holds nothing else.
    errorStatus: r.error_status as CommandErrorStatus | null,
    errorMessage: r.error_message,
    progress: parseProgress(r.progress_json),
    log: r.log,
    name: r.name,
    cachedFromCommandId: r.cached_from_command_id ?? null,
    edit: r.edit_json ? (JSON.parse(r.edit_json) as EditResult) : null,
    segmented: r.segments_json ? (JSON.parse(r.segments_json) as SegmentedState) : null,
  };
}

/**
 * Progress is written by the runner only; a value that does not match its schema is shown as
 * none. The stored object itself is kept (not the schema's copy) so its key order on the wire
 * stays as the runner wrote it.
 */
function parseProgress(json: string | null): CommandProgress | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  return Progress.safeParse(value).success ? (value as CommandProgress) : null;
}

const one = (r: unknown): Command | undefined => (r === undefined ? undefined : toCommand(r as CommandRow));
const all = (rs: unknown[]): Command[] => (rs as CommandRow[]).map(toCommand);

/** Each transition field and the column it writes. */
const FIELD_COLUMNS = {
  startedAt: 'started_at',
  totalProcessingSeconds: 'total_processing_seconds',
  ffmpegCommandRunSeconds: 'ffmpeg_command_run_seconds',
  processingBytes: 'processing_bytes',
  log: 'log',
  errorStatus: 'error_status',
  errorMessage: 'error_message',
} as const satisfies Partial<Record<keyof TransitionFields, string>>;

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
  const write = createStatusWriter(db, 'commands', [...Object.values(FIELD_COLUMNS), 'finished_at']);

  /** `from` -> `to` when the command is still `from` (false when it is not); progress is cleared, a final state stamps `finished_at`. */
  function transition(id: string, from: CommandStatus, to: CommandStatus, fields: TransitionFields = {}): boolean {
    if (!canTransition(from, to)) throw new IllegalTransitionError('command', from, to);
    // Null leaves a column as it is: a failure that brings no log keeps the one recorded so far.
    const columns: Record<string, unknown> = Object.fromEntries(
      Object.entries(FIELD_COLUMNS).map(([f, c]) => [c, fields[f as keyof typeof FIELD_COLUMNS] ?? undefined]),
    );
    if (isFinal(to)) columns.finished_at = nowIso();
    const expressions = ['progress_json = NULL', ...(fields.newAttempt ? ['attempts = attempts + 1'] : [])];
    return write({ id, from, to, columns, expressions });
  }

  const setEdit = db.prepare(`UPDATE commands SET edit_json = ? WHERE id = ?`);
  const setSegments = db.prepare(`UPDATE commands SET segments_json = ? WHERE id = ?`);
  const processingUsed = db.prepare(`SELECT COALESCE(SUM(processing_bytes), 0) AS n FROM commands WHERE account_id = ?`);

  return {
    insert(c: NewCommand): void {
      insert.run({
        id: c.id,
        account_id: c.accountId,
        command_type: c.commandType,
        request_json: JSON.stringify(c.request),
        vcpu_count: c.vcpuCount,
        max_run_seconds: c.maxRunSeconds,
        is_private: c.isPrivate ? 1 : 0,
        name: c.name ?? null,
        created_at: nowIso(),
      });
    },
    /** Commands whose name, request or output file names contain `text` (case-insensitive for ASCII). */
    search: (accountId: string, text: string, limit: number, offset: number) =>
      all(search.all({ account: accountId, pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit, offset })),
    rename: (accountId: string, id: string, name: string | null): boolean => rename.run(name, id, accountId).changes === 1,
    get: (accountId: string, id: string) => one(get.get(id, accountId)),
    getAny: (id: string) => one(getAny.get(id)),
    list: (accountId: string, limit: number, offset: number) => all(list.all(accountId, limit, offset)),
    nextQueued: (limit: number) => all(queued.all(limit)),
    /** Each account's oldest queued command, oldest first. */
    queueHeads: () => all(queueHeads.all()),
    transition,
    markProcessing: (id: string): boolean => transition(id, 'QUEUED', 'PROCESSING', { startedAt: nowIso(), newAttempt: true }),
    /** A scale-out worker takes over a command whose worker stopped: a new attempt, still PROCESSING. */
    takeOver: (id: string): boolean => transition(id, 'PROCESSING', 'PROCESSING', { startedAt: nowIso(), newAttempt: true }),
    markSuccess(id: string, r: { total: number; ffmpeg: number; processingBytes: number; log: string }): boolean {
      return transition(id, 'PROCESSING', 'SUCCESS', {
        totalProcessingSeconds: r.total,
        ffmpegCommandRunSeconds: r.ffmpeg,
        processingBytes: r.processingBytes,
        log: r.log,
      });
    },
    markFailed: (id: string, from: CommandStatus, f: Failure): boolean => transition(id, from, 'FAILED', f),
    setProgress: (id: string, p: CommandProgress) => progress.run(JSON.stringify(p), id),
    /** How an edit's cut was planned (POST /v1/edits), written by the job once it has read the input. */
    setEdit: (id: string, result: EditResult) => setEdit.run(JSON.stringify(result), id),
    /** A segmented encode's segments as they run (segmented/run-segmented.ts). */
    setSegments: (id: string, state: SegmentedState) => setSegments.run(JSON.stringify(state), id),
    findProcessing: () => all(stuck.all()),
    requeue: (id: string): boolean => transition(id, 'PROCESSING', 'QUEUED'),
    processingUsedBytes: (accountId: string) => (processingUsed.get(accountId) as { n: number }).n,
  };
}

export type CommandsRepo = ReturnType<typeof createCommandsRepo>;
