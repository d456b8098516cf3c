import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileRow } from '../db/files-repo';
import type { BlobInfo, BlobStore } from '../storage/blob-store';
import { linkOrCopy, listFilesRecursive } from '../storage/fs-io';
import { isFolderBlob, mediaOf } from '../files/storage-access';
import type { StoredOutput } from '../jobs/outputs';

/**
 * New blobs for a cache hit that share the earlier outputs' bytes: hard links (a copy only
 * where links are impossible). Each record then owns its own blob key, so deleting either
 * record removes only its own link and never the other's bytes.
 */
export async function linkOutputs(blobs: BlobStore, scratchDir: string, rows: FileRow[], newCommandId: string): Promise<StoredOutput[]> {
  const stored: StoredOutput[] = [];
  try {
    for (const row of rows) {
      const blob = isFolderBlob(row) ? await linkFolder(blobs, scratchDir, row.blob_key as string) : await linkFile(blobs, row.blob_key as string);
      stored.push({
        alias: row.output_alias ?? row.filename,
        filename: row.output_alias === 'OUTPUT_FOLDER' ? `${newCommandId}.zip` : row.filename,
        blob,
        sizeBytes: row.size_bytes ?? blob.sizeBytes,
        sizeCompressedBytes: row.size_compressed_bytes,
        fileCount: row.file_count,
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
