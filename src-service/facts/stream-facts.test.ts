import { describe, expect, it } from 'vitest';
import { seekLeadOf } from './stream-facts';

describe('seekLeadOf', () => {
  const bframes = [{ codec_type: 'video', has_b_frames: 2 }, { codec_type: 'audio' }];
  it.each([
    ['Matroska with B-frames: ffmpeg aims 3/23 s early there', 'matroska,webm', bframes, 3 / 23 + 0.001],
    ['MP4/MOV seek by presentation time', 'mov,mp4,m4a,3gp,3g2,mj2', bframes, 0],
    ['MPEG-TS has no index: a later aim lands a GOP late', 'mpegts', bframes, 0],
    ['MPEG-PS likewise', 'mpeg', bframes, 0],
    ['no B-frames: no early aim', 'matroska,webm', [{ codec_type: 'video', has_b_frames: 0 }], 0],
    ['an unknown format name', undefined, bframes, 3 / 23 + 0.001],
  ])('%s', (_n, format, streams, lead) => {
    expect(seekLeadOf(format, streams)).toBeCloseTo(lead, 9);
  });
});
