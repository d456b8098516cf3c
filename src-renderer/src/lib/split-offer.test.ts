import { describe, expect, it } from 'vitest';
import { lanesOf, segmentSecondsFor, splitEstimate } from './split-offer';

describe('splitEstimate', () => {
  it('is the duration over the lanes: the last segment is halved, so no lane waits a whole segment', () => {
    // 150 s on 2 lanes: 18 s segments (four per lane at least), 9 of them.
    expect(segmentSecondsFor(150, 2)).toBe(18);
    expect(splitEstimate(150, 2)).toEqual({ oneLane: 150, split: 75, segments: 9 });
  });

  it('with fewer segments than lanes, each segment is a lane of its own', () => {
    expect(splitEstimate(60, 8, 30)).toEqual({ oneLane: 60, split: 30, segments: 2 });
  });

  it('one lane: no gain', () => {
    expect(splitEstimate(600, 1).split).toBe(600);
  });
});

describe('lanesOf', () => {
  const redis = { queue: 'redis', workers: [{ vcpus: 4 }, { vcpus: 2 }] };

  it('with scale-out: the workers’ vCPUs; without: the service’s budget', () => {
    expect(lanesOf(redis, 2)).toEqual({ lanes: 6, where: 'workers' });
    expect(lanesOf({ queue: 'embedded', workers: [] }, 2)).toEqual({ lanes: 2, where: 'cores' });
  });

  it('an edit runs on the service’s cores even with workers', () => {
    expect(lanesOf(redis, 2, true)).toEqual({ lanes: 2, where: 'cores' });
  });
});
