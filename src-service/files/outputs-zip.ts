import path from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { StoredFile, FilesRepo } from './files-repo';
import type { BlobStore } from '../storage/blob-store';
import { addLazyMember } from '../storage/zip';
import { listFilesRecursive } from '../storage/fs-io';
import { isFolderBlob } from '../files/storage-access';
import { openStoredNoFollow } from '../storage/no-follow';

/** Whose outputs go in: `index` numbers a name that two sources share (a batch item). */
export interface ZipSource {
  index: number;
  commandId: string;
}

/**
 * The stored, non-deleted outputs of one or more commands of the account as one zip, streamed
 * as it is written (nothing is staged on disk or held in memory): names stay as the command
 * made them; a name two sources share gets the source's number. A playlist comes as a folder
 * with its segments; an OUTPUT_FOLDER zip is one entry. Null when no output is stored (yet)
 * or the blob store is not on this disk.
 */
export async function streamOutputsZip(deps: { files: FilesRepo; blobs: BlobStore }, accountId: string, sources: ZipSource[]): Promise<Readable | null> {
  const entries = sources.flatMap(({ index, commandId }) =>
    deps.files
      .byCommand(commandId)
      .filter((f) => f.accountId === accountId && isZippable(f))
      .map((f) => ({ index, f })),
  );
  if (entries.length === 0) return null;
  const counts = new Map<string, number>();
  for (const { f } of entries) counts.set(f.filename, (counts.get(f.filename) ?? 0) + 1);
  const zip = new yazl.ZipFile();
  // A member that cannot be read ends the download (never an unhandled 'error' event).
  zip.on('error', (err: Error) => (zip.outputStream as Readable).destroy(err));
  for (const { index, f } of entries) {
    const name = (counts.get(f.filename) ?? 0) > 1 ? `${String(index + 1).padStart(3, '0')}_${f.filename}` : f.filename;
    const added = await addBlob(zip, deps.blobs, f, name);
    if (!added) return null;
  }
  zip.end();
  return zip.outputStream as Readable;
}

function isZippable(f: StoredFile): boolean {
  return !f.isDeleted && f.status === 'STORED' && f.blobKey !== null && f.serviceStoreType === 'OUTPUT';
}

async function addBlob(zip: yazl.ZipFile, blobs: BlobStore, f: StoredFile, name: string): Promise<boolean> {
  const local = blobs.localPath(f.blobKey as string);
  if (!local) return false;
  if (!isFolderBlob(f)) {
    addLazyMember(zip, name, () => openBlob(local));
    return true;
  }
  // A playlist: its manifest and segments under a folder named after the manifest.
  const folder = name.replace(/\.[^.]+$/, '');
  for (const rel of await listFilesRecursive(local)) {
    addLazyMember(zip, `${folder}/${rel}`, () => openBlob(path.join(local, rel)));
  }
  return true;
}

/** A stored file read without following a link. */
async function openBlob(full: string): Promise<FileHandle> {
  const opened = await openStoredNoFollow(full);
  if (!opened) throw new Error(`Stored file ${path.basename(full)} is missing or not a regular file`);
  return opened.fh;
}
