import { openGopWatch } from './smart-source';

/**
 * Reads `ffprobe -show_entries packet=pts_time,flags -of compact=p=0` lines
 * ("pts_time=2.002000|flags=K__"): a packet whose flags start with K is a key packet. Pure.
 */
export function keyframeTimeOf(line: string): number | null {
  const p = packetOf(line);
  return p.key ? p.time : null;
}

/** One packet line: its presentation time (null when absent) and whether it is a key packet. */
function packetOf(line: string): { time: number | null; key: boolean } {
  let time: number | null = null;
  let key = false;
  for (const field of line.split('|')) {
    const eq = field.indexOf('=');
    const name = field.slice(0, eq);
    const value = field.slice(eq + 1);
    if (name === 'flags') key = value.startsWith('K');
    else if (name === 'pts_time') time = value === 'N/A' || value === '' ? null : Number(value);
  }
  return { time: time !== null && Number.isFinite(time) ? time : null, key };
}

/**
 * The key packet times of a stream's packet lines (in decode order), whether a GOP is open (the
 * rule a cut applies to its window: `openGopWatch`) and the frames' own rate, all in one pass.
 */
export function createPacketTally() {
  const times: number[] = [];
  const all: number[] = [];
  const openGop = openGopWatch();
  return {
    line(line: string): void {
      const p = packetOf(line);
      if (p.time === null) return;
      all.push(p.time);
      openGop.see(p.time, p.key);
      if (p.key) times.push(p.time);
    },
    result: () => ({ keyframes: sortedKeyframes(times), hasOpenGop: openGop.isOpen(), frameRate: shownFrameRate(all) }),
  };
}

/**
 * Frames per second as the frames are shown: one over the commonest gap between presentation
 * times (the median), three decimals; null for fewer than two frames. Where the decode times jump
 * (a recording with a gap; a smart cut made before its edges followed the source's decode delay),
 * ffprobe's avg_frame_rate, from the decode times' total, read 29.326 for 29.97 fps frames, and
 * every timecode of the clip view drifted (docs/api.md §4.12).
 */
function shownFrameRate(pts: number[]): number | null {
  if (pts.length < 2) return null;
  const sorted = [...pts].sort((a, b) => a - b);
  const gaps = sorted
    .slice(1)
    .map((t, i) => t - sorted[i]!)
    .filter((g) => g > 0)
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  return median ? Math.round((1 / median) * 1000) / 1000 : null;
}

/** Ascending and without repeats (packets come in decoding order; B-frames reorder pts). */
export function sortedKeyframes(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t !== sorted[i - 1]);
}
