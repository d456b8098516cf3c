import type { SegmentedState } from '../jobs/command';
import { etaSeconds, round1, round3, type Progress } from '../media/progress';

/** How far back the speed of a segmented run is measured: long enough to span a segment's start. */
const WINDOW_MS = 8000;

export interface RunningSegment {
  /** Output seconds this segment's encode has made so far. */
  outTime: number;
  /** Its encoder's frames per second, where its ffmpeg reports one (a remote worker does not). */
  fps?: number | null;
}

/**
 * Progress over all the segments of a segmented run (local lanes or remote workers): the
 * finished ones plus how far each running one got. Several encodes run at once, so no single
 * ffmpeg's speed is the job's: the speed is the output seconds made per wall second over the
 * last few seconds, the ETA what is left at that speed, and the FPS the running encodes' sum.
 */
export function createSegmentsProgress(now: () => number = Date.now) {
  let samples: { t: number; pos: number }[] = [];
  return (segments: SegmentedState['segments'], running: Iterable<RunningSegment>): Progress & { step: number; steps: number } => {
    const total = (segments.at(-1)?.end ?? 0) - (segments[0]?.start ?? 0) || 1;
    const done = segments.filter((s) => s.status === 'DONE' || s.status === 'REUSED').reduce((n, s) => n + s.end - s.start, 0);
    let pos = done;
    let fps: number | null = null;
    for (const r of running) {
      pos += r.outTime;
      if (r.fps !== undefined && r.fps !== null) fps = (fps ?? 0) + r.fps;
    }
    pos = Math.min(pos, total);
    const t = now();
    samples = [...samples.filter((s) => t - s.t <= WINDOW_MS), { t, pos }];
    const first = samples[0]!;
    const seconds = (t - first.t) / 1000;
    const speed = seconds >= 1 && pos > first.pos ? Math.round(((pos - first.pos) / seconds) * 100) / 100 : null;
    return {
      percent: Math.min(100, round1((100 * pos) / total)),
      out_time_seconds: round3(pos),
      speed,
      fps: fps === null ? null : Math.round(fps),
      eta_seconds: etaSeconds(total - pos, speed),
      step: 1,
      steps: 1,
    };
  };
}
