import { describe, expect, it } from 'vitest';
import type { ProbeStream } from '../media/probe-schema';
import { seekLeadOf, streamFactsOf } from './stream-facts';

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

describe('streamFactsOf: the size as shown', () => {
  const facts = (video: ProbeStream) => streamFactsOf({ streams: [{ index: 0, codec_type: 'video', width: 1920, height: 1080, ...video }], format: {} });
  it.each([
    ['no display matrix', {}, [1920, 1080]],
    ['a phone held upright (ffprobe 5: rotation 90 in the side data)', { side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] }, [1080, 1920]],
    ['the other way up (−90, as text)', { side_data_list: [{ rotation: '-90' }] }, [1080, 1920]],
    ['upside down (180): the same size', { side_data_list: [{ rotation: 180 }] }, [1920, 1080]],
    ["an older ffprobe's rotate tag", { tags: { rotate: '270' } }, [1080, 1920]],
  ])('%s', (_n, extra, size) => {
    const f = facts(extra);
    expect([f.width, f.height]).toEqual(size);
  });
});
