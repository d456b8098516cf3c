/**
 * Reads `ffprobe -show_entries packet=pts_time,flags -of compact=p=0` lines
 * ("pts_time=2.002000|flags=K__"): a packet whose flags start with K is a key packet. Pure.
 */
export function keyframeTimeOf(line: string): number | null {
  let time: number | null = null;
  let key = false;
  for (const field of line.split('|')) {
    const eq = field.indexOf('=');
    const name = field.slice(0, eq);
    const value = field.slice(eq + 1);
    if (name === 'flags') key = value.startsWith('K');
    else if (name === 'pts_time') time = value === 'N/A' || value === '' ? null : Number(value);
  }
  return key && time !== null && Number.isFinite(time) ? time : null;
}

/** Ascending and without repeats (packets come in decoding order; B-frames reorder pts). */
export function sortedKeyframes(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.filter((t, i) => i === 0 || t !== sorted[i - 1]);
}
