import { describe, expect, it } from 'vitest';
import { formatTimecode, frameAt, losslessStart, nextKeyframe, previousKeyframe, seekTimeOfFrame, timeOfFrame } from './timecode';

describe('timecode', () => {
  it('formats HH:MM:SS:FF at 25 fps', () => {
    expect(formatTimecode(0, 25)).toBe('00:00:00:00');
    expect(formatTimecode(1.96, 25)).toBe('00:00:01:24');
    expect(formatTimecode(3725.04, 25)).toBe('01:02:05:01');
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
});
