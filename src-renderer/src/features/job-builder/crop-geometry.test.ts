import { describe, expect, it } from 'vitest';
import { cropFromDrag } from './crop-geometry';

describe('cropFromDrag', () => {
  it.each([
    ['a drag down and right', { x: 10, y: 20 }, { x: 110, y: 70 }, { x: 10, y: 20, width: 100, height: 50 }],
    ['the same drag up and left', { x: 110, y: 70 }, { x: 10, y: 20 }, { x: 10, y: 20, width: 100, height: 50 }],
    ['odd sizes, rounded down to even', { x: 0.4, y: 0 }, { x: 101.2, y: 51 }, { x: 0, y: 0, width: 100, height: 50 }],
    ['a drag past the picture, kept inside', { x: -30, y: -5 }, { x: 400, y: 300 }, { x: 0, y: 0, width: 320, height: 240 }],
    ['a click without a drag, at least 2×2', { x: 50, y: 50 }, { x: 50, y: 50 }, { x: 50, y: 50, width: 2, height: 2 }],
    ['a drag from the far edge, still inside', { x: 320, y: 240 }, { x: 330, y: 250 }, { x: 318, y: 238, width: 2, height: 2 }],
  ])('when %s, then the crop is in source pixels', (_name, a, b, crop) => {
    expect(cropFromDrag(a, b, 320, 240)).toEqual(crop);
  });
});
