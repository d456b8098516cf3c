/**
 * Frames and timecode at the source's frame rate. Times are seconds from the start of the
 * file; a frame n starts at n / fps. Timecode is HH:MM:SS:FF of real time (FF counts the
 * frames within that second), so 29.97 fps reads true against a clock, with no drop-frame rules.
 */
const DEFAULT_FPS = 25;

export function fpsOf(frameRate: number | null | undefined): number {
  return frameRate && Number.isFinite(frameRate) && frameRate > 0 ? frameRate : DEFAULT_FPS;
}

/** The frame shown at time t (a tiny tolerance absorbs float error from the player). */
export function frameAt(t: number, fps: number): number {
  return Math.max(0, Math.floor(t * fps + 1e-3));
}

/** The start time of frame n, as a cut point. */
export function timeOfFrame(n: number, fps: number): number {
  return Math.round((Math.max(0, n) / fps) * 1e6) / 1e6;
}

/** Where to seek the player to show frame n: a tenth of a frame in, so rounding never lands on n − 1. */
export function seekTimeOfFrame(n: number, fps: number): number {
  return (Math.max(0, n) + 0.1) / fps;
}

export function formatTimecode(t: number, fps: number): string {
  const n = frameAt(t, fps);
  const seconds = Math.floor((n + 1e-6) / fps);
  const ff = n - Math.ceil(seconds * fps - 1e-6);
  const two = (v: number) => String(v).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}:${two(Math.max(0, ff))}`;
}

/**
 * The out point as editors read it: the time of the last frame kept, where a segment's end is
 * the time the next frame starts (O at 00:00:00:24 shows 00:00:00:24; docs/gui.md, "Cut").
 */
export function lastFrameTime(end: number, fps: number): number {
  return Math.max(0, end - 1 / fps);
}

/** The last keyframe strictly before the frame at t (half a frame of tolerance). */
export function previousKeyframe(keyframes: readonly number[], t: number, fps: number): number | null {
  const limit = t - 0.5 / fps;
  let found: number | null = null;
  for (const k of keyframes) if (k < limit && (found === null || k > found)) found = k;
  return found;
}

/** The first keyframe strictly after the frame at t. */
export function nextKeyframe(keyframes: readonly number[], t: number, fps: number): number | null {
  const limit = t + 0.5 / fps;
  let found: number | null = null;
  for (const k of keyframes) if (k > limit && (found === null || k < found)) found = k;
  return found;
}
