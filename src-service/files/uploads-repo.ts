import type { Db } from '../db/open';

/** A multipart upload in progress: the file it fills, its declared size and parts, where they are staged. */
export interface Upload {
  fileId: string;
  sizeBytes: number;
  partSize: number;
  partCount: number;
  stagingPath: string;
  expiresAt: string;
}

/** A part received so far. */
export interface UploadPart {
  partNumber: number;
  sizeBytes: number;
  etag: string;
}

/** The `uploads` table as SQLite returns it; it never leaves this file. */
interface UploadRow {
  file_id: string;
  size_bytes: number;
  part_size: number;
  part_count: number;
  staging_path: string;
  expires_at: string;
}

interface PartRow {
  part_number: number;
  size_bytes: number;
  etag: string;
}

const toUpload = (r: UploadRow): Upload => ({
  fileId: r.file_id,
  sizeBytes: r.size_bytes,
  partSize: r.part_size,
  partCount: r.part_count,
  stagingPath: r.staging_path,
  expiresAt: r.expires_at,
});
const toPart = (r: PartRow): UploadPart => ({ partNumber: r.part_number, sizeBytes: r.size_bytes, etag: r.etag });

export function createUploadsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO uploads (file_id, size_bytes, part_size, part_count, staging_path, expires_at) VALUES (@file_id, @size_bytes, @part_size, @part_count, @staging_path, @expires_at)`,
  );
  const get = db.prepare(`SELECT * FROM uploads WHERE file_id = ?`);
  const upsertPart = db.prepare(
    `INSERT INTO upload_parts (file_id, part_number, size_bytes, etag) VALUES (?, ?, ?, ?)
     ON CONFLICT (file_id, part_number) DO UPDATE SET size_bytes = excluded.size_bytes, etag = excluded.etag`,
  );
  const removePart = db.prepare(`DELETE FROM upload_parts WHERE file_id = ? AND part_number = ?`);
  const parts = db.prepare(`SELECT part_number, size_bytes, etag FROM upload_parts WHERE file_id = ? ORDER BY part_number`);
  const remove = db.prepare(`DELETE FROM uploads WHERE file_id = ?`);
  const expired = db.prepare(`SELECT u.* FROM uploads u JOIN files f ON f.id = u.file_id WHERE f.status = 'UPLOADING' AND u.expires_at < ?`);
  const orphaned = db.prepare(`SELECT u.* FROM uploads u JOIN files f ON f.id = u.file_id WHERE f.status NOT IN ('UPLOADING', 'UPLOADED')`);
  return {
    insert: (u: Upload) =>
      insert.run({
        file_id: u.fileId,
        size_bytes: u.sizeBytes,
        part_size: u.partSize,
        part_count: u.partCount,
        staging_path: u.stagingPath,
        expires_at: u.expiresAt,
      }),
    get(fileId: string): Upload | undefined {
      const row = get.get(fileId) as UploadRow | undefined;
      return row && toUpload(row);
    },
    recordPart: (fileId: string, n: number, size: number, etag: string) => upsertPart.run(fileId, n, size, etag),
    /** Before a part's bytes are overwritten: its old record no longer describes them. */
    forgetPart: (fileId: string, n: number) => removePart.run(fileId, n),
    parts: (fileId: string) => (parts.all(fileId) as PartRow[]).map(toPart),
    remove: (fileId: string) => remove.run(fileId),
    expired: (nowIso: string) => (expired.all(nowIso) as UploadRow[]).map(toUpload),
    /** Sessions whose file already ended (stored, failed): their staging can go. */
    finished: () => (orphaned.all() as UploadRow[]).map(toUpload),
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
