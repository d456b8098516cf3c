import { describe, expect, it } from 'vitest';
import { audioTracksOf, soundArgv } from './sound';

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

describe('soundArgv', () => {
  it('copies the packets a browser plays from MP4 and encodes the others to AAC stereo, mapping the track by its audio index', () => {
    const t = (codec: string) => ({ track: 2, codec, channels: 2, language: null, title: null });
    expect(soundArgv('in.mkv', t('aac'), 'out.m4a').join(' ')).toContain('-map 0:a:1 -c:a copy');
    expect(soundArgv('in.mkv', t('pcm_s24le'), 'out.m4a').join(' ')).toContain('-map 0:a:1 -c:a aac -b:a 160k -ac 2');
  });
});
