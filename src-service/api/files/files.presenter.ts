import type { UploadSession } from '../../files/upload-sessions';
import type { StoredFile } from '../../files/stored-file';
import type { UrlBuilder } from '../../files/urls';
import { mediaOf } from '../../files/storage-access';
import type { StoredFileRecord } from '../../contract/records.schema';

/** Exact: a division by a power of two, so `size_mbytes * 1048576` gives the byte count back (docs/choices.md). */
const MB = 1024 * 1024;

/**
 * The stored-file record of docs/api.md §2.2 + docs/choices.md (Records). Fields that do not apply are
 * left out; `storage_url` is always present (null when private without a TTL, or deleted).
 */
export function presentFile(row: StoredFile, urls: UrlBuilder, presignTtlSeconds?: number): StoredFileRecord {
  // The probe's fields, stored as JSON when the file was probed (files/probe-and-store.ts).
  const media = mediaOf(row) as Partial<StoredFileRecord>;
  const out: StoredFileRecord = {
    file_id: row.id,
    storage_url: urls.storageUrl(row, presignTtlSeconds),
    status: row.status,
    service_store_type: row.serviceStoreType,
    is_deleted: row.isDeleted,
    is_private: row.isPrivate,
    created_at: row.createdAt,
    filename: row.filename,
    ...media,
    // Required in every file record (docs/compatibility.md): 0 while nothing is stored yet, or for a failed file.
    size_mbytes: (row.sizeBytes ?? 0) / MB,
  };
  if (row.sizeCompressedBytes !== null) out.size_compressed_mbytes = row.sizeCompressedBytes / MB;
  if (row.fileCount !== null) out.file_count = row.fileCount;
  if (row.originalFileUrl) out.original_file_url = row.originalFileUrl;
  // FFDesk: the job that made an output, so a file links back to it.
  if (row.commandId) out.command_id = row.commandId;
  // FFDesk: what a client compares to find a file it already stored (docs/choices.md, "Same content, one file").
  if (row.contentHash) out.content_hash = row.contentHash;
  if (row.errorStatus) {
    out.error_status = row.errorStatus;
    out.external_error_message = row.externalErrorMessage;
  }
  return out;
}

/** An upload session as init-upload answers it (docs/api.md §4.8). */
export function presentUploadSession(u: UploadSession) {
  return { file_id: u.fileId, part_size: u.partSize, part_count: u.partCount, upload_urls: u.uploadUrls, expires_at: u.expiresAt };
}
