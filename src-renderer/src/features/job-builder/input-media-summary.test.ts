import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../../src-service/client';
import { codecsOf } from './InputMediaSummary';

const file = (over: Partial<StoredFile>) => ({ codec: 'hevc', sample_rate: 48000, channels: 6, ...over }) as StoredFile;

describe('the input summary', () => {
  it('says a picture of more than 8 bits (what many players and H.264 hardware decoders refuse)', () => {
    expect(codecsOf(file({ pixel_format: 'yuv420p10le' }))).toBe('hevc 10-bit · 48 kHz audio · 6 ch');
    expect(codecsOf(file({ pixel_format: 'yuv422p12be' }))).toBe('hevc 12-bit · 48 kHz audio · 6 ch');
    expect(codecsOf(file({ pixel_format: 'yuv420p' }))).toBe('hevc · 48 kHz audio · 6 ch');
    expect(codecsOf(file({ pixel_format: undefined, codec: 'h264', channels: 2 }))).toBe('h264 · 48 kHz audio · 2 ch');
  });
});
