import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileRow, FilesRepo } from '../db/files-repo';
import type { BlobStore } from '../storage/blob-store';
import { isAlreadyCompressed } from '../storage/zip';
import { listFilesRecursive } from '../storage/fs-io';
import { isFolderBlob } from '../files/storage-access';

/**
 * The batch's stored outputs as one zip, streamed as it is written (nothing is staged on
 * disk): names stay as the preset made them; a name two items share gets the item's number.
 * Null when no output is stored (yet) or the blob store is not on this disk.
 */
export async function streamBatchZip(deps: { files: FilesRepo; blobs: BlobStore }, commandIds: { index: number; commandId: string }[]): Promise<Readable | null> {
  const entries = commandIds.flatMap(({ index, commandId }) =>
    deps.files.byCommand(commandId).filter((f) => !f.is_deleted && f.status === 'STORED' && f.blob_key).map((f) => ({ index, f })));
  if (entries.length === 0) return null;
  const counts = new Map<string, number>();
  for (const { f } of entries) counts.set(f.filename, (counts.get(f.filename) ?? 0) + 1);
  const zip = new yazl.ZipFile();
  for (const { index, f } of entries) {
    const name = (counts.get(f.filename) ?? 0) > 1 ? `${String(index + 1).padStart(3, '0')}_${f.filename}` : f.filename;
    const added = await addBlob(zip, deps.blobs, f, name);
    if (!added) return null;
  }
  zip.end();
  return zip.outputStream as Readable;
}

async function addBlob(zip: yazl.ZipFile, blobs: BlobStore, f: FileRow, name: string): Promise<boolean> {
  const local = blobs.localPath(f.blob_key as string);
  if (!local) return false;
  if (!isFolderBlob(f)) {
    zip.addFile(local, name, { compress: !isAlreadyCompressed(name) });
    return true;
  }
  // A playlist: its manifest and segments under a folder named after the manifest.
  const folder = name.replace(/\.[^.]+$/, '');
  for (const rel of await listFilesRecursive(local)) {
    const full = path.join(local, rel);
    if ((await fs.stat(full)).isFile()) zip.addFile(full, `${folder}/${rel}`, { compress: !isAlreadyCompressed(rel) });
  }
  return true;
}
