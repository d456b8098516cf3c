import { describe, expect, it } from 'vitest';
import { soundArgv } from './sound';

describe('soundArgv', () => {
  it('copies the packets a browser plays from MP4 and encodes the others to AAC stereo, mapping the track by its audio index', () => {
    const t = (codec: string) => ({ track: 2, codec, channels: 2, language: null, title: null });
    expect(soundArgv('in.mkv', t('aac'), 'out.m4a').join(' ')).toContain('-map 0:a:1 -c:a copy');
    expect(soundArgv('in.mkv', t('pcm_s24le'), 'out.m4a').join(' ')).toContain('-map 0:a:1 -c:a aac -b:a 160k -ac 2');
  });
});
