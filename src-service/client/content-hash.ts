import { CONTENT_HASH_BLOCK } from '../contract/content-hash';

const toHex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The content hash of a Blob (a browser File, or Node's `fs.openAsBlob`), read one block at a
 * time. Undefined where Web Crypto is missing (a page served over plain http to another host).
 */
export async function contentHashOf(blob: Blob, signal?: AbortSignal): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digests = new Uint8Array(32 * Math.max(1, Math.ceil(blob.size / CONTENT_HASH_BLOCK)));
  for (let i = 0, start = 0; start < blob.size || i === 0; i++, start += CONTENT_HASH_BLOCK) {
    signal?.throwIfAborted();
    const block = await blob.slice(start, start + CONTENT_HASH_BLOCK).arrayBuffer();
    digests.set(new Uint8Array(await subtle.digest('SHA-256', block)), 32 * i);
  }
  return toHex(await subtle.digest('SHA-256', digests));
}
