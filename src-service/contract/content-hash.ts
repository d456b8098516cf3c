/**
 * The content hash FFDesk keys stored files by (docs/choices.md, "Same content, one file"):
 * SHA-256 over each 4 MiB block, then SHA-256 of those 32-byte digests joined, in lowercase
 * hex. An empty file is one empty block. Blocks let a browser hash a file of any size with
 * the native `crypto.subtle` (which has no streaming digest) one slice at a time.
 */
export const CONTENT_HASH_BLOCK = 4 * 1024 * 1024;

export const CONTENT_HASH = /^[0-9a-f]{64}$/;
