import { describe, expect, it } from 'vitest';
import { withCpuAffinity } from './affinity';
import { parseProcStat, readCpuSeconds } from './cpu-time';
import { buildFfmpegArgv } from './ffmpeg-argv';

describe('parseProcStat', () => {
  it('reads utime + stime even when the command name has spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const line = '4242 (ffmpeg (x) 1) R 1 4242 4242 0 -1 4194304 100 0 0 0 250 37 0 0 20 0 3 0 1000 0 0';
    expect(parseProcStat(line)).toBeCloseTo(2.87, 5);
  });

  it('returns null for text that is not a stat line', () => {
    expect(parseProcStat('garbage')).toBeNull();
  });

  it.skipIf(process.platform !== 'linux')('reads this process on Linux', () => {
    expect(readCpuSeconds(process.pid)).toBeGreaterThanOrEqual(0);
    expect(readCpuSeconds(2 ** 22 + 1)).toBeNull(); // above pid_max: no such process
  });
});

describe('withCpuAffinity', () => {
  it('without cores, then the command is unchanged', () => {
    expect(withCpuAffinity('/bin/ffmpeg', ['-version'], undefined)).toEqual({ bin: '/bin/ffmpeg', argv: ['-version'], isPinned: false });
    expect(withCpuAffinity('/bin/ffmpeg', ['-version'], [])).toMatchObject({ bin: '/bin/ffmpeg', isPinned: false });
  });

  it.skipIf(process.platform !== 'linux')('on Linux with taskset, then taskset -c runs the binary', () => {
    const r = withCpuAffinity('/bin/ffmpeg', ['-i', 'x'], [0, 2]);
    if (!r.isPinned) return; // taskset not installed: covered by the run-process affinity test's skip
    expect(r.argv).toEqual(['-c', '0,2', '/bin/ffmpeg', '-i', 'x']);
    expect(r.bin).toMatch(/taskset$/);
  });

  it('rejects a core that is not a non-negative integer', () => {
    if (!withCpuAffinity('/x', [], [0]).isPinned) return;
    expect(() => withCpuAffinity('/x', [], [1.5])).toThrow(RangeError);
  });
});

describe('buildFfmpegArgv', () => {
  it('puts the service options before the user arguments', () => {
    expect(buildFfmpegArgv(['-i', 'in/a.mp4', 'out.mp4'])).toEqual([
      '-hide_banner',
      '-nostdin',
      '-y',
      '-nostats',
      '-progress',
      'pipe:1',
      '-i',
      'in/a.mp4',
      'out.mp4',
    ]);
  });
});
