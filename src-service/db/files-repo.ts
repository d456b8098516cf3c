import type { ServiceStoreType as StoreType } from '../contract/enums';
import type { Db } from './open';
import { nowIso } from './time';
import { createDbWatch } from './read-cache';
import { createStatusWriter } from './status-writer';
import { canFileTransition, type FileStatus } from '../files/file-state';
import { IllegalTransitionError } from '../errors';

export type { FileStatus } from '../files/file-state';
export type { StoreType };

export interface FileRow {
  seq: number;
  id: string;
  account_id: string;
  command_id: string | null;
  output_alias: string | null;
  service_store_type: StoreType;
  status: FileStatus;
  is_private: number;
  is_deleted: number;
  blob_key: string | null;
  filename: string;
  size_bytes: number | null;
  size_compressed_bytes: number | null;
  file_count: number | null;
  media_json: string | null;
  original_file_url: string | null;
  error_status: string | null;
  external_error_message: string | null;
  created_at: string;
  deleted_at: string | null;
}

export type NewFile = Pick<FileRow, 'id' | 'account_id' | 'service_store_type' | 'status' | 'is_private' | 'filename'> &
  Partial<
    Pick<FileRow, 'command_id' | 'output_alias' | 'blob_key' | 'size_bytes' | 'size_compressed_bytes' | 'file_count' | 'media_json' | 'original_file_url'>
  >;

export interface StoredBlob {
  blob_key: string;
  size_bytes: number;
  size_compressed_bytes?: number | null;
  file_count?: number | null;
  media_json: string;
  filename?: string;
}

export interface OutputStats {
  count: number;
  storageBytes: number;
}

/** Columns a file transition sets besides `status`: absent leaves the column as it is, null clears it. */
export interface FileTransitionFields {
  blob_key?: string;
  size_bytes?: number;
  size_compressed_bytes?: number | null;
  file_count?: number | null;
  media_json?: string;
  filename?: string;
  error_status?: string;
  external_error_message?: string;
}

const FILE_FIELD_COLUMNS = [
  'blob_key',
  'size_bytes',
  'size_compressed_bytes',
  'file_count',
  'media_json',
  'filename',
  'error_status',
  'external_error_message',
] as const;

/**
 * Every status write goes through `transition`: checked against the state table
 * (files/file-state.ts), then one statement guarded by the expected current status.
 */
export function createFilesRepo(db: Db) {
  /** Bumped when a stored file is deleted: what a finished command's record shows of its outputs changes only then. */
  const deletions = createDbWatch(db);
  const insert = db.prepare(
    `INSERT INTO files (id, account_id, command_id, output_alias, service_store_type, status, is_private, blob_key, filename,
       size_bytes, size_compressed_bytes, file_count, media_json, original_file_url, created_at)
     VALUES (@id, @account_id, @command_id, @output_alias, @service_store_type, @status, @is_private, @blob_key, @filename,
       @size_bytes, @size_compressed_bytes, @file_count, @media_json, @original_file_url, @created_at)`,
  );
  const get = db.prepare(`SELECT * FROM files WHERE id = ? AND account_id = ?`);
  const getAny = db.prepare(`SELECT * FROM files WHERE id = ?`);
  const list = db.prepare(`SELECT * FROM files WHERE account_id = ? AND is_deleted = 0 ORDER BY seq DESC LIMIT ? OFFSET ?`);
  const listStored = db.prepare(`SELECT * FROM files WHERE account_id = ? AND is_deleted = 0 AND status = 'STORED' ORDER BY seq DESC LIMIT ? OFFSET ?`);
  const byCommand = db.prepare(`SELECT * FROM files WHERE command_id = ? ORDER BY seq`);
  const write = createStatusWriter(db, 'files', FILE_FIELD_COLUMNS);

  /** `from` -> `to` when the file is still `from` (false when it is not); a deleted file never becomes STORED. */
  function transition(id: string, from: FileStatus, to: FileStatus, columns: FileTransitionFields = {}): boolean {
    if (!canFileTransition(from, to)) throw new IllegalTransitionError('file', from, to);
    return write({ id, from, to, columns, alsoWhere: to === 'STORED' ? 'is_deleted = 0' : undefined });
  }

  const markDeleted = db.prepare(`UPDATE files SET is_deleted = 1, deleted_at = ?, blob_key = NULL WHERE id = ? AND is_deleted = 0`);
  const storageUsed = db.prepare(
    `SELECT COALESCE(SUM(COALESCE(size_compressed_bytes, size_bytes, 0)), 0) AS n FROM files
     WHERE account_id = ? AND is_deleted = 0 AND status IN ('STORED', 'UPLOADING', 'UPLOADED')`,
  );
  const liveKeys = db.prepare(`SELECT blob_key FROM files WHERE blob_key IS NOT NULL`);
  const inStatus = db.prepare(`SELECT * FROM files WHERE status = ?`);
  const byName = db.prepare(`SELECT * FROM files WHERE account_id = ? AND filename = ? AND is_deleted = 0 LIMIT 1`);

  return {
    /** Output count and stored bytes per command, for a page of the command list in one query. */
    /** The stored, undeleted outputs of these commands, oldest first (for list previews). */
    storedOutputsOf(commandIds: string[]): FileRow[] {
      if (commandIds.length === 0) return [];
      return db
        .prepare(`SELECT * FROM files WHERE command_id IN (${commandIds.map(() => '?').join(',')}) AND is_deleted = 0 AND status = 'STORED' ORDER BY seq`)
        .all(...commandIds) as FileRow[];
    },
    outputStats(commandIds: string[]): Map<string, OutputStats> {
      if (commandIds.length === 0) return new Map();
      const rows = db
        .prepare(
          `SELECT command_id, COUNT(*) AS count,
             SUM(CASE WHEN is_deleted = 0 THEN COALESCE(size_compressed_bytes, size_bytes, 0) ELSE 0 END) AS storageBytes
           FROM files WHERE command_id IN (${commandIds.map(() => '?').join(',')}) GROUP BY command_id`,
        )
        .all(...commandIds) as ({ command_id: string } & OutputStats)[];
      return new Map(rows.map((r) => [r.command_id, { count: r.count, storageBytes: r.storageBytes }]));
    },
    insert(f: NewFile): void {
      insert.run({
        command_id: null,
        output_alias: null,
        blob_key: null,
        size_bytes: null,
        size_compressed_bytes: null,
        file_count: null,
        media_json: null,
        original_file_url: null,
        ...f,
        created_at: nowIso(),
      });
    },
    get: (accountId: string, id: string) => get.get(id, accountId) as FileRow | undefined,
    getAny: (id: string) => getAny.get(id) as FileRow | undefined,
    /** Every file not deleted, in any state (the GUI's view). */
    list: (accountId: string, limit: number, offset: number) => list.all(accountId, limit, offset) as FileRow[],
    /** Only files whose bytes are stored and readable: what `GET /v1/files` lists by default. */
    listStored: (accountId: string, limit: number, offset: number) => listStored.all(accountId, limit, offset) as FileRow[],
    byCommand: (commandId: string) => byCommand.all(commandId) as FileRow[],
    inStatus: (status: FileStatus) => inStatus.all(status) as FileRow[],
    findByName: (accountId: string, filename: string) => byName.get(accountId, filename) as FileRow | undefined,
    transition,
    setStatus: (id: string, from: FileStatus, to: FileStatus): boolean => transition(id, from, to),
    setStored(id: string, from: FileStatus, blob: StoredBlob): boolean {
      return transition(id, from, 'STORED', {
        blob_key: blob.blob_key,
        size_bytes: blob.size_bytes,
        media_json: blob.media_json,
        size_compressed_bytes: blob.size_compressed_bytes ?? null,
        file_count: blob.file_count ?? null,
        ...(blob.filename === undefined ? {} : { filename: blob.filename }),
      });
    },
    setFailed: (id: string, from: FileStatus, errorStatus: string, message: string): boolean =>
      transition(id, from, 'FAILED', { error_status: errorStatus, external_error_message: message }),
    /** Marks deleted and forgets the blob; returns the blob key to remove (after the commit). */
    markDeleted(row: FileRow): string | null {
      deletions.bump();
      return markDeleted.run(nowIso(), row.id).changes === 1 ? row.blob_key : null;
    },
    deletions: { generation: () => deletions.generation() },
    storageUsedBytes: (accountId: string) => (storageUsed.get(accountId) as { n: number }).n,
    liveBlobKeys: () => new Set((liveKeys.all() as { blob_key: string }[]).map((r) => r.blob_key)),
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
