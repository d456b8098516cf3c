import { describe, expect, it } from 'vitest';
import type { CommandListItem } from '../../../../src-service/client';
import { applyProgress, etaSeconds, matchesFilter, upsertJob } from './progress';

const item = (id: string, status: CommandListItem['status'] = 'QUEUED'): CommandListItem => ({
  command_id: id, status, command_type: 'FFMPEG_COMMAND', created_at: '2025-01-01T00:00:00Z', error_status: null, error_message: null,
  output_file_count: 0, storage_quota_used: 0, processing_quota_used: 0,
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
});
