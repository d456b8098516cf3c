import type { Crop } from './convert-args';

export interface Point {
  x: number;
  y: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Down to an even number: 4:2:0 encoders (libx264, most hardware ones) refuse odd sizes. */
const even = (v: number) => Math.max(2, Math.floor(v / 2) * 2);

/**
 * The crop between two points of a drag, in source pixels: either corner may come first,
 * the rectangle stays inside the picture, width and height are even and at least 2.
 */
export function cropFromDrag(a: Point, b: Point, width: number, height: number): Crop {
  const x0 = Math.round(clamp(Math.min(a.x, b.x), 0, width - 2));
  const y0 = Math.round(clamp(Math.min(a.y, b.y), 0, height - 2));
  const x1 = clamp(Math.max(a.x, b.x), 0, width);
  const y1 = clamp(Math.max(a.y, b.y), 0, height);
  return { x: x0, y: y0, width: Math.min(even(x1 - x0), even(width - x0)), height: Math.min(even(y1 - y0), even(height - y0)) };
}
