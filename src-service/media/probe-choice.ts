import { compareBuilds, describeBuild, parseBuildVersion, type BuildVersion } from './build-version';
import type { Candidate } from './binary-candidates';

/**
 * Which ffprobe probes (docs/ffmpeg.md, "Which ffprobe"). A probe needs no encoders, only
 * demuxers and decoders' parameters, and every job pays its start-up (an input probe, one per
 * output): so among the candidates recent enough the one that starts quickest wins, measured
 * by its -version runs (a static build starts in a few ms where a dynamically linked one
 * spends tens of ms loading its libraries). "Recent enough" is FFmpeg 5.0 or a git build made
 * after it: older builds miss fields the media mapping reads (e.g. side data layouts).
 */
export const PROBE_MIN_BUILD: BuildVersion = parseBuildVersion('ffprobe version 5.0');
/** Start-up times closer than this count as equal; then the newer build wins (the measurement is noisy). */
const SAME_START_MS = 3;

export interface StartTimed {
  c: Candidate;
  build: BuildVersion;
  startMs: number | null;
}

export interface ProbePick<T extends StartTimed> {
  pick: T;
  reason: string;
  /** Why another candidate lost, or undefined to use the general note. */
  whyNot(c: Candidate): string | undefined;
}

/** The quickest-starting candidate at least PROBE_MIN_BUILD; null when none is recent enough or none was timed. */
export function pickProbeBinary<T extends StartTimed>(working: T[]): ProbePick<T> | null {
  const recent = working.filter((w) => compareBuilds(w.build, PROBE_MIN_BUILD) >= 0 && w.startMs !== null);
  if (recent.length === 0) return null;
  const pick = recent.reduce((a, b) => (isQuicker(b, a) ? b : a));
  const ms = (w: StartTimed) => `${(w.startMs as number).toFixed(1)} ms`;
  const reason =
    recent.length === 1
      ? `the only candidate recent enough (FFmpeg 5.0 or later): ${describeBuild(pick.build)}, starts in ${ms(pick)}`
      : `the quickest to start of ${recent.length} candidates recent enough (FFmpeg 5.0 or later; a probe needs no encoders): ${describeBuild(pick.build)}, starts in ${ms(pick)}`;
  return {
    pick,
    reason,
    whyNot(c) {
      const w = working.find((x) => x.c === c);
      if (!w) return undefined;
      if (compareBuilds(w.build, PROBE_MIN_BUILD) < 0) return `older than FFmpeg 5.0`;
      if (w.startMs === null) return undefined;
      return Math.abs(w.startMs - (pick.startMs as number)) < SAME_START_MS
        ? `starts as quickly (${ms(w)}) but is not newer`
        : `starts in ${ms(w)}, slower than ${ms(pick)}`;
    },
  };
}

/**
 * pickProbeBinary, skipping candidates `verify` finds broken (probe-check.ts): `failed` names
 * them with the reason, and the newest rule must not fall back to them either.
 */
export function pickWorkingProbe<T extends StartTimed>(
  working: T[],
  verify: (c: T) => string | null,
): { quick: ProbePick<T> | null; failed: Map<Candidate, string> } {
  const failed = new Map<Candidate, string>();
  let pool = working;
  for (;;) {
    const quick = pickProbeBinary(pool);
    const problem = quick ? verify(quick.pick) : null;
    if (!quick || problem === null) {
      if (!quick) return { quick, failed };
      const skipped = failed.size ? `; ${failed.size} quicker candidate(s) cannot read MPEG-TS` : '';
      return { quick: { ...quick, reason: quick.reason + skipped, whyNot: (c) => failed.get(c) ?? quick.whyNot(c) }, failed };
    }
    failed.set(quick.pick.c, problem);
    pool = pool.filter((w) => w !== quick.pick);
  }
}

function isQuicker(a: StartTimed, b: StartTimed): boolean {
  const d = (a.startMs as number) - (b.startMs as number);
  if (Math.abs(d) < SAME_START_MS) return compareBuilds(a.build, b.build) > 0;
  return d < 0;
}
