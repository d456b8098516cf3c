const MiB = 1024 * 1024;
export const MIN_PART = 5 * MiB;
export const MAX_PART = 5 * 1024 * MiB;
export const DEFAULT_PART = 8 * MiB;
export const MAX_PARTS = 10_000;

/**
 * The part size actually used (docs/api.md §4.8, docs/choices.md): default 8 MiB, clamped to
 * 5 MiB..5 GiB, and raised so that at most 10,000 parts are needed.
 */
export function planUpload(sizeBytes: number, requested?: number): { partSize: number; partCount: number } {
  let partSize = Math.min(MAX_PART, Math.max(MIN_PART, requested ?? DEFAULT_PART));
  partSize = Math.max(partSize, Math.ceil(sizeBytes / MAX_PARTS));
  return { partSize, partCount: Math.max(1, Math.ceil(sizeBytes / partSize)) };
}

/** Bytes part `n` (1-based) must carry: every part is full but the last. */
export function expectedPartSize(sizeBytes: number, partSize: number, n: number): number {
  const start = (n - 1) * partSize;
  return Math.max(0, Math.min(partSize, sizeBytes - start));
}
