import type { FailureStatus, ServiceStoreType as StoreType } from '../contract/enums';
import type { Db } from '../db/open';
import { nowIso } from '../db/time';
import { createDbWatch } from '../db/read-cache';
import { createStatusWriter } from '../db/status-writer';
import { canFileTransition, type FileStatus } from './file-state';
import { IllegalTransitionError } from '../errors';

import type { FileMedia, NewFile, StoredBlob, StoredFile } from './stored-file';

/** The `files` table as SQLite returns it; it never leaves this file (`toStoredFile` maps it). */
interface FileRow {
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
  content_hash: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface OutputStats {
  count: number;
  storageBytes: number;
}

/** Columns a file transition sets besides `status`: absent leaves the column as it is, null clears it. */
export interface FileTransitionFields {
  blobKey?: string;
  sizeBytes?: number;
  sizeCompressedBytes?: number | null;
  fileCount?: number | null;
  media?: FileMedia;
  filename?: string;
  errorStatus?: string;
  externalErrorMessage?: string;
  contentHash?: string;
}

/** The row as the domain sees it; the media JSON (written by this service from ffprobe's output) is parsed once here. */
export function toStoredFile(r: FileRow): StoredFile {
  return {
    seq: r.seq,
    id: r.id,
    accountId: r.account_id,
    commandId: r.command_id,
    outputAlias: r.output_alias,
    serviceStoreType: r.service_store_type,
    status: r.status,
    isPrivate: r.is_private === 1,
    isDeleted: r.is_deleted === 1,
    blobKey: r.blob_key,
    filename: r.filename,
    sizeBytes: r.size_bytes,
    sizeCompressedBytes: r.size_compressed_bytes,
    fileCount: r.file_count,
    media: r.media_json ? (JSON.parse(r.media_json) as FileMedia) : {},
    originalFileUrl: r.original_file_url,
    // Written only from the enum, so the column holds nothing else.
    errorStatus: r.error_status as FailureStatus | null,
    externalErrorMessage: r.external_error_message,
    contentHash: r.content_hash,
    createdAt: r.created_at,
    deletedAt: r.deleted_at,
  };
}

const one = (r: unknown): StoredFile | undefined => (r === undefined ? undefined : toStoredFile(r as FileRow));
const all = (rs: unknown[]): StoredFile[] => (rs as FileRow[]).map(toStoredFile);

/** The columns a transition writes, from its camelCase fields. */
function transitionColumns(f: FileTransitionFields): Record<string, unknown> {
  return {
    blob_key: f.blobKey,
    size_bytes: f.sizeBytes,
    size_compressed_bytes: f.sizeCompressedBytes,
    file_count: f.fileCount,
    media_json: f.media === undefined ? undefined : JSON.stringify(f.media),
    filename: f.filename,
    error_status: f.errorStatus,
    external_error_message: f.externalErrorMessage,
    content_hash: f.contentHash,
  };
}

const FILE_FIELD_COLUMNS = Object.keys(transitionColumns({}));

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
  const storedByHash = db.prepare(
    `SELECT * FROM files WHERE account_id = ? AND content_hash = ? AND is_deleted = 0 AND status = 'STORED' ORDER BY seq DESC LIMIT ? OFFSET ?`,
  );
  const byCommand = db.prepare(`SELECT * FROM files WHERE command_id = ? ORDER BY seq`);
  const write = createStatusWriter(db, 'files', FILE_FIELD_COLUMNS);

  /** `from` -> `to` when the file is still `from` (false when it is not); a deleted file never becomes STORED. */
  function transition(id: string, from: FileStatus, to: FileStatus, columns: FileTransitionFields = {}): boolean {
    if (!canFileTransition(from, to)) throw new IllegalTransitionError('file', from, to);
    return write({ id, from, to, columns: transitionColumns(columns), alsoWhere: to === 'STORED' ? 'is_deleted = 0' : undefined });
  }

  const markDeleted = db.prepare(`UPDATE files SET is_deleted = 1, deleted_at = ?, blob_key = NULL WHERE id = ? AND is_deleted = 0`);
  const storageUsed = db.prepare(
    `SELECT COALESCE(SUM(COALESCE(size_compressed_bytes, size_bytes, 0)), 0) AS n FROM files
     WHERE account_id = ? AND is_deleted = 0 AND status IN ('STORED', 'UPLOADING', 'UPLOADED')`,
  );
  // Of the given keys (a JSON array), those a record references: one indexed look-up per key (files_blob_key).
  const referencedKeys = db.prepare(`SELECT DISTINCT blob_key FROM files WHERE blob_key IN (SELECT value FROM json_each(?))`);
  const inStatus = db.prepare(`SELECT * FROM files WHERE status = ?`);
  const byName = db.prepare(`SELECT * FROM files WHERE account_id = ? AND filename = ? AND is_deleted = 0 LIMIT 1`);
  const storedNamed = db.prepare(
    `SELECT * FROM files WHERE account_id = ? AND filename = ? AND size_bytes = ? AND service_store_type = 'STORED_FILE' AND is_deleted = 0 AND status = 'STORED' ORDER BY seq DESC LIMIT 20`,
  );

  return {
    /** Output count and stored bytes per command, for a page of the command list in one query. */
    /** The stored, undeleted outputs of these commands, oldest first (for list previews). */
    storedOutputsOf(commandIds: string[]): StoredFile[] {
      if (commandIds.length === 0) return [];
      // By command id: left to itself SQLite picks the status index and walks every STORED file (50 ms at 100k files).
      return all(
        db
          .prepare(
            `SELECT * FROM files INDEXED BY files_command WHERE command_id IN (${commandIds.map(() => '?').join(',')}) AND is_deleted = 0 AND status = 'STORED' ORDER BY seq`,
          )
          .all(...commandIds),
      );
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
        id: f.id,
        account_id: f.accountId,
        command_id: f.commandId ?? null,
        output_alias: f.outputAlias ?? null,
        service_store_type: f.serviceStoreType,
        status: f.status,
        is_private: f.isPrivate ? 1 : 0,
        blob_key: f.blobKey ?? null,
        filename: f.filename,
        size_bytes: f.sizeBytes ?? null,
        size_compressed_bytes: f.sizeCompressedBytes ?? null,
        file_count: f.fileCount ?? null,
        media_json: f.media ? JSON.stringify(f.media) : null,
        original_file_url: f.originalFileUrl ?? null,
        created_at: nowIso(),
      });
    },
    get: (accountId: string, id: string) => one(get.get(id, accountId)),
    getAny: (id: string) => one(getAny.get(id)),
    /** Every file not deleted, in any state (the GUI's view). */
    list: (accountId: string, limit: number, offset: number) => all(list.all(accountId, limit, offset)),
    /** Only files whose bytes are stored and readable: what `GET /v1/files` lists by default. */
    listStored: (accountId: string, limit: number, offset: number) => all(listStored.all(accountId, limit, offset)),
    /** Stored files with this content hash (contract/content-hash.ts), newest first: `GET /v1/files?content_hash=`. */
    listStoredByHash: (accountId: string, contentHash: string, limit: number, offset: number) => all(storedByHash.all(accountId, contentHash, limit, offset)),
    byCommand: (commandId: string) => all(byCommand.all(commandId)),
    inStatus: (status: FileStatus) => all(inStatus.all(status)),
    findByName: (accountId: string, filename: string) => one(byName.get(accountId, filename)),
    /** Stored files (not outputs) of this name and size, newest first: what a file opened from disk may be again. */
    storedFilesNamed: (accountId: string, filename: string, sizeBytes: number) => all(storedNamed.all(accountId, filename, sizeBytes)),
    transition,
    setStatus: (id: string, from: FileStatus, to: FileStatus): boolean => transition(id, from, to),
    setStored(id: string, from: FileStatus, blob: StoredBlob): boolean {
      return transition(id, from, 'STORED', {
        blobKey: blob.blobKey,
        sizeBytes: blob.sizeBytes,
        media: blob.media,
        sizeCompressedBytes: blob.sizeCompressedBytes ?? null,
        fileCount: blob.fileCount ?? null,
        ...(blob.filename === undefined ? {} : { filename: blob.filename }),
        ...(blob.contentHash === undefined ? {} : { contentHash: blob.contentHash }),
      });
    },
    setFailed: (id: string, from: FileStatus, errorStatus: string, message: string): boolean =>
      transition(id, from, 'FAILED', { errorStatus, externalErrorMessage: message }),
    /** Marks deleted and forgets the blob; returns the blob key to remove (after the commit). */
    markDeleted(file: StoredFile): string | null {
      deletions.bump();
      return markDeleted.run(nowIso(), file.id).changes === 1 ? file.blobKey : null;
    },
    deletions: { generation: () => deletions.generation() },
    storageUsedBytes: (accountId: string) => (storageUsed.get(accountId) as { n: number }).n,
    /** Of these blob keys, the ones a record references (the start-up sweep asks about the keys it found on disk). */
    referencedBlobKeys: (keys: string[]) => new Set((referencedKeys.all(JSON.stringify(keys)) as { blob_key: string }[]).map((r) => r.blob_key)),
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
