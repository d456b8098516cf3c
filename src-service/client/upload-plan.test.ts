import { describe, expect, it } from 'vitest';
import { createRateMeter, planParts } from './upload-plan';

const MiB = 1024 * 1024;

describe('upload part planner', () => {
  it('when the size is a multiple of the part size, then all parts are full', () => {
    expect(planParts(16 * MiB, 8 * MiB)).toEqual([
      { partNumber: 1, start: 0, end: 8 * MiB },
      { partNumber: 2, start: 8 * MiB, end: 16 * MiB },
    ]);
  });

  it('when the size is not a multiple, then only the last part is smaller', () => {
    const parts = planParts(30 * MiB + 5, 8 * MiB);
    expect(parts).toHaveLength(4);
    expect(parts.slice(0, 3).every((p) => p.end - p.start === 8 * MiB)).toBe(true);
    expect(parts[3]!.end - parts[3]!.start).toBe(6 * MiB + 5);
  });

  it('when parts are planned, then they cover the file exactly once in order', () => {
    for (const size of [1, 5, 5 * MiB - 1, 5 * MiB, 5 * MiB + 1, 123_456_789]) {
      const parts = planParts(size, 5 * MiB);
      expect(parts[0]!.start).toBe(0);
      expect(parts.at(-1)!.end).toBe(size);
      parts.forEach((p, i) => {
        expect(p.partNumber).toBe(i + 1);
        if (i > 0) expect(p.start).toBe(parts[i - 1]!.end);
      });
    }
  });

  it('when the server returned a URL count, then the plan follows it', () => {
    expect(planParts(10, 5, 2)).toHaveLength(2);
  });

  it('when the part size is not positive, then it throws', () => {
    expect(() => planParts(10, 0)).toThrow(RangeError);
  });
});

describe('rate meter', () => {
  it('when bytes grow steadily, then the rate is bytes per second over the window', () => {
    let t = 0;
    const meter = createRateMeter(5000, () => t);
    meter.record(0);
    t = 1000;
    expect(meter.record(1000)).toBe(1000);
    t = 2000;
    expect(meter.record(3000)).toBe(1500);
  });
});
