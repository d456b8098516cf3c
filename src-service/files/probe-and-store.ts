import fs from 'node:fs/promises';
import path from 'node:path';
import type { FilesRepo } from './files-repo';
import type { StoredFile } from './stored-file';
import type { FileStatus } from './file-state';
import type { BlobStore } from '../storage/blob-store';
import type { FileEvents } from './file-events';
import type { Confiner } from '../media/confine';
import type { Media } from '../media/media-module';
import { mapProbe, probeFile } from '../media/probe';
import { fsyncPath } from '../storage/fs-io';
import { contentHashOfFile } from './content-hash';

export const DELETED_BEFORE_STORED = 'The file was deleted before it was stored';

export interface ProbeStoreDeps {
  media: Pick<Media, 'binaries'>;
  confiner: Confiner;
  blobs: BlobStore;
  files: FilesRepo;
  fileEvents: FileEvents;
}

/**
 * The last step of store-file and upload: probe with ffprobe, move the bytes into the blob
 * store (a rename on the same disk), then one guarded update to STORED. If the row moved on
 * meanwhile (deleted, aborted), the blob is removed again.
 */
export async function probeAndStore(
  deps: ProbeStoreDeps,
  row: StoredFile,
  from: FileStatus,
  filePath: string,
  signal?: AbortSignal,
  contentHashOf: (file: string, signal?: AbortSignal) => Promise<string> = contentHashOfFile,
): Promise<void> {
  const stat = await fs.stat(filePath);
  const name = row.filename || path.basename(filePath);
  // The flush the blob store does before the rename runs beside the probe (one disk, one
  // process): putFile's own fsync then finds nothing left to write.
  // The content hash (docs/choices.md, "Same content, one file"): one more read of bytes the flush
  // just went over, unless the caller knows it already (an upload hashes its parts as they arrive).
  const [probe, contentHash] = await Promise.all([
    probeFile(deps.media.binaries().ffprobePath, filePath, { confiner: deps.confiner, timeoutMs: 120_000, signal }).catch(() => null),
    fsyncPath(filePath).then(() => contentHashOf(filePath, signal)),
  ]);
  // Stopping: leave the row as it is; recovery stores it on the next start.
  signal?.throwIfAborted();
  const media = mapProbe(probe, name, stat.size);
  const blob = await deps.blobs.putFile(filePath);
  const stored = deps.files.setStored(row.id, from, { blobKey: blob.key, sizeBytes: blob.sizeBytes, media, contentHash });
  if (!stored) {
    await deps.blobs.delete(blob.key);
    // Deleted while it was being fetched or uploaded: it ends here, not stuck in `from` (docs/choices.md: States).
    if (deps.files.setFailed(row.id, from, 'CANCELLED', DELETED_BEFORE_STORED)) {
      deps.fileEvents.emit({ accountId: row.accountId, fileId: row.id, status: 'FAILED', deleted: true });
    }
    return;
  }
  deps.fileEvents.emit({ accountId: row.accountId, fileId: row.id, status: 'STORED', deleted: false });
}
