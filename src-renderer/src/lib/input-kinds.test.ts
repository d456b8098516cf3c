import { describe, expect, it } from 'vitest';
import { declaredOrGuessed, inputKinds, kindOfName } from './input-kinds';

describe('input kinds a command reads', () => {
  it.each([
    ['a video out reads video only', ['-i {{in_1}} -vf scale=-2:720 {{out_1}}'], ['small.mp4'], 'in_1', ['video']],
    ['a GIF out reads video', ['-i {{in_1}} {{out_1}}'], ['clip.gif'], 'in_1', ['video']],
    ['an audio out reads video or audio', ['-i {{in_1}} -vn {{out_1}}'], ['sound.mp3'], 'in_1', ['video', 'audio']],
    ['a still out reads video or image', ['-i {{in_1}} -frames:v 1 {{out_1}}'], ['thumb.jpg'], 'in_1', ['video', 'image']],
    ['a subtitles= filter reads subtitles', ['-i {{in_1}} -vf subtitles={{in_2}} {{out_1}}'], ['burnt.mp4'], 'in_2', ['subtitles']],
    ['the alias says logo', ['-i {{in_1}} -i {{in_logo}} -filter_complex overlay {{out_1}}'], ['marked.mp4'], 'in_logo', ['image']],
    [
      'a second input without a hint reads any media',
      ['-i {{in_1}} -i {{in_2}} -filter_complex overlay {{out_1}}'],
      ['marked.mp4'],
      'in_2',
      ['video', 'audio', 'image'],
    ],
    ['outputs of unknown kind: any media', ['-i {{in_1}} -f segment {{out_1}}'], ['part_%03d'], 'in_1', ['video', 'audio', 'image']],
  ])('when %s', (_name, steps, outs, alias, expected) => {
    expect(inputKinds(steps, outs, alias)).toEqual(expected);
  });
});

describe('kinds a preset declares', () => {
  const steps = ['-i {{in_1}} -vn {{out_1}}'];
  it('when the preset input declares its kinds, then the picker takes them, not the guess from the command', () => {
    expect(declaredOrGuessed(['audio'], steps, ['sound.mp3'], 'in_1')).toEqual(['audio']);
  });
  it('when it declares none, then the guess stands', () => {
    expect(declaredOrGuessed(undefined, steps, ['sound.mp3'], 'in_1')).toEqual(['video', 'audio']);
    expect(declaredOrGuessed([], steps, ['sound.mp3'], 'in_1')).toEqual(['video', 'audio']);
  });
  it("when an output name has an extension of the service's list, then its kind is the service's (as watch folders read it)", () => {
    expect(kindOfName('take.MXF')).toBe('video');
    expect(kindOfName('voice.opus')).toBe('audio');
    expect(kindOfName('still.heic')).toBe('image');
    expect(kindOfName('index.m3u8')).toBe('video');
  });
});
