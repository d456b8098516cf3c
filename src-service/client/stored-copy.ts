import type { StoredFile } from './types';
import { contentHashOf } from './content-hash';

type ListFiles = (q: { contentHash: string; limit: number; signal?: AbortSignal }) => Promise<StoredFile[]>;

/**
 * A stored file with the same content hash as `blob`, the same name (outputs and lists are
 * named after their inputs: `second.mp4` is not answered by a stored `video.mp4` of the same
 * bytes) and the same privacy (a file asked to be private is never answered by a public copy,
 * nor the reverse), newest first. Undefined when none is stored, or when this runtime cannot
 * hash (no Web Crypto): the caller uploads.
 */
export async function findStoredCopy(
  listFiles: ListFiles,
  blob: Blob,
  o: { filename: string; isPrivate: boolean; signal?: AbortSignal },
): Promise<StoredFile | undefined> {
  const contentHash = await contentHashOf(blob, o.signal);
  if (!contentHash) return undefined;
  const copies = await listFiles({ contentHash, limit: 100, signal: o.signal });
  return copies.find((f) => f.filename === o.filename && f.is_private === o.isPrivate && f.size_mbytes * 1024 * 1024 === blob.size);
}
