import type { Db } from './open';

export interface UploadRow {
  file_id: string;
  size_bytes: number;
  part_size: number;
  part_count: number;
  staging_path: string;
  expires_at: string;
}

export interface PartRow {
  part_number: number;
  size_bytes: number;
  etag: string;
}

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
    insert: (u: UploadRow) => insert.run(u),
    get: (fileId: string) => get.get(fileId) as UploadRow | undefined,
    recordPart: (fileId: string, n: number, size: number, etag: string) => upsertPart.run(fileId, n, size, etag),
    /** Before a part's bytes are overwritten: its old record no longer describes them. */
    forgetPart: (fileId: string, n: number) => removePart.run(fileId, n),
    parts: (fileId: string) => parts.all(fileId) as PartRow[],
    remove: (fileId: string) => remove.run(fileId),
    expired: (nowIso: string) => expired.all(nowIso) as UploadRow[],
    /** Sessions whose file already ended (stored, failed): their staging can go. */
    finished: () => orphaned.all() as UploadRow[],
  };
}

export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
