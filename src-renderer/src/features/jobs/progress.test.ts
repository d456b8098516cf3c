import { describe, expect, it } from 'vitest';
import type { CommandListItem } from '../../../../src-service/client';
import { applyProgress, createEtaTracker, etaSeconds, matchesFilter, splitJobName, upsertJob } from './progress';

const item = (id: string, status: CommandListItem['status'] = 'QUEUED'): CommandListItem => ({
  command_id: id,
  status,
  command_type: 'FFMPEG_COMMAND',
  created_at: '2025-01-01T00:00:00Z',
  error_status: null,
  error_message: null,
  output_file_count: 0,
  storage_quota_used: 0,
  processing_quota_used: 0,
});

describe('job progress', () => {
  it('when the service sends an ETA, then it is used as is', () => {
    expect(etaSeconds({ percent: 50, out_time_seconds: 5, speed: 2, fps: 50, eta_seconds: 7 })).toBe(7);
  });

  it('when there is no ETA, then it is derived from percent, out_time and speed', () => {
    // 5 s of 20 s done at 2× realtime: 15 s of media left → 7.5 s.
    expect(etaSeconds({ percent: 25, out_time_seconds: 5, speed: 2, fps: 50 })).toBe(7.5);
  });

  it('when the duration is unknown, then there is no ETA', () => {
    expect(etaSeconds({ percent: null, out_time_seconds: 5, speed: 2, fps: 50 })).toBeNull();
  });
});

describe('jobs list', () => {
  it('when a new job arrives, then it goes on top; a known one is updated in place', () => {
    const list = [item('b'), item('a')];
    expect(upsertJob(list, item('c')).map((x) => x.command_id)).toEqual(['c', 'b', 'a']);
    expect(upsertJob(list, item('a', 'SUCCESS'))[1]?.status).toBe('SUCCESS');
  });

  it('when a job finishes, then its stale progress is dropped', () => {
    const running = applyProgress([item('a')], 'a', { percent: 40, out_time_seconds: 1, speed: 1, fps: 1 });
    expect(upsertJob(running, item('a', 'SUCCESS'))[0]?.progress).toBeUndefined();
  });

  it('filters by status group and searches ids and errors', () => {
    expect(matchesFilter(item('abc', 'PROCESSING'), 'active', '')).toBe(true);
    expect(matchesFilter(item('abc', 'SUCCESS'), 'active', '')).toBe(false);
    expect(matchesFilter({ ...item('x', 'FAILED'), error_status: 'TIMEOUT' }, 'FAILED', 'timeout')).toBe(true);
  });

  it('puts cancelled jobs under Cancelled, not under Failed', () => {
    const cancelled = { ...item('c', 'FAILED'), error_status: 'CANCELLED' as const };
    expect(matchesFilter(cancelled, 'CANCELLED', '')).toBe(true);
    expect(matchesFilter(cancelled, 'FAILED', '')).toBe(false);
    expect(matchesFilter({ ...item('f', 'FAILED'), error_status: 'TIMEOUT' as const }, 'CANCELLED', '')).toBe(false);
  });

  it.each([
    ['scale: small.mov → outtakes.mp4', 'outtakes.mp4', 'scale: small.mov'],
    ['GIF thumbnail: clip.mp4 → thumbnail.gif', 'thumbnail.gif', 'GIF thumbnail: clip.mp4'],
    ['Holiday teaser', 'Holiday teaser', ''],
  ])('shows the output first: %s', (name, primary, secondary) => {
    expect(splitJobName(name)).toEqual({ primary, secondary });
  });
});

describe('ETA from recent speed', () => {
  it('when an encode slows down, then the ETA follows the recent pace, not the average since the start', () => {
    let clock = 0;
    const eta = createEtaTracker(4000, () => clock);
    // 20 s of media. First 10 s of media in 5 s (2×), then it slows to 0.5×.
    const at = (t: number, pos: number, speed: number) => {
      clock = t * 1000;
      return eta.update({ percent: (pos / 20) * 100, out_time_seconds: pos, speed, fps: 25 });
    };
    at(0, 0.1, 2);
    at(5, 10, 2);
    at(7, 11, 1.57);
    at(9, 12, 1.33);
    const value = at(11, 13, 1.18);
    // Recent pace: 2 s of media in 4 s (0.5×) → 7 s of media left takes 14 s; the average would say ~6 s.
    expect(value).toBeCloseTo(14, 0);
    expect(etaSeconds({ percent: 65, out_time_seconds: 13, speed: 1.18, fps: 25 })).toBeLessThan(7);
  });

  it('when there are too few samples yet, then it falls back to the service figure', () => {
    const eta = createEtaTracker(4000, () => 0);
    expect(eta.update({ percent: 50, out_time_seconds: 5, speed: 2, fps: 50, eta_seconds: 9 })).toBe(9);
  });
});

describe('live list safety', () => {
  it('when a progress event comes after the job finished, then the row stays finished', () => {
    expect(applyProgress([item('a', 'SUCCESS')], 'a', { percent: 99, out_time_seconds: 1, speed: 1, fps: 1 })[0]?.status).toBe('SUCCESS');
  });

  it('when a job was cancelled, then the Failed filter leaves it out; names are searched', () => {
    const cancelled = { ...item('c', 'FAILED'), error_status: 'CANCELLED' as const };
    expect(matchesFilter(cancelled, 'FAILED', '')).toBe(false);
    expect(matchesFilter(cancelled, 'all', '')).toBe(true);
    expect(matchesFilter({ ...item('n', 'SUCCESS'), name: 'Trailer cut' }, 'all', 'trailer')).toBe(true);
  });
});
