import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { CONTENT_HASH_BLOCK } from '../contract/content-hash';
import type { PartBlocks } from '../storage/block-hasher';
import type { RangeHasher } from '../storage/hash-worker';
import { contentHashOfFile } from './content-hash';

const DIGEST_BYTES = 32;

/**
 * The content hash of an uploaded file (the same value as `contentHashOfFile`) from the block
 * digests its parts computed while they arrived (docs/performance.md). Only the blocks no
 * part could hash are read back from disk: those straddling two parts (a part size that is
 * not a multiple of 4 MiB) and those of parts received before a restart. With none known,
 * the whole file is read once, as before.
 */
export async function contentHashOfUpload(
  file: string,
  parts: Iterable<PartBlocks>,
  hasher: Pick<RangeHasher, 'digest'>,
  signal?: AbortSignal,
): Promise<string> {
  const sizeBytes = (await fs.stat(file)).size;
  const count = Math.max(1, Math.ceil(sizeBytes / CONTENT_HASH_BLOCK));
  const known: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(count);
  let found = 0;
  for (const p of parts) {
    for (let i = 0; i * DIGEST_BYTES < p.digests.length; i++) {
      const block = p.firstBlock + i;
      if (block >= count) throw new Error(`block ${block} is beyond the ${count} blocks of the file`);
      if (known[block] === undefined) found++;
      known[block] = p.digests.subarray(i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES);
    }
  }
  if (found === 0) return contentHashOfFile(file, signal);
  const blocks = await Promise.all(
    Array.from(known, async (digest, i) => {
      if (digest) return digest;
      signal?.throwIfAborted();
      const start = i * CONTENT_HASH_BLOCK;
      return Buffer.from(await hasher.digest(file, start, Math.min(CONTENT_HASH_BLOCK, sizeBytes - start), 'sha256'), 'base64');
    }),
  );
  const outer = crypto.createHash('sha256');
  for (const b of blocks) outer.update(b);
  return outer.digest('hex');
}
