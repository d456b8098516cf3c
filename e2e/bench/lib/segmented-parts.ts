import type { CommandRecord } from '../../../src-service/client';

/** Where a segmented run's time went, read from its record and its log (src-service/scale-out/segments/). */
export interface SegmentedParts {
  segments: number;
  /** The service's planning: fetching the input, probing it, listing its keyframes. */
  planSeconds: number;
  /** Encode seconds per worker (its video segments and, on one of them, the audio piece): its lane. */
  lanes: Record<string, number>;
  /** Sum of the video segments' encode seconds: the parallel part. */
  videoSeconds: number;
  audioSeconds: number;
  joinSeconds: number;
}

const num = (m: RegExpExecArray | null) => (m ? Number(m[1]) : 0);

export function partsOf(record: CommandRecord, log: string): SegmentedParts {
  const segs = record.segments ?? [];
  const lanes: Record<string, number> = {};
  let videoSeconds = 0;
  let audioSeconds = 0;
  for (const m of log.matchAll(/^--- piece (\d+) on worker (\S+): ([\d.]+) s$/gm)) {
    const [index, worker, s] = [Number(m[1]), m[2] as string, Number(m[3])];
    lanes[worker] = (lanes[worker] ?? 0) + s;
    if (index < segs.length) videoSeconds += s;
    else audioSeconds += s;
  }
  return {
    segments: segs.length,
    planSeconds: num(/planned in ([\d.]+) s/.exec(log)),
    lanes,
    videoSeconds,
    audioSeconds,
    joinSeconds: num(/^--- joined .* in ([\d.]+) s$/m.exec(log)),
  };
}

/**
 * "plan 1.2 s, lanes 31.0 + 30.2 s (video 60.1 s, audio 1.1 s), join 0.3 s, other 3.1 s; on paper …":
 * `other` is what the lanes and the serial parts leave of the run (queue, input fetch by the
 * workers, uploads of pieces, storing). The on-paper line is T(N) = serial + video / N.
 */
export function describeParts(p: SegmentedParts, segmentedSeconds: number, unsegmentedSeconds: number): string {
  const f = (x: number) => `${x.toFixed(1)} s`;
  const lanes = Object.values(p.lanes);
  const longest = Math.max(0, ...lanes);
  const other = segmentedSeconds - p.planSeconds - longest - p.joinSeconds;
  const serial = segmentedSeconds - p.videoSeconds / Math.max(1, lanes.length);
  const onPaper = [1, 2, 4, 8].map((n) => `${n}: ${(unsegmentedSeconds / (serial + p.videoSeconds / n)).toFixed(2)}×`).join(', ');
  return (
    `plan ${f(p.planSeconds)}, lanes ${lanes.map(f).join(' + ')} (video ${f(p.videoSeconds)}, audio ${f(p.audioSeconds)}), ` +
    `join ${f(p.joinSeconds)}, other ${f(other)} of ${f(segmentedSeconds)}; unsegmented ${f(unsegmentedSeconds)}; ` +
    `speed-up on paper for N workers (serial ${f(serial)} + video / N) ${onPaper}`
  );
}
