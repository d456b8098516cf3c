import { describe, expect, it } from 'vitest';
import { audioTracksOf, noSuchTrack, subtitleTracksOf } from './tracks';

const audio = (index: number, codec: string, tags: Record<string, string> = {}, channels = 2) => ({
  index,
  codec_type: 'audio',
  codec_name: codec,
  channels,
  tags,
});

describe('audioTracksOf', () => {
  it('when an MP4 names its tracks only by generic handlers, then they have no title; a named handler or a title tag is the title; "und" is no language', () => {
    const tracks = audioTracksOf({
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264' },
        audio(1, 'aac', { handler_name: 'SoundHandler', language: 'und' }),
        audio(2, 'aac', { handler_name: 'Mic', language: 'deu' }),
        audio(3, 'opus', { title: 'Game', handler_name: 'Core Media Audio' }, 6),
      ],
    });
    expect(tracks).toEqual([
      { track: 1, codec: 'aac', channels: 2, language: null, title: null },
      { track: 2, codec: 'aac', channels: 2, language: 'deu', title: 'Mic' },
      { track: 3, codec: 'opus', channels: 6, language: null, title: 'Game' },
    ]);
  });
});

describe('subtitleTracksOf', () => {
  it('numbers the subtitle streams from 1 among themselves, tells pictures from text, "und" is no language', () => {
    const tracks = subtitleTracksOf({
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'h264' },
        audio(1, 'aac'),
        { index: 2, codec_type: 'subtitle', codec_name: 'subrip', tags: { language: 'eng', title: 'English' } },
        { index: 3, codec_type: 'subtitle', codec_name: 'hdmv_pgs_subtitle', tags: { language: 'und' } },
      ],
    });
    expect(tracks).toEqual([
      { track: 1, codec: 'subrip', language: 'eng', title: 'English', isPicture: false },
      { track: 2, codec: 'hdmv_pgs_subtitle', language: null, title: null, isPicture: true },
    ]);
  });
});

describe('noSuchTrack', () => {
  it('says how many tracks of that kind there are, or that there is none', () => {
    expect(noSuchTrack('file', 'audio', 1, 2)).toBe('The file has 1 audio track, not 2');
    expect(noSuchTrack('input', 'subtitle', 2, 3)).toBe('The input has 2 subtitle tracks, not 3');
    expect(noSuchTrack('input', 'subtitle', 0, 1)).toBe('The input has no subtitle track');
  });
});
