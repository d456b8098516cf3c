/**
 * When the convert panel offers to split one encode across workers or cores (docs/scale-out.md,
 * "Segmented encodes"): inputs at least this long. A setting of this app (Settings, "Split long
 * encodes"), kept in localStorage like the builder's draft.
 */
export const DEFAULT_SPLIT_OFFER_SECONDS = 120;
const KEY = 'ffdesk.splitOfferSeconds';

export function splitOfferSeconds(): number {
  try {
    const n = Number(localStorage.getItem(KEY));
    return localStorage.getItem(KEY) !== null && Number.isFinite(n) && n >= 0 ? n : DEFAULT_SPLIT_OFFER_SECONDS;
  } catch {
    return DEFAULT_SPLIT_OFFER_SECONDS;
  }
}

export function setSplitOfferSeconds(seconds: number | null): void {
  if (seconds === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, String(seconds));
}

/**
 * How many lanes a split runs on: the workers' vCPUs with scale-out, else this machine's vCPU
 * budget. An edit runs on the service's own cores even with scale-out (docs/scale-out.md,
 * "Edits"): `serviceOnly`.
 */
export function lanesOf(
  workers: { queue: string; workers: { vcpus: number }[] } | null,
  vcpuBudget: number | null,
  serviceOnly = false,
): { lanes: number; where: 'workers' | 'cores' } {
  if (workers?.queue === 'redis' && !serviceOnly)
    return {
      lanes: Math.max(
        1,
        workers.workers.reduce((n, w) => n + w.vcpus, 0),
      ),
      where: 'workers',
    };
  return { lanes: Math.max(1, vcpuBudget ?? 1), where: 'cores' };
}

/**
 * The time on paper: with N lanes an encode of T seconds takes about T / N (plus the audio and
 * the join, small next to it). T is taken as the input's duration, i.e. one lane encoding at
 * real-time speed; the ratio is what the estimate is for.
 */
export function splitEstimate(
  durationSeconds: number,
  lanes: number,
  segmentSeconds = segmentSecondsFor(durationSeconds, lanes),
): { oneLane: number; split: number; segments: number } {
  const segments = Math.max(1, Math.ceil(durationSeconds / segmentSeconds));
  // The service halves the last segment at keyframes and takes the audio before it, so the lanes
  // end together (docs/scale-out.md, "Balanced lanes"): T / N, while there are segments for every lane.
  return { oneLane: durationSeconds, split: durationSeconds / Math.min(lanes, segments), segments };
}

/** At least four segments per lane, so uneven segments even out; 30 s at most (the service's default), 1 s at least. */
export function segmentSecondsFor(durationSeconds: number, lanes: number): number {
  return Math.max(1, Math.min(30, Math.floor(durationSeconds / (lanes * 4))));
}
