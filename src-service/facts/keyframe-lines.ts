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
 * The key packet times of a stream's packet lines (in decode order), and whether a GOP is open: a
 * packet after a key packet shown before it refers to the GOP before, as `hasOpenGop` of
 * src-service/edits/facts.ts finds in a cut's window. Read in the same pass, for nothing more.
 */
export function createPacketTally() {
  const times: number[] = [];
  let keyTime = -Infinity;
  let hasOpenGop = false;
  return {
    line(line: string): void {
      const p = packetOf(line);
      if (p.time === null) return;
      if (p.key) {
        times.push(p.time);
        keyTime = p.time;
      } else if (p.time < keyTime) hasOpenGop = true;
    },
    result: () => ({ keyframes: sortedKeyframes(times), hasOpenGop }),
  };
}

/** Ascending and without repeats (packets come in decoding order; B-frames reorder pts). */
export function sortedKeyframes(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t !== sorted[i - 1]);
}
