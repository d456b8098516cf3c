import fs from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTaskset } from './affinity';
import { buildFfmpegArgv } from './ffmpeg-argv';
import { runProcess, type RunResult } from './run-process';
import { binaries, makeTempDir } from '../testing/media-fixtures';

const ffmpeg = binaries.ffmpegPath;
/** An endless source: only a kill ends this run. */
const ENDLESS = ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25', '-f', 'null', '-'];
let cwd: string;

beforeAll(() => {
  cwd = makeTempDir('run-process');
});
afterAll(() => fs.rmSync(cwd, { recursive: true, force: true }));

describe('runProcess', () => {
  it('reports a clean exit with stdout lines', async () => {
    const lines: string[] = [];
    const r = await runProcess({ bin: ffmpeg, argv: ['-version'] }, { cwd, onStdoutLine: (l) => lines.push(l) });
    expect(r).toMatchObject({ exitCode: 0, signal: null, timedOut: false, aborted: false });
    expect(lines[0]).toMatch(/^ffmpeg version /);
    expect(r.wallSeconds).toBeGreaterThan(0);
  });

  it('when ffmpeg fails, then the exit code and the end of stderr are kept', async () => {
    const r = await runProcess({ bin: ffmpeg, argv: ['-hide_banner', '-i', 'no-such-input.mp4', 'out.mp4'] }, { cwd });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderrTail).toContain('no-such-input.mp4: No such file or directory');
  });

  it('passes arguments verbatim, without a shell', async () => {
    const r = await runProcess({ bin: ffmpeg, argv: ['-hide_banner', '-i', '$(touch pwned); `id` | * .mp4'] }, { cwd });
    expect(r.stderrTail).toContain('$(touch pwned); `id` | * .mp4: No such file or directory');
    expect(fs.existsSync(`${cwd}/pwned`)).toBe(false);
  });

  it("keeps the service's own FFDESK_* settings (the API key) out of the child's environment", async () => {
    process.env.FFDESK_API_KEY_PROBE = 'ffd_secret_probe';
    try {
      const lines: string[] = [];
      const r = await runProcess({ bin: '/usr/bin/env', argv: [] }, { cwd, onStdoutLine: (l) => lines.push(l) });
      expect(r.exitCode).toBe(0);
      expect(lines.some((l) => l.startsWith('PATH='))).toBe(true);
      expect(lines.filter((l) => l.startsWith('FFDESK_'))).toEqual([]);
    } finally {
      delete process.env.FFDESK_API_KEY_PROBE;
    }
  });

  it('when the deadline passes, then the process is killed and the run resolves timedOut', async () => {
    const r = await runProcess({ bin: ffmpeg, argv: ENDLESS }, { cwd, timeoutMs: 700 });
    expect(r).toMatchObject({ timedOut: true, aborted: false });
    expect(r.exitCode === 0).toBe(false);
    expect(r.wallSeconds).toBeGreaterThanOrEqual(0.6);
    expect(r.wallSeconds).toBeLessThan(4);
  });

  it('when the signal aborts, then the process is killed and the run resolves aborted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const r = await runProcess({ bin: ffmpeg, argv: ENDLESS }, { cwd, signal: controller.signal });
    expect(r).toMatchObject({ aborted: true, timedOut: false });
    expect(r.wallSeconds).toBeLessThan(4);
  });

  it('when the signal is already aborted, then nothing is started', async () => {
    const r = await runProcess({ bin: ffmpeg, argv: ENDLESS }, { cwd, signal: AbortSignal.abort() });
    expect(r).toMatchObject({ aborted: true, exitCode: null, wallSeconds: 0 });
  });

  it('when the process ignores SIGTERM, then SIGKILL follows after the grace period', async () => {
    // The shell ignores SIGTERM from its first instruction (and its children inherit that), so a
    // slow start on a loaded machine cannot let the SIGTERM land before the handler exists.
    const r = await runProcess({ bin: '/bin/sh', argv: ['-c', "trap '' TERM; while :; do sleep 1; done"] }, { cwd, timeoutMs: 1000 });
    expect(r).toMatchObject({ timedOut: true, signal: 'SIGKILL', exitCode: null });
    expect(r.wallSeconds).toBeGreaterThanOrEqual(2);
  });

  it('keeps only a bounded stderr tail of a chatty run', async () => {
    const args = ['-loglevel', 'debug', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=25:duration=2', '-f', 'null', '-'];
    const r = await runProcess({ bin: ffmpeg, argv: args }, { cwd, stderrTailBytes: 2000 });
    expect(r.exitCode).toBe(0);
    expect(Buffer.byteLength(r.stderrTail)).toBeLessThanOrEqual(2000);
    expect(Buffer.byteLength(r.stderrTail)).toBeGreaterThan(1500);
  });

  it('delivers -progress blocks through onStdoutLine', async () => {
    const lines: string[] = [];
    const argv = buildFfmpegArgv(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=25:duration=1', '-f', 'null', '-']);
    const r = await runProcess({ bin: ffmpeg, argv: argv }, { cwd, onStdoutLine: (l) => lines.push(l) });
    expect(r.exitCode).toBe(0);
    expect(lines).toContain('progress=end');
    expect(lines.some((l) => l.startsWith('out_time_us='))).toBe(true);
  });

  it('when the binary does not exist, then it rejects', async () => {
    await expect(runProcess({ bin: `${cwd}/no-such-binary`, argv: [] }, { cwd })).rejects.toThrow(/Could not start/);
  });

  it('when onStdoutLine throws, then the process is killed and the run rejects', async () => {
    const run = runProcess(
      { bin: ffmpeg, argv: buildFfmpegArgv(ENDLESS.slice(2)) },
      {
        cwd,
        onStdoutLine: () => {
          throw new Error('boom');
        },
      },
    );
    await expect(run).rejects.toThrow(/onStdoutLine threw/);
  });

  it.skipIf(process.platform !== 'linux')('reports CPU seconds on Linux', async () => {
    const r = await runProcess(
      { bin: ffmpeg, argv: ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', '-f', 'null', '-'] },
      { cwd },
    );
    expect(r.cpuSeconds).not.toBeNull();
    expect(r.cpuSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe('runProcess CPU affinity', () => {
  const cores = os.availableParallelism();
  const reason = process.platform !== 'linux' ? 'not Linux' : !findTaskset() ? 'taskset is not installed' : cores < 2 ? 'fewer than 2 cores' : null;
  /**
   * An x264 encode with 2 threads: unpinned on an idle machine it keeps about 1.5 cores busy.
   * 8 s of video (16 s before, docs/contributing.md "Suite time"): still seconds of CPU per run,
   * where ffmpeg's single-threaded start and end are a small share of the ratio.
   */
  const encode = [
    '-hide_banner',
    '-nostdin',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25',
    '-t',
    '8',
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-threads',
    '2',
    '-f',
    'null',
    '-',
  ];
  const ratio = (r: RunResult) => (r.cpuSeconds ?? 0) / r.wallSeconds;

  it.skipIf(reason !== null)(
    `with cpus: [0], then the process and its threads use at most one core${reason ? ` (skipped: ${reason})` : ''}`,
    async () => {
      const pinned = await runProcess({ bin: ffmpeg, argv: encode }, { cwd, cpus: [0] });
      expect(pinned.exitCode).toBe(0);
      expect(pinned.cpuSeconds).toBeGreaterThan(0.5);
      expect(ratio(pinned)).toBeLessThanOrEqual(1.15);
    },
    180_000,
  );

  // The control experiment: unpinned, the same encode uses more than one core, so the test
  // above would catch a lost affinity. It needs a second idle core; when other work on the
  // machine (parallel test files) took it, the result says nothing and the test skips.
  it.skipIf(reason !== null)(
    'without cpus, then the same encode uses more than one core (control)',
    async (ctx) => {
      let best = 0;
      let wasContended = false;
      // A busy machine decides the outcome (a skip) at once: no more 8 s encodes on a loaded runner.
      for (let attempt = 0; attempt < 3 && best <= 1.3 && !wasContended; attempt++) {
        const before = machineBusySeconds();
        const free = await runProcess({ bin: ffmpeg, argv: encode }, { cwd });
        const othersBusy = machineBusySeconds() - before - (free.cpuSeconds ?? 0);
        expect(free.exitCode).toBe(0);
        best = Math.max(best, ratio(free));
        wasContended = othersBusy > 0.3 * free.wallSeconds;
      }
      if (best <= 1.3 && wasContended) ctx.skip('the machine was busy with other work; the control is inconclusive');
      expect(best).toBeGreaterThan(1.3);
    },
    180_000,
  );
});

/** CPU seconds spent by every process on the machine so far (/proc/stat, USER_HZ = 100). */
function machineBusySeconds(): number {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}
