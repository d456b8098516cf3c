import { describe, expect, it } from 'vitest';
import { mp4FamilyExt, timescaleArgs } from './mp4-family';

describe('the MP4 family of containers', () => {
  it('when a name ends in an MP4-family extension in any case, then it is named lower-case; any other name is not', () => {
    expect(['a.mp4', 'b.M4V', 'c.Mov', 'd.m4a', 'e.mkv', 'mp4', 'f.mp4.webm', 'g.'].map(mp4FamilyExt)).toEqual([
      'mp4',
      'm4v',
      'mov',
      'm4a',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
  it('when a time base is 1/N, then N becomes the track timescale; any other time base gives none', () => {
    expect(timescaleArgs('1/15360')).toEqual(['-video_track_timescale', '15360']);
    expect([undefined, '', '2/90000', '1/', '1/9x', '/90000', '1/1/2'].map(timescaleArgs)).toEqual([[], [], [], [], [], [], []]);
  });
});
