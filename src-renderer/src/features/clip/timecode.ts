/**
 * Frames and timecode at the source's frame rate. Times are seconds from the start of the
 * file; a frame n starts at n / fps. Timecode is HH:MM:SS:FF of real time (FF counts the
 * frames within that second), so 29.97 fps reads true against a clock, with no drop-frame rules.
 */
import { parseTime } from '../../lib/time-text';

const DEFAULT_FPS = 25;

/**
 * A file without video has no frames: its grid is the millisecond, shown as HH:MM:SS.mmm as sound
 * editors (Audition, Audacity) show it, and ← → move SOUND_STEP of them, Shift+← → SOUND_BIG_STEP
 * (docs/gui.md, "Sound only"). The 25 steps a second it had before put every cut on 40 ms.
 */
export const SOUND_STEPS = 1000;
export const SOUND_STEP = 10;
export const SOUND_BIG_STEP = 100;

/**
 * The source's frame rate, as exact as it can be known. The service gives it to the millisecond
 * (29.97), and the NTSC rates are N × 1000/1001 (29.97002997…): with the rounded value, frame
 * 1200 of a 29.97 fps film (40.04 s) counted as frame 1199.9988, so Shift+→ stopped a frame short
 * of every keyframe from about half a minute on, and a lossless cut started a whole GOP early.
 * A rate that rounds to one of those is taken as that rate.
 */
export function fpsOf(frameRate: number | null | undefined): number {
  if (!(frameRate && Number.isFinite(frameRate) && frameRate > 0)) return DEFAULT_FPS;
  for (const n of [24, 30, 48, 60, 120]) {
    const ntsc = (n * 1000) / 1001;
    if (Math.abs(frameRate - ntsc) < 0.0015) return ntsc;
  }
  return frameRate;
}

/** The frame shown at time t (a tiny tolerance absorbs float error from the player). */
export function frameAt(t: number, fps: number): number {
  return Math.max(0, Math.floor(t * fps + 1e-3));
}

/**
 * How far the video's frames sit after the frame grid n/fps, from its first keyframe's time
 * (0 ≤ origin < one frame): 0.023 for an MKV or MPEG-TS whose video starts 23 ms after its audio,
 * 0 for an MP4. The player adds it to its seeks (use-player.ts); cut points stay on the grid, where
 * the service takes the first frame at or after each (docs/cutting.md, "What is exact").
 */
export function frameOrigin(keyframes: readonly number[], fps: number): number {
  const first = keyframes[0];
  if (first === undefined || !(fps > 0)) return 0;
  const origin = first - frameAt(first, fps) / fps;
  return origin > 0 && origin < 1 / fps ? origin : 0;
}

/** The start time of frame n, as a cut point. */
export function timeOfFrame(n: number, fps: number): number {
  return Math.round((Math.max(0, n) / fps) * 1e6) / 1e6;
}

/** Where to seek the player to show frame n: a tenth of a frame in, so rounding never lands on n − 1. */
export function seekTimeOfFrame(n: number, fps: number): number {
  return (Math.max(0, n) + 0.1) / fps;
}

/** HH:MM:SS:FF at fps; a sound's HH:MM:SS.mmm (its grid is SOUND_STEPS a second). */
export function formatTimecode(t: number, fps: number, sound = false): string {
  const two = (v: number) => String(v).padStart(2, '0');
  const clock = (seconds: number) => `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  if (sound) {
    const ms = frameAt(t, SOUND_STEPS);
    return `${clock(Math.floor(ms / 1000))}.${String(ms % 1000).padStart(3, '0')}`;
  }
  const n = frameAt(t, fps);
  const seconds = Math.floor((n + 1e-6) / fps);
  const ff = n - Math.ceil(seconds * fps - 1e-6);
  return `${clock(seconds)}:${two(Math.max(0, ff))}`;
}

/**
 * The out point as editors read it: the time of the last frame kept, where a segment's end is
 * the time the next frame starts (O at 00:00:00:24 shows 00:00:00:24; docs/gui.md, "Cut").
 */
export function lastFrameTime(end: number, fps: number): number {
  return Math.max(0, end - 1 / fps);
}

/**
 * The out point as shown: a video's last frame kept (lastFrameTime), a sound's end itself. A sound
 * editor reads 00:00:10.000 → 00:00:12.500 as 2.500 s; with the last millisecond kept shown, O at
 * 12.500 kept up to 12.501, and two segments made 5.762 s of 3.260 + 2.500.
 */
export function shownOut(end: number, fps: number, sound: boolean): number {
  return sound ? end : lastFrameTime(end, fps);
}

/**
 * The last keyframe on a frame before the frame at t. Compared frame by frame, not by seconds: an
 * MKV's or MPEG-TS's frames can sit 23 ms after the frame grid (the video starting after the
 * audio), and the player shows a frame a tenth of a frame in (seekTimeOfFrame), so "after t by
 * half a frame" found the keyframe the playhead was already on, and Shift+→ stayed there.
 */
export function previousKeyframe(keyframes: readonly number[], t: number, fps: number): number | null {
  const here = frameAt(t, fps);
  let found: number | null = null;
  for (const k of keyframes) if (frameAt(k, fps) < here && (found === null || k > found)) found = k;
  return found;
}

/** The first keyframe on a frame after the frame at t (previousKeyframe says why by frames). */
export function nextKeyframe(keyframes: readonly number[], t: number, fps: number): number | null {
  const here = frameAt(t, fps);
  let found: number | null = null;
  for (const k of keyframes) if (frameAt(k, fps) > here && (found === null || k < found)) found = k;
  return found;
}

/**
 * Where a lossless cut really starts a part beginning at t: the service copies from the keyframe at
 * or before its first frame (docs/cutting.md, "The modes"). Null when t is on a keyframe or no
 * keyframe is known; else that keyframe and how many frames early it is.
 */
export function losslessStart(keyframes: readonly number[], t: number, fps: number): { keyframe: number; frames: number } | null {
  const here = frameAt(t, fps);
  let found: number | null = null;
  for (const k of keyframes) if (frameAt(k, fps) <= here && (found === null || k > found)) found = k;
  if (found === null) return null;
  const frames = here - frameAt(found, fps);
  return frames > 0 ? { keyframe: found, frames } : null;
}

/** A count of frames in words: "1 frame", "13 frames". */
export const framesWord = (n: number): string => (n === 1 ? '1 frame' : `${n} frames`);

/**
 * A time typed into Go to (Ctrl+G): a timecode as the player shows it (`01:02:13:05`, frames
 * counted within the second, `;` as a drop-frame separator accepted), or a time in seconds,
 * minutes or hours (`75.5`, `1:15`, `1:02:13`), where the frame on screen at that time is meant
 * (`12.25` at 25 fps: 00:00:12:06, shown from 12.24 s to 12.28 s), unless that frame began in the
 * second before: then the second's first frame (`0:10` at 29.97 fps shows 00:00:10:00, not the
 * frame on screen since 9.977 s, which reads 00:00:09:29). It took the first frame starting at or
 * after the time, so `12.25` went to 00:00:12:07 and `5.001` to 00:00:05:01.
 * A sound has no frames: its time as shown (`00:01:02.130`) is a time in hours, minutes and seconds.
 * The frame's start time, or 'invalid'.
 */
export function parseGoTo(text: string, fps: number, sound = false): number | 'invalid' {
  const parts = text.trim().replace(';', ':').split(':');
  if (parts.length === 4) {
    if (sound) return 'invalid';
    if (!parts.every((p, i) => (i === 0 ? /^\d+$/ : /^\d{1,2}$/).test(p))) return 'invalid';
    const [h, m, s, ff] = parts.map(Number) as [number, number, number, number];
    if (m >= 60 || s >= 60 || ff >= Math.ceil(fps)) return 'invalid';
    const seconds = h * 3600 + m * 60 + s;
    return timeOfFrame(Math.ceil(seconds * fps - 1e-6) + ff, fps);
  }
  const t = parseTime(text);
  if (t === null || t === 'invalid') return 'invalid';
  const shown = frameAt(t, fps);
  const second = Math.floor(t + 1e-9);
  return timeOfFrame(shown / fps < second - 1e-9 ? Math.ceil(second * fps - 1e-6) : shown, fps);
}
