import { describe, expect, it } from 'vitest';
import { compareKindOf, formatBitrate, mediaFactsLine, storageFileIdOf } from './compare-facts';

describe('compare facts', () => {
  it('formats bitrates in editor words', () => {
    expect(formatBitrate(2150)).toBe('2.1 Mbit/s');
    expect(formatBitrate(320.4)).toBe('320 kbit/s');
    expect(formatBitrate(0)).toBeNull();
    expect(formatBitrate(undefined)).toBeNull();
  });

  it('joins resolution, duration, bitrate and size, leaving out what is unknown', () => {
    expect(mediaFactsLine({ width: 1280, height: 720, duration: 8.2, bitrate_video_kb: 2000, bitrate_audio_kb: 128, size_mbytes: 2.3 })).toBe(
      '1280×720 · 0:08 · 2.1 Mbit/s · 2.3 MB',
    );
    expect(mediaFactsLine({ width: 320, height: 180, size_mbytes: 0.5 })).toBe('320×180 · 512 KB');
    expect(mediaFactsLine(undefined)).toBe('');
  });

  it('finds the file id in public and signed storage URLs only', () => {
    expect(storageFileIdOf('http://127.0.0.1:4000/v1/storage/f_abc/in.mp4')).toBe('f_abc');
    expect(storageFileIdOf('http://127.0.0.1:4000/v1/storage/s/tok.en/f_abc/in%20x.mp4')).toBe('f_abc');
    expect(storageFileIdOf('https://example.com/video.mp4')).toBeNull();
    expect(storageFileIdOf('not a url')).toBeNull();
  });

  it('draws each side by its type: record first, then extension', () => {
    expect(compareKindOf('http://x/a.mp4', { file_type: 'image', file_format: 'gif', filename: 'a.gif', mime_type: 'image/gif' })).toBe('image');
    expect(compareKindOf('http://x/a.GIF')).toBe('image');
    expect(compareKindOf('http://x/a.mp3')).toBe('audio');
    expect(compareKindOf('http://x/a.mp4')).toBe('video');
  });
});
