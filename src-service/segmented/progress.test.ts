import { describe, expect, it } from 'vitest';
import type { SegmentedState } from '../jobs/command';
import { createSegmentsProgress } from './progress';

type Seg = SegmentedState['segments'][number];
const seg = (index: number, start: number, end: number, status: Seg['status']): Seg => ({ index, start, end, status }) as Seg;

describe('progress of a segmented run', () => {
  it('when two encodes run at once, then the speed is the output made per wall second by both, the ETA what is left at it, the FPS their sum', () => {
    let clock = 0;
    const progress = createSegmentsProgress(() => clock);
    const segs = [seg(0, 0, 10, 'RUNNING'), seg(1, 10, 20, 'RUNNING'), seg(2, 20, 40, 'PENDING')];
    const first = progress(segs, [
      { outTime: 0, fps: 50 },
      { outTime: 0, fps: 40 },
    ]);
    expect(first).toMatchObject({ percent: 0, speed: null, eta_seconds: null, fps: 90 });
    clock = 2000;
    // Each lane made 3 s of output in 2 s: 1.5× each, 3× together; 34 s left → 11.3 s.
    const later = progress(segs, [
      { outTime: 3, fps: 50 },
      { outTime: 3, fps: 40 },
    ]);
    expect(later).toMatchObject({ percent: 15, out_time_seconds: 6, speed: 3, eta_seconds: 11.3, fps: 90, step: 1, steps: 1 });
  });

  it('when a segment finishes, then its seconds count as done and the position does not jump back', () => {
    let clock = 0;
    const progress = createSegmentsProgress(() => clock);
    progress([seg(0, 0, 10, 'RUNNING'), seg(1, 10, 20, 'PENDING')], [{ outTime: 8 }]);
    clock = 1000;
    const p = progress([seg(0, 0, 10, 'DONE'), seg(1, 10, 20, 'RUNNING')], [{ outTime: 1 }]);
    // Remote workers report no FPS.
    expect(p).toMatchObject({ out_time_seconds: 11, percent: 55, speed: 3, fps: null, eta_seconds: 3 });
  });

  it('when the window has passed, then the speed follows the recent pace, not the average since the start', () => {
    let clock = 0;
    const progress = createSegmentsProgress(() => clock);
    const segs = [seg(0, 0, 100, 'RUNNING')];
    for (let t = 0; t <= 10; t++) {
      clock = t * 1000;
      progress(segs, [{ outTime: t * 4 }]); // 4× for 10 s
    }
    let speed: number | null = null;
    for (let t = 11; t <= 20; t++) {
      clock = t * 1000;
      speed = progress(segs, [{ outTime: 40 + (t - 10) }]).speed; // then 1×
    }
    expect(speed).toBe(1);
  });
});
