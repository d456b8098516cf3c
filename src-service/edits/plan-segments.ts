import type { CutFacts, PacketFact } from './facts';
import { frameTimes } from './facts';

/** A time within this of a frame's time counts as that frame (docs/cutting.md, "What is exact"). */
export const FRAME_TOLERANCE_SECONDS = 0.001;

/** One piece of a segment's video: copied packets from a keyframe, or re-encoded frames. */
export interface VideoPart {
  kind: 'copy' | 'encode';
  /** Presentation time of the part's first frame in the source. */
  from: number;
  /** Frames (copy: packets in decode order) the part holds. */
  frames: number;
  /** Seconds the part lasts (to the next frame after it). */
  duration: number;
  /** Its first frame is a keyframe: an encoded part then decodes from that frame, no earlier (plan-edit.ts). */
  onKeyframe: boolean;
  /** Seconds from its first frame to the next one (how far past `from` a seek may land and still find it). */
  firstGap: number;
}

export interface SegmentCut {
  actualStart: number;
  actualEnd: number;
  /** Empty for an input without video. */
  video: VideoPart[];
  /** Lossless: frames before the requested end that the copy could not keep (B-frames shown before a frame decoded after the end). */
  framesShortAtEnd?: number;
  /** The segment was marked past where a cut-off input's frames stop (plan-edit.ts): where they stop. */
  endsAtDataEnd?: number;
}

export class PlanError extends Error {
  constructor(
    readonly field: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

interface Timeline {
  times: number[];
  keyTimes: number[];
  /** The end of the last frame. */
  end: number;
}

export function timelineOf(facts: CutFacts): Timeline | null {
  const packets = facts.video?.packets ?? [];
  if (packets.length === 0) return null;
  const { times, keyTimes } = frameTimes(packets);
  const last = times[times.length - 1] as number;
  const step = times.length > 1 ? last - (times[times.length - 2] as number) : 0;
  return { times, keyTimes, end: Math.max(last + step, Math.min(facts.duration, last + 2 * step)) };
}

/**
 * The source's frames a second, from the median gap between frames (a variable rate's usual
 * one; windows read apart do not skew it); undefined with fewer than two frames.
 */
export function frameRateOf(tl: Timeline | null): number | undefined {
  if (!tl || tl.times.length < 2) return undefined;
  const gaps = tl.times
    .slice(1)
    .map((t, i) => t - (tl.times[i] as number))
    .filter((g) => g > FRAME_TOLERANCE_SECONDS)
    .sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1];
  return median === undefined ? undefined : 1 / median;
}

/** Index of the first frame at or after `t` (times.length when none). */
function firstAtOrAfter(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) < t - FRAME_TOLERANCE_SECONDS) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const timeAt = (tl: Timeline, i: number) => (i < tl.times.length ? (tl.times[i] as number) : tl.end);

const isKeyTime = (tl: Timeline, t: number) => tl.keyTimes.some((k) => Math.abs(k - t) <= FRAME_TOLERANCE_SECONDS);

/** Frames [a, b) of the timeline as one part. */
function partOf(tl: Timeline, kind: VideoPart['kind'], a: number, b: number): VideoPart {
  const from = timeAt(tl, a);
  return { kind, from, frames: b - a, duration: timeAt(tl, b) - from, onKeyframe: isKeyTime(tl, from), firstGap: timeAt(tl, a + 1) - from };
}

/** The frames [i0, i1) a requested segment holds; a 422-style PlanError when it holds none. */
export function frameRange(tl: Timeline, start: number, end: number, index: number): [number, number] {
  const i0 = firstAtOrAfter(tl.times, start);
  const i1 = firstAtOrAfter(tl.times, end);
  if (i0 >= tl.times.length) throw new PlanError(['segments', index, 'start'], `Start ${start} s is at or after the last frame (${tl.end} s)`);
  if (i1 <= i0) throw new PlanError(['segments', index, 'end'], `The segment ${start}–${end} s holds no frame`);
  return [i0, i1];
}

/** Exact cut, every frame re-encoded. */
export function reencodeCut(tl: Timeline, i0: number, i1: number): SegmentCut {
  return { actualStart: timeAt(tl, i0), actualEnd: timeAt(tl, i1), video: [partOf(tl, 'encode', i0, i1)] };
}

/**
 * Exact cut, only the partial GOPs re-encoded: frames before the first keyframe inside the
 * segment (head), whole GOPs copied (middle), frames from the last keyframe inside it (tail).
 */
export function smartCut(tl: Timeline, i0: number, i1: number): SegmentCut {
  const keyIndexes = tl.keyTimes.map((k) => firstAtOrAfter(tl.times, k)).filter((i) => i >= i0 && i <= i1);
  const first = keyIndexes[0];
  const last = keyIndexes[keyIndexes.length - 1];
  if (first === undefined || last === undefined || first >= last) return reencodeCut(tl, i0, i1);
  const part = (kind: VideoPart['kind'], a: number, b: number) => partOf(tl, kind, a, b);
  const video = [...(first > i0 ? [part('encode', i0, first)] : []), part('copy', first, last), ...(i1 > last ? [part('encode', last, i1)] : [])];
  return { actualStart: timeAt(tl, i0), actualEnd: timeAt(tl, i1), video };
}

/**
 * Stream copy from the keyframe at or before the start. The end is the longest run of
 * packets (decode order) that all show before the requested end, so the output never holds
 * a frame whose references were left out; the record says where it really ends.
 */
export function losslessCut(tl: Timeline, packets: readonly PacketFact[], i0: number, i1: number): SegmentCut {
  const startTime = timeAt(tl, i0);
  const keyTime = [...tl.keyTimes].reverse().find((k) => k <= startTime + FRAME_TOLERANCE_SECONDS) ?? tl.times[0]!;
  const endTime = i1 < tl.times.length ? timeAt(tl, i1) : Infinity;
  const begin = packets.findIndex((p) => p.key && Math.abs(p.pts - keyTime) <= FRAME_TOLERANCE_SECONDS);
  let n = 0;
  let maxPts = keyTime;
  for (let i = Math.max(0, begin); i < packets.length; i++) {
    const p = packets[i] as PacketFact;
    if (p.pts >= endTime - FRAME_TOLERANCE_SECONDS || (n > 0 && p.key && p.pts < keyTime)) break;
    n += 1;
    maxPts = Math.max(maxPts, p.pts);
  }
  const actualEnd = timeAt(tl, firstAtOrAfter(tl.times, maxPts) + 1);
  const firstGap = timeAt(tl, firstAtOrAfter(tl.times, keyTime) + 1) - keyTime;
  const part: VideoPart = { kind: 'copy', from: keyTime, frames: Math.max(1, n), duration: actualEnd - keyTime, onKeyframe: true, firstGap };
  const short = Math.min(i1, tl.times.length) - firstAtOrAfter(tl.times, actualEnd);
  return { actualStart: keyTime, actualEnd, video: [part], ...(short > 0 ? { framesShortAtEnd: short } : {}) };
}
