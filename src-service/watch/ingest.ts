import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FilesRepo } from '../files/files-repo';
import type { StoredFile } from '../files/stored-file';
import type { BlobStore } from '../storage/blob-store';
import type { Confiner } from '../media/confine';
import type { Media } from '../media/media-module';
import type { CheckedFile } from '../storage/no-follow';
import { whenClosed } from '../storage/fs-io';
import { mapProbe, probeFile } from '../media/probe';

/** A watched file copied into the job area, hashed on the way (one read of the original). */
export interface StagedFile {
  tempPath: string;
  sha256: string;
  size: number;
}

/**
 * Copies the watched file from the descriptor its checks were made on (storage/no-follow.ts):
 * a file swapped for a link after the check is never what gets read.
 */
export async function stageHashing(src: CheckedFile, scratchDir: string, signal: AbortSignal): Promise<StagedFile> {
  await fs.promises.mkdir(scratchDir, { recursive: true });
  const tempPath = path.join(scratchDir, `watch-${crypto.randomBytes(8).toString('hex')}${path.extname(src.full)}`);
  const hash = crypto.createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const out = fs.createWriteStream(tempPath, { mode: 0o600 });
  try {
    await pipeline(src.fh.createReadStream({ start: 0, autoClose: false, highWaterMark: 1024 * 1024 }), tap, out, { signal });
  } catch (err) {
    await whenClosed(out); // else the removal can run before the file's open created it
    await fs.promises.rm(tempPath, { force: true });
    throw err;
  }
  return { tempPath, sha256: hash.digest('hex'), size };
}

/**
 * Stores the staged copy as a private stored file of the account (probed like an upload), so
 * the preset's command reads it through a presigned URL like any other input.
 */
export interface IngestDeps {
  media: Pick<Media, 'binaries'>;
  confiner: Confiner;
  blobs: BlobStore;
  files: FilesRepo;
}

export async function storeStaged(deps: IngestDeps, accountId: string, staged: StagedFile, fileName: string, signal: AbortSignal): Promise<StoredFile> {
  const probe = await probeFile(deps.media.binaries().ffprobePath, staged.tempPath, { confiner: deps.confiner, timeoutMs: 120_000, signal }).catch(() => null);
  const media = mapProbe(probe, fileName, staged.size);
  const blob = await deps.blobs.putFile(staged.tempPath);
  const id = crypto.randomUUID();
  deps.files.insert({
    id,
    accountId,
    serviceStoreType: 'STORED_FILE',
    status: 'STORED',
    isPrivate: true,
    filename: safeName(fileName),
    blobKey: blob.key,
    sizeBytes: blob.sizeBytes,
    media,
  });
  return deps.files.getAny(id) as StoredFile;
}

/** Stored names keep letters, digits, dots, `_` and `-`; the rest becomes `_`. */
function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '');
  return cleaned.slice(-200) || 'input';
}
