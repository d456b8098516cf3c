import { describe, expect, it } from 'vitest';
import { expectedPartSize, planUpload } from './upload-plan';

const MiB = 1024 * 1024;

describe('upload part planning (docs/api.md §4.8)', () => {
  it('when no part size is asked, then 8 MiB parts are used', () => {
    expect(planUpload(25 * MiB)).toEqual({ partSize: 8 * MiB, partCount: 4 });
  });
  it('when a part size below 5 MiB or above 5 GiB is asked, then it is clamped', () => {
    expect(planUpload(25 * MiB, 1024).partSize).toBe(5 * MiB);
    expect(planUpload(25 * MiB, 6 * 1024 * MiB).partSize).toBe(5 * 1024 * MiB);
  });
  it('when the file would need more than 10,000 parts, then the part size is raised', () => {
    const size = 5 * 1024 ** 4;
    const plan = planUpload(size);
    expect(plan.partCount).toBeLessThanOrEqual(10_000);
    expect(plan.partSize * plan.partCount).toBeGreaterThanOrEqual(size);
  });
  it('when the size is not a multiple of the part size, then only the last part is short', () => {
    expect(expectedPartSize(11 * MiB, 5 * MiB, 1)).toBe(5 * MiB);
    expect(expectedPartSize(11 * MiB, 5 * MiB, 3)).toBe(1 * MiB);
    expect(expectedPartSize(1, 5 * MiB, 1)).toBe(1);
  });
});
