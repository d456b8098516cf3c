import type { FileMedia, StoredFile, FilesRepo } from './files-repo';
import { ForbiddenError, NotFoundError } from '../errors';
import { verifyToken, type Keyring } from '../storage/signing';
import { innerPathProblem } from '../storage/blob-paths';
import type { OwnStorageRef } from './urls';

export interface StorageTarget {
  row: StoredFile;
  blobKey: string;
  /** The file inside a folder blob (playlists), or undefined for a single-file blob. */
  innerPath: string | undefined;
  fileName: string;
}

/**
 * A command's playlist output is stored as one folder blob: manifest, segments and
 * sub-playlists together. An uploaded or stored-from-URL playlist keeps its `output_manifest`
 * type (it is a manifest) but is one file like any other (docs/scheduling.md, "Stored playlists").
 */
export function isFolderBlob(row: Pick<StoredFile, 'serviceStoreType' | 'media'>): boolean {
  return row.serviceStoreType === 'OUTPUT' && mediaOf(row).file_type === 'output_manifest';
}

export function mediaOf(row: Pick<StoredFile, 'media'>): FileMedia {
  return row.media;
}

/** Whether a storage URL may be read: its target, or why not (a refusal the caller throws or records). */
export type StorageAccess = { ok: true; target: StorageTarget } | { ok: false; refusal: NotFoundError | ForbiddenError };

/**
 * Decides whether a storage URL may be read: the file must be stored and not deleted; a
 * private file needs a valid, unexpired signature over the whole file (folder), checked
 * in constant time. Expired or tampered -> 403 (docs/choices.md: Storage and signed URLs).
 * A refusal is returned, not thrown: a command's input records it as its failure.
 */
export function checkStorageRef(files: FilesRepo, keyring: Keyring, ref: OwnStorageRef, nowSec: number): StorageAccess {
  const refuse = (refusal: NotFoundError | ForbiddenError): StorageAccess => ({ ok: false, refusal });
  const row = files.getAny(ref.fileId);
  if (!row || row.isDeleted || row.status !== 'STORED' || !row.blobKey) return refuse(new NotFoundError('File not found'));
  if (ref.token !== null) {
    const verdict = verifyToken(keyring, `file:${row.id}`, ref.token, nowSec);
    if (verdict === 'expired') return refuse(new ForbiddenError('The signed URL has expired'));
    if (verdict !== 'ok') return refuse(new ForbiddenError('The signed URL is invalid'));
  } else if (row.isPrivate) {
    return refuse(new ForbiddenError('This file is private: request a presigned URL with presigned_ttl_seconds'));
  }
  if (!isFolderBlob(row)) {
    // The name is part of the URL handed out; another name is a tampered URL, not another file.
    if (ref.innerPath !== row.filename)
      return refuse(ref.token !== null ? new ForbiddenError('The signed URL is invalid') : new NotFoundError('File not found'));
    return { ok: true, target: { row, blobKey: row.blobKey, innerPath: undefined, fileName: row.filename } };
  }
  const innerPath = ref.innerPath || row.filename;
  // Checked here, not only where the blob store opens it: a command input copies the whole
  // folder and then names `<alias>/<innerPath>` to ffmpeg, so `..%2F..` would reach the data dir.
  if (innerPathProblem(innerPath)) return refuse(new NotFoundError('File not found'));
  return { ok: true, target: { row, blobKey: row.blobKey, innerPath, fileName: innerPath.split('/').pop() ?? innerPath } };
}

/** checkStorageRef for a request: a refusal is thrown (404 or 403). */
export function authorizeStorageRef(files: FilesRepo, keyring: Keyring, ref: OwnStorageRef, nowSec: number): StorageTarget {
  const access = checkStorageRef(files, keyring, ref, nowSec);
  if (!access.ok) throw access.refusal;
  return access.target;
}
