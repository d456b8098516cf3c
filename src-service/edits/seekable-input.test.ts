import { describe, expect, it } from 'vitest';
import { isUnindexedMpeg } from './seekable-input';

/** `n` bytes with a sync byte every `step` from `first`. */
function packets(first: number, step: number, n = 600): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = first; i < n; i += step) b[i] = 0x47;
  return b;
}

describe('which inputs are copied into Matroska before a cut', () => {
  it('MPEG-TS (188-byte packets), M2TS (192, after a timestamp) and MPEG-PS are; MP4, a lone 0x47 and short files are not', () => {
    expect(isUnindexedMpeg(packets(0, 188))).toBe(true);
    expect(isUnindexedMpeg(packets(4, 192))).toBe(true);
    expect(isUnindexedMpeg(Uint8Array.from([0, 0, 1, 0xba, 0x44]))).toBe(true);
    expect(isUnindexedMpeg(Uint8Array.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom')]))).toBe(false);
    const lone = new Uint8Array(600);
    lone[0] = 0x47;
    expect(isUnindexedMpeg(lone)).toBe(false);
    expect(isUnindexedMpeg(packets(0, 188, 300))).toBe(false);
  });
});
