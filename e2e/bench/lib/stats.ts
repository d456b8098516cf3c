/** Small order statistics for latency and timing samples. */

export function sorted(xs: readonly number[]): number[] {
  return [...xs].sort((a, b) => a - b);
}

/** Nearest-rank percentile (p in 0..100) of a non-empty sample. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) throw new Error('percentile of an empty sample');
  const s = sorted(xs);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1] as number;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of an empty sample');
  const s = sorted(xs);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

export function fmtSeconds(s: number): string {
  return s >= 10 ? `${s.toFixed(1)} s` : `${s.toFixed(2)} s`;
}

export function fmtMs(ms: number): string {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

export function fmtBytes(n: number): string {
  if (n >= GiB) return `${(n / GiB).toFixed(2)} GiB`;
  if (n >= MiB) return `${(n / MiB).toFixed(n >= 100 * MiB ? 0 : 1)} MiB`;
  return `${(n / 1024).toFixed(1)} KiB`;
}

export function fmtRate(bytesPerSecond: number): string {
  return `${(bytesPerSecond / MiB).toFixed(0)} MiB/s`;
}
