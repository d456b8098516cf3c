/** One part of a multipart upload: bytes [start, end) of the file, numbered from 1 (docs/api.md §4.8 b). */
export interface PartPlan {
  partNumber: number;
  start: number;
  end: number;
}

/** Splits `sizeBytes` into chunks of exactly `partSize` bytes; the last may be smaller. */
export function planParts(sizeBytes: number, partSize: number, partCount?: number): PartPlan[] {
  if (!Number.isInteger(partSize) || partSize <= 0) throw new RangeError('partSize must be a positive integer');
  const count = partCount ?? Math.max(1, Math.ceil(sizeBytes / partSize));
  const parts: PartPlan[] = [];
  for (let i = 0; i < count; i++) {
    const start = i * partSize;
    parts.push({ partNumber: i + 1, start, end: Math.min(sizeBytes, start + partSize) });
  }
  return parts;
}

/**
 * Smoothed transfer rate: bytes over a sliding window of recent samples, so a burst of
 * parts finishing at once does not make the speed (and the ETA) jump around.
 */
export function createRateMeter(windowMs = 5000, now: () => number = () => Date.now()) {
  const samples: { t: number; bytes: number }[] = [];
  return {
    record(totalBytes: number): number {
      const t = now();
      samples.push({ t, bytes: totalBytes });
      while (samples.length > 2 && t - samples[0]!.t > windowMs) samples.shift();
      const first = samples[0]!;
      const elapsed = (t - first.t) / 1000;
      return elapsed > 0 ? (totalBytes - first.bytes) / elapsed : 0;
    },
  };
}
