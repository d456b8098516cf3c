import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile } from '../files/files-repo';
import type { BlobStore } from '../storage/blob-store';
import { isFolderBlob } from '../files/storage-access';

/**
 * Copies a finished command's outputs into the output folder under the names the preset gave
 * them. Each appears whole or not at all (written to a hidden temp name, then renamed); an
 * existing file of the same name is replaced. Returns the names written.
 */
export async function deliverOutputs(blobs: BlobStore, outputs: StoredFile[], outputFolder: string): Promise<string[]> {
  await fs.mkdir(outputFolder, { recursive: true });
  const written: string[] = [];
  for (const row of outputs) {
    const src = row.blobKey ? blobs.localPath(row.blobKey) : null;
    if (!src || row.isDeleted) continue;
    const name = isFolderBlob(row) ? row.filename.replace(/\.[^.]+$/, '') : row.filename;
    const temp = path.join(outputFolder, `.${name}.${crypto.randomBytes(4).toString('hex')}.part`);
    const dest = path.join(outputFolder, name);
    try {
      await fs.cp(src, temp, { recursive: true });
      await fs.rm(dest, { recursive: true, force: true });
      await fs.rename(temp, dest);
    } finally {
      await fs.rm(temp, { recursive: true, force: true });
    }
    written.push(name);
  }
  return written;
}

/** Moves an original into `done/` or `failed/` next to it; a name already there gets a time suffix. */
export async function moveOriginal(file: string, sub: 'done' | 'failed'): Promise<void> {
  const dir = path.join(path.dirname(file), sub);
  await fs.mkdir(dir, { recursive: true });
  let dest = path.join(dir, path.basename(file));
  if (await fs.stat(dest).catch(() => null)) {
    const ext = path.extname(file);
    dest = path.join(dir, `${path.basename(file, ext)}-${Date.now()}${ext}`);
  }
  await fs.rename(file, dest).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err; // already gone: nothing to move
  });
}
