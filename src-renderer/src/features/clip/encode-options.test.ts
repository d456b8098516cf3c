import { describe, expect, it } from 'vitest';
import {
  AS_SOURCE,
  DEFAULT_ENCODE,
  encodeFieldsOf,
  encodeKeyRefusal,
  encodeOutputOf,
  nextQuality,
  nextShortSide,
  scaledSize,
  sizeChoices,
} from './encode-options';

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

  it("keeps a GIF at the source's size once that is chosen (it fell back to the 480p default)", () => {
    expect(encodeOutputOf({ ...DEFAULT_ENCODE, shortSide: AS_SOURCE }, 'smart', 'cut.gif', wide)).toEqual({ max_fps: 12 });
    expect(encodeOutputOf({ ...DEFAULT_ENCODE, shortSide: AS_SOURCE }, 'reencode', 'cut.mp4', wide)).toEqual({});
  });

  it('R goes round the sizes from the one shown, Q round the qualities', () => {
    const small = { width: 854, height: 480 };
    const seen: (number | null)[] = [];
    let choices = { ...DEFAULT_ENCODE };
    for (let i = 0; i < 4; i++) {
      choices = { ...choices, shortSide: nextShortSide(choices, 'cut.mp4', small) };
      seen.push(choices.shortSide);
    }
    expect(seen).toEqual([360, 240, AS_SOURCE, 360]);
    // A GIF shows 480p by default: R goes on from there.
    expect(nextShortSide(DEFAULT_ENCODE, 'cut.gif', wide)).toBe(360);
    expect(['high', 'standard', 'small'].map((q) => nextQuality(q as 'high'))).toEqual(['standard', 'small', 'high']);
  });

  it('says why R or Q does nothing to an export that does not encode the picture', () => {
    expect(encodeKeyRefusal('R', 'reencode', 'cut.mp4', false)).toBeNull();
    expect(encodeKeyRefusal('R', 'smart', 'cut.gif', false)).toBeNull();
    expect(encodeKeyRefusal('R', 'smart', 'cut.mp4', false)).toBe(
      "R sets the size of the picture of a re-encode: a smart cut keeps the source's frames. M switches to Re-encode.",
    );
    expect(encodeKeyRefusal('Q', 'smart', 'cut.gif', false)).toBe('Q sets the quality of a video re-encode: a GIF has a size (R) and a frame rate.');
    expect(encodeKeyRefusal('Q', 'reencode', 'cut.mp3', false)).toBe('Q sets the quality of the picture, and a .mp3 file holds sound only.');
    expect(encodeKeyRefusal('R', 'reencode', 'talk.m4a', true)).toBe('R sets the size of the picture, and this file has none.');
  });
});
