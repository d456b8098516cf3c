import { describe, expect, it } from 'vitest';
import { keptFrameAt, moveEdge, startEdgeDrag } from './edge-drag';

const seg = { id: 1, name: 'segment 1', start: 1, end: 2.04 };

describe('dragging a segment edge', () => {
  it('when a grip is pressed off its edge and let go without a move, then the edge stays where it was', () => {
    // Pressed 0.3 s right of the out point (a few px at a low zoom).
    const drag = startEdgeDrag(seg, 0, 'end', 2.34, 45);
    expect(moveEdge(drag, seg, 2.34, 25, 45).t).toBe(2.04);
  });

  it('moves by how far the pointer moved, on the frame grid, keeping the segment a frame long and inside the file', () => {
    const end = startEdgeDrag(seg, 0, 'end', 2.1, 45);
    expect(moveEdge(end, seg, 3.1, 25, 45).t).toBe(3.04);
    expect(moveEdge(end, seg, -5, 25, 45).t).toBe(1.04);
    expect(moveEdge(end, seg, 60, 25, 45).t).toBe(45);
    const start = startEdgeDrag(seg, 0, 'start', 0.95, 45);
    expect(moveEdge(start, seg, 0.45, 25, 45).t).toBe(0.52);
    expect(moveEdge(start, seg, 9, 25, 45).t).toBe(2);
    expect(keptFrameAt({ ...end, t: 3.04 }, 25)).toBeCloseTo(3, 6);
  });
});
