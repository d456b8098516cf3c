import { describe, expect, it } from 'vitest';
import { parseBuildVersion } from './build-version';
import { pickProbeBinary, type StartTimed } from './probe-choice';

const timed = (source: string, firstLine: string, startMs: number | null): StartTimed => ({
  c: { source: source as StartTimed['c']['source'], path: `/x/${source}` },
  build: parseBuildVersion(firstLine),
  startMs,
});

const DEBIAN = 'ffprobe version 5.1.9-0+deb12u1 Copyright (c) 2007-2026 the FFmpeg developers';
const STATIC_2023 = 'ffprobe version N-66595-gc2b38619c0-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2007-2023 the FFmpeg developers';
const OLD_STATIC = 'ffprobe version 4.0.2-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2007-2018 the FFmpeg developers';

describe('pickProbeBinary', () => {
  it('when a recent enough build starts quicker, then it probes even though another is newer', () => {
    const quick = timed('@ffprobe-installer/ffprobe', STATIC_2023, 2);
    const slow = timed('PATH', DEBIAN, 80);
    const got = pickProbeBinary([slow, quick]);
    expect(got?.pick).toBe(quick);
    expect(got?.reason).toMatch(/quickest to start of 2 .*starts in 2\.0 ms/);
    expect(got?.whyNot(slow.c)).toBe('starts in 80.0 ms, slower than 2.0 ms');
  });

  it('when the quickest is older than FFmpeg 5.0, then it is passed over', () => {
    const old = timed('ffprobe-static', OLD_STATIC, 1);
    const debian = timed('PATH', DEBIAN, 80);
    const got = pickProbeBinary([old, debian]);
    expect(got?.pick).toBe(debian);
    expect(got?.whyNot(old.c)).toBe('older than FFmpeg 5.0');
  });

  it('when two start about as quickly, then the newer wins (a 2023 git build is newer than 5.1)', () => {
    const a = timed('PATH', DEBIAN, 10);
    const b = timed('@ffprobe-installer/ffprobe', STATIC_2023, 11);
    expect(pickProbeBinary([a, b])?.pick).toBe(b);
    expect(pickProbeBinary([b, a])?.pick).toBe(b);
  });

  it('when nothing is recent enough or nothing was timed, then there is no pick (the newest rule applies)', () => {
    expect(pickProbeBinary([timed('ffprobe-static', OLD_STATIC, 1)])).toBeNull();
    expect(pickProbeBinary([timed('PATH', DEBIAN, null)])).toBeNull();
  });
});
