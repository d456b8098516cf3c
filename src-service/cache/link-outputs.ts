import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile } from '../files/files-repo';
import type { BlobInfo, BlobStore } from '../storage/blob-store';
import { linkOrCopy, listFilesRecursive } from '../storage/fs-io';
import { isFolderBlob, mediaOf } from '../files/storage-access';
import type { StoredOutput } from '../jobs/outputs';

/**
 * New blobs for a cache hit that share the earlier outputs' bytes: hard links (a copy only
 * where links are impossible). Each record then owns its own blob key, so deleting either
 * record removes only its own link and never the other's bytes.
 */
export async function linkOutputs(blobs: BlobStore, scratchDir: string, rows: StoredFile[], newCommandId: string): Promise<StoredOutput[]> {
  const stored: StoredOutput[] = [];
  try {
    for (const row of rows) {
      const blob = isFolderBlob(row) ? await linkFolder(blobs, scratchDir, row.blobKey as string) : await linkFile(blobs, row.blobKey as string);
      stored.push({
        alias: row.outputAlias ?? row.filename,
        filename: row.outputAlias === 'OUTPUT_FOLDER' ? `${newCommandId}.zip` : row.filename,
        blob,
        sizeBytes: row.sizeBytes ?? blob.sizeBytes,
        sizeCompressedBytes: row.sizeCompressedBytes,
        fileCount: row.fileCount,
        media: mediaOf(row),
      });
    }
    return stored;
  } catch (err) {
    await Promise.all(stored.map((o) => blobs.delete(o.blob.key)));
    throw err;
  }
}

async function linkFile(blobs: BlobStore, key: string): Promise<BlobInfo> {
  const src = blobs.localPath(key) as string;
  const target = await blobs.createWriteTarget();
  try {
    await fs.rm(target.path, { force: true });
    await linkOrCopy(src, target.path);
    return await target.commit();
  } catch (err) {
    await target.discard();
    throw err;
  }
}

async function linkFolder(blobs: BlobStore, scratchDir: string, key: string): Promise<BlobInfo> {
  const src = blobs.localPath(key) as string;
  const staged = path.join(scratchDir, `cache-link-${crypto.randomBytes(6).toString('hex')}`);
  try {
    for (const rel of await listFilesRecursive(src)) {
      const dest = path.join(staged, rel);
      await fs.mkdir(path.dirname(dest), { recursive: true });
      await linkOrCopy(path.join(src, rel), dest);
    }
    return await blobs.putDir(staged);
  } finally {
    await fs.rm(staged, { recursive: true, force: true });
  }
}
