import type { FileRow } from '../../db/files-repo';
import type { UrlBuilder } from '../../files/urls';
import { mediaOf } from '../../files/storage-access';
import type { StoredFileRecord } from '../../contract/records.schema';

/** Exact: a division by a power of two, so `size_mbytes * 1048576` gives the byte count back (docs/decisions.md). */
const MB = 1024 * 1024;

/**
 * The stored-file record of docs/api.md §2.2 + docs/decisions.md (Records). Fields that do not apply are
 * left out; `storage_url` is always present (null when private without a TTL, or deleted).
 */
export function presentFile(row: FileRow, urls: UrlBuilder, presignTtlSeconds?: number): StoredFileRecord {
  // The probe's fields, stored as JSON when the file was probed (files/probe-and-store.ts).
  const media = mediaOf(row) as Partial<StoredFileRecord>;
  const out: StoredFileRecord = {
    file_id: row.id,
    storage_url: urls.storageUrl(row, presignTtlSeconds),
    status: row.status,
    service_store_type: row.service_store_type,
    is_deleted: row.is_deleted === 1,
    is_private: row.is_private === 1,
    created_at: row.created_at,
    filename: row.filename,
    ...media,
    // Required in every file record (docs/compatibility.md): 0 while nothing is stored yet, or for a failed file.
    size_mbytes: (row.size_bytes ?? 0) / MB,
  };
  if (row.size_compressed_bytes !== null) out.size_compressed_mbytes = row.size_compressed_bytes / MB;
  if (row.file_count !== null) out.file_count = row.file_count;
  if (row.original_file_url) out.original_file_url = row.original_file_url;
  // FFDesk: the job that made an output, so a file links back to it.
  if (row.command_id) out.command_id = row.command_id;
  if (row.error_status) {
    out.error_status = row.error_status;
    out.external_error_message = row.external_error_message;
  }
  return out;
}
