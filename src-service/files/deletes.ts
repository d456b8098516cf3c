import type { Db } from '../db/open';
import type { FilesRepo } from './files-repo';
import type { StoredFile } from './stored-file';
import type { BlobStore } from '../storage/blob-store';
import type { FileEvents } from './file-events';
import { BadRequestError, NotFoundError } from '../errors';
import { isFolderBlob } from './storage-access';

export interface DeleteDeps {
  db: Db;
  files: FilesRepo;
  blobs: BlobStore;
  fileEvents: FileEvents;
}

/**
 * Marks files deleted (records and metadata stay, `storage_url` becomes null) in one
 * transaction, then removes their bytes. A crash between the two leaves only unreferenced
 * blobs, which the start-up sweep removes; never a live record without bytes.
 */
export async function deleteFileRows(deps: DeleteDeps, rows: StoredFile[]): Promise<string[]> {
  const deleted: { id: string; key: string | null; account: string }[] = [];
  deps.db.transaction(() => {
    for (const row of rows) {
      if (row.isDeleted) continue;
      deleted.push({ id: row.id, key: deps.files.markDeleted(row), account: row.accountId });
    }
  })();
  await Promise.all(deleted.filter((d) => d.key).map((d) => deps.blobs.delete(d.key as string)));
  for (const d of deleted) deps.fileEvents.emit({ accountId: d.account, fileId: d.id, status: 'STORED', deleted: true });
  return deleted.map((d) => d.id);
}

/** `DELETE /v1/files/{id}`: idempotent (docs/choices.md). */
export async function deleteOneFile(deps: DeleteDeps, accountId: string, fileId: string): Promise<void> {
  const row = deps.files.get(accountId, fileId);
  if (!row) throw new NotFoundError('File not found');
  await deleteFileRows(deps, [row]);
}

/** `POST /v1/files/bulk-delete`: all or nothing on unknown ids; manifests go through the command delete. */
export async function bulkDeleteFiles(deps: DeleteDeps, accountId: string, ids: string[]): Promise<string[]> {
  const rows = [...new Set(ids)].map((id) => deps.files.get(accountId, id));
  if (rows.some((r) => r === undefined)) throw new NotFoundError('One or more files not found');
  const found = rows as StoredFile[];
  if (found.some((r) => isFolderBlob(r))) throw new BadRequestError('Cannot delete output manifest files via this endpoint');
  return deleteFileRows(deps, found);
}

/** `DELETE /v1/commands/{id}/files`: every output, playlists with all their segments, zips included. */
export async function deleteCommandFiles(deps: DeleteDeps, accountId: string, commandId: string): Promise<void> {
  const rows = deps.files.byCommand(commandId).filter((r) => r.accountId === accountId);
  if (rows.length === 0) throw new NotFoundError('Command files not found');
  await deleteFileRows(deps, rows);
}
