import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import { CONTENT_HASH_BLOCK } from '../contract/content-hash';

/**
 * The content hash of a file on disk, the same value the client's `contentHashOf` computes
 * (SHA-256 of the 4 MiB blocks' SHA-256 digests; docs/choices.md, "Same content, one file").
 * One sequential read; stored with the file so a client can find it again by content.
 */
export async function contentHashOfFile(filePath: string, signal?: AbortSignal): Promise<string> {
  const outer = crypto.createHash('sha256');
  let block = crypto.createHash('sha256');
  let inBlock = 0;
  let blocks = 0;
  for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024, signal }) as AsyncIterable<Buffer>) {
    for (let at = 0; at < chunk.length;) {
      const take = Math.min(chunk.length - at, CONTENT_HASH_BLOCK - inBlock);
      block.update(chunk.subarray(at, at + take));
      at += take;
      inBlock += take;
      if (inBlock === CONTENT_HASH_BLOCK) {
        outer.update(block.digest());
        blocks++;
        block = crypto.createHash('sha256');
        inBlock = 0;
      }
    }
  }
  // The last partial block; an empty file hashes one empty block, as the client does.
  if (inBlock > 0 || blocks === 0) outer.update(block.digest());
  return outer.digest('hex');
}
