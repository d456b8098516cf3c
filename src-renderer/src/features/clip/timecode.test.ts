import { describe, expect, it } from 'vitest';
import {
  formatTimecode,
  fpsOf,
  frameAt,
  losslessStart,
  nextKeyframe,
  parseGoTo,
  previousKeyframe,
  seekTimeOfFrame,
  SOUND_STEPS,
  timeOfFrame,
} from './timecode';

describe('timecode', () => {
  it('formats HH:MM:SS:FF at 25 fps', () => {
    expect(formatTimecode(0, 25)).toBe('00:00:00:00');
    expect(formatTimecode(1.96, 25)).toBe('00:00:01:24');
    expect(formatTimecode(3725.04, 25)).toBe('01:02:05:01');
  });

  it("reads a sound's time in milliseconds, and takes it back from Go to, where a frame's timecode means nothing", () => {
    expect(formatTimecode(0, SOUND_STEPS, true)).toBe('00:00:00.000');
    expect(formatTimecode(timeOfFrame(12_005, SOUND_STEPS), SOUND_STEPS, true)).toBe('00:00:12.005');
    expect(formatTimecode(3725.25, SOUND_STEPS, true)).toBe('01:02:05.250');
    expect(parseGoTo('00:01:02.130', SOUND_STEPS, true)).toBe(62.13);
    expect(parseGoTo(formatTimecode(1.219, SOUND_STEPS, true), SOUND_STEPS, true)).toBe(1.219);
    expect(parseGoTo('00:00:01:05', SOUND_STEPS, true)).toBe('invalid');
    expect(parseGoTo('00:00:01:05', 25)).toBe(timeOfFrame(30, 25));
  });

  it('counts frames within real seconds at 29.97 fps', () => {
    const fps = 30000 / 1001;
    expect(formatTimecode(timeOfFrame(29, fps), fps)).toBe('00:00:00:29');
    expect(formatTimecode(timeOfFrame(30, fps), fps)).toBe('00:00:01:00');
    // After 1000 frames, real time is 33.37 s: the timecode says 33 s, not 33 s + 10 frames.
    expect(formatTimecode(timeOfFrame(1000, fps), fps)).toMatch(/^00:00:33:/);
  });

  it('maps a seek back to the same frame', () => {
    for (const fps of [24, 25, 30000 / 1001, 60]) {
      for (const n of [0, 1, 7, 299, 12345]) expect(frameAt(seekTimeOfFrame(n, fps), fps)).toBe(n);
      for (const n of [0, 1, 7, 299, 12345]) expect(frameAt(timeOfFrame(n, fps), fps)).toBe(n);
    }
  });

  it('finds the keyframes around a time, never the one under the playhead', () => {
    const k = [0, 2, 4, 6];
    expect(previousKeyframe(k, 4.01, 25)).toBe(2);
    expect(previousKeyframe(k, 4.5, 25)).toBe(4);
    expect(previousKeyframe(k, 0, 25)).toBeNull();
    expect(nextKeyframe(k, 4.01, 25)).toBe(6);
    expect(nextKeyframe(k, 3.5, 25)).toBe(4);
    expect(nextKeyframe(k, 6, 25)).toBeNull();
  });

  it('says where a lossless cut starts: the keyframe at or before the in point, and how many frames early', () => {
    const k = [0, 2, 4];
    expect(losslessStart(k, timeOfFrame(63, 25), 25)).toEqual({ keyframe: 2, frames: 13 });
    expect(losslessStart(k, 4, 25)).toBeNull(); // on a keyframe
    expect(losslessStart(k, timeOfFrame(49, 25), 25)).toEqual({ keyframe: 0, frames: 49 });
    expect(losslessStart([], 1, 25)).toBeNull(); // keyframes not known yet
    // Frames 23 ms after the grid (an MKV): the in point on the grid is the keyframe's frame.
    expect(losslessStart([0.023, 2.023], timeOfFrame(60, 30), 30)).toBeNull();
    expect(losslessStart([0.023, 2.023], timeOfFrame(61, 30), 30)).toEqual({ keyframe: 2.023, frames: 1 });
  });

  it('steps keyframe to keyframe where the frames sit 23 ms after the grid (an MKV or MPEG-TS whose video starts after its audio)', () => {
    const k = [0.023, 2.023, 4.023];
    // The player shows frame 0 at a tenth of a frame in, before the keyframe's own time.
    const onFirst = seekTimeOfFrame(frameAt(0.023, 30), 30);
    expect(nextKeyframe(k, onFirst, 30)).toBe(2.023);
    expect(nextKeyframe(k, seekTimeOfFrame(frameAt(2.023, 30), 30), 30)).toBe(4.023);
    expect(previousKeyframe(k, seekTimeOfFrame(frameAt(4.023, 30), 30), 30)).toBe(2.023);
    expect(previousKeyframe(k, onFirst, 30)).toBeNull();
  });

  it('takes the rate the service rounds to the millisecond (29.97) as the NTSC rate it is, so keyframes late in a film land on their frame', () => {
    const fps = fpsOf(29.97);
    expect(fps).toBe(30000 / 1001);
    expect(fpsOf(23.976)).toBe(24000 / 1001);
    expect(fpsOf(59.94)).toBe(60000 / 1001);
    expect(fpsOf(25)).toBe(25);
    expect(fpsOf(29.5)).toBe(29.5);
    expect(fpsOf(null)).toBe(25);
    // 2 s GOPs of a 29.97 fps film, keyframe times as ffprobe gives them: frame 1200 is at 40.04 s, frame 216 000 at 7207.2 s.
    const k = [38.038, 40.04, 42.042, 7205.198, 7207.2];
    const onFrame = (n: number) => seekTimeOfFrame(n, fps);
    expect(frameAt(40.04, fps)).toBe(1200);
    expect(nextKeyframe(k, onFrame(1199), fps)).toBe(40.04);
    expect(previousKeyframe(k, onFrame(1201), fps)).toBe(40.04);
    expect(losslessStart(k, timeOfFrame(1200, fps), fps)).toBeNull();
    expect(losslessStart(k, timeOfFrame(1199, fps), fps)).toEqual({ keyframe: 38.038, frames: 59 });
    expect(frameAt(7207.2, fps)).toBe(216_000);
    expect(nextKeyframe(k, onFrame(215_999), fps)).toBe(7207.2);
  });

  it('reads a time typed into Go to: a timecode as shown, or seconds, minutes and hours', () => {
    const fps = 30000 / 1001;
    // Timecode counts real seconds: 40 s falls inside frame 1199 (40.0067 s), and frame 1200 (40.04 s) reads 00:00:40:01.
    expect(parseGoTo('00:00:40:00', fps)).toBe(timeOfFrame(1199, fps));
    expect(parseGoTo('00:00:40:01', fps)).toBe(timeOfFrame(1200, fps));
    expect(formatTimecode(parseGoTo('01:02:13:05', fps) as number, fps)).toBe('01:02:13:05');
    expect(formatTimecode(parseGoTo('00:00:32:29', fps) as number, fps)).toBe('00:00:32:29');
    // A time in seconds means the frame on screen then, unless that frame began in the second before.
    expect(formatTimecode(parseGoTo('1:02:13', fps) as number, fps)).toBe('01:02:13:00');
    expect(formatTimecode(parseGoTo('0:10', fps) as number, fps)).toBe('00:00:10:00');
    expect(formatTimecode(parseGoTo('10.02', fps) as number, fps)).toBe('00:00:10:00');
    expect(formatTimecode(parseGoTo('12.25', 25) as number, 25)).toBe('00:00:12:06');
    expect(formatTimecode(parseGoTo('5.001', 25) as number, 25)).toBe('00:00:05:00');
    expect(parseGoTo(' 75.5 ', 25)).toBe(75.48);
    expect(parseGoTo('75.52', 25)).toBe(75.52);
    expect(parseGoTo('75.5399', 25)).toBe(75.52);
    expect(parseGoTo('00:00:01;00', 25)).toBe(1);
    for (const bad of ['', 'abc', '00:61:00:00', '00:00:00:30', '1:2:3:4:5', '00:00:00:1x']) expect(parseGoTo(bad, fps)).toBe('invalid');
  });
});
