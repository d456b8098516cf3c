/**
 * The silences the service found (GET /v1/files/{id}/silences) as segments to remove, as
 * LosslessCut's "detect silent scenes" marks them (docs/gui.md, "Find silences"). Pure.
 */

/** Kept of each silence on either side of the sound, so a word's first and last breath are not clipped. */
export const SILENCE_PAD_SECONDS = 0.1;

/**
 * Each silence shrunk by `pad` where it meets sound (not at the file's start or end) and laid on
 * the frame grid (its start on the next frame start, its end on a frame start), as the keys mark
 * cut points; a silence left shorter than a frame is dropped.
 */
export function silenceSegments(
  silences: readonly { start: number; end: number }[],
  duration: number,
  fps: number,
  pad = SILENCE_PAD_SECONDS,
): { start: number; end: number }[] {
  const onGrid = (t: number, round: (x: number) => number) => Math.round((round(t * fps - 1e-6) / fps) * 1e6) / 1e6;
  return silences
    .map((s) => ({
      start: s.start <= 0 ? 0 : onGrid(Math.min(duration, s.start + pad), (x) => Math.ceil(x)),
      end: s.end >= duration ? duration : onGrid(Math.max(0, s.end - pad), (x) => Math.floor(x + 2e-6)),
    }))
    .filter((s) => s.end - s.start >= 1 / fps - 1e-6);
}

/** "12 silences, 1:23 in all" style total: seconds under a minute in tenths. */
export function silenceTotal(segments: readonly { start: number; end: number }[]): string {
  const total = segments.reduce((sum, s) => sum + s.end - s.start, 0);
  if (total < 60) return `${total.toFixed(1)} s`;
  const m = Math.floor(total / 60);
  return `${m}:${String(Math.floor(total - m * 60)).padStart(2, '0')}`;
}
