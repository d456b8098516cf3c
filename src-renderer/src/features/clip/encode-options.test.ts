import { describe, expect, it } from 'vitest';
import { DEFAULT_ENCODE, encodeFieldsOf, encodeOutputOf, scaledSize, sizeChoices } from './encode-options';

const wide = { width: 1920, height: 1080 };
const tall = { width: 1080, height: 1920 };

describe('the size, quality and GIF rate of an export', () => {
  it.each([
    ['reencode', 'cut.mp4', { size: true, quality: true, frameRate: false }],
    ['smart', 'cut.mp4', { size: false, quality: false, frameRate: false }],
    ['lossless', 'cut.mkv', { size: false, quality: false, frameRate: false }],
    ['smart', 'cut.gif', { size: true, quality: false, frameRate: true }],
    ['smart', 'frame.png', { size: true, quality: false, frameRate: false }],
    ['reencode', 'cut.mp3', { size: false, quality: false, frameRate: false }],
    ['reencode', 'cut.xyz', { size: false, quality: false, frameRate: false }],
  ] as const)('%s into %s offers %o', (mode, name, fields) => {
    expect(encodeFieldsOf(mode, name)).toEqual(fields);
  });

  it('offers the sizes below the source, with the pixels each gives; a portrait video counts its short side', () => {
    expect(sizeChoices(wide).map((c) => c.label)).toEqual(['720p — 1280 × 720', '480p — 854 × 480', '360p — 640 × 360', '240p — 426 × 240']);
    expect(sizeChoices(tall)[0]).toEqual({ shortSide: 720, label: '720p — 720 × 1280' });
    expect(sizeChoices({ width: 320, height: 240 })).toEqual([]);
  });

  it('rounds the width to even as ffmpeg does for scale=-2', () => {
    expect(scaledSize({ width: 160, height: 90 }, 46)).toEqual({ width: 82, height: 46 });
    expect(scaledSize(wide, 4000)).toBe(wide);
  });

  it('sends max_height as shown: the short side of a wide picture, the long side of a tall one', () => {
    const choices = { ...DEFAULT_ENCODE, shortSide: 720 };
    expect(encodeOutputOf(choices, 'reencode', 'cut.mp4', wide)).toEqual({ max_height: 720 });
    expect(encodeOutputOf(choices, 'reencode', 'cut.mp4', tall)).toEqual({ max_height: 1280 });
    // A smart cut keeps the source's size: nothing the service would refuse is sent.
    expect(encodeOutputOf(choices, 'smart', 'cut.mp4', wide)).toEqual({});
  });

  it('counts the quality steps from the default of the codec the service will encode with', () => {
    const small = { ...DEFAULT_ENCODE, quality: 'small' as const };
    expect(encodeOutputOf(small, 'reencode', 'cut.mp4', { ...wide, codec: 'h264' })).toEqual({ crf: 28 });
    expect(encodeOutputOf(small, 'reencode', 'cut.mp4', { ...wide, codec: 'hevc' })).toEqual({ crf: 30 });
    // WebM holds no H.264: VP9 it is, and VP9's scale.
    expect(encodeOutputOf(small, 'reencode', 'cut.webm', { ...wide, codec: 'h264' })).toEqual({ crf: 42 });
    // ProRes is not among the edit codecs: H.264.
    expect(encodeOutputOf({ ...DEFAULT_ENCODE, quality: 'standard' }, 'reencode', 'cut.mov', { ...wide, codec: 'prores' })).toEqual({ crf: 23 });
    expect(encodeOutputOf(DEFAULT_ENCODE, 'reencode', 'cut.mp4', wide)).toEqual({});
  });

  it('makes a GIF 480p at 12 fps unless told otherwise, and never bigger than its source', () => {
    expect(encodeOutputOf(DEFAULT_ENCODE, 'smart', 'cut.gif', wide)).toEqual({ max_height: 480, max_fps: 12 });
    expect(encodeOutputOf(DEFAULT_ENCODE, 'smart', 'cut.gif', { width: 640, height: 360 })).toEqual({ max_fps: 12 });
    expect(encodeOutputOf({ shortSide: 240, quality: 'small', gifFps: null }, 'smart', 'cut.gif', tall)).toEqual({ max_height: 426 });
  });
});
