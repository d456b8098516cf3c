import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { bwrapArgs, findBwrap } from '../../../src-service/media/confine/bwrap';
import { binaries } from './ffmpeg';
import { median } from './stats';

/** One `job timings <id> {...}` line the service logs with FFDESK_JOB_TIMINGS=1 (src-service/jobs/job-timings.ts). */
export type StageMs = Record<string, number>;

export function timingsOf(output: string, commandId: string): StageMs | null {
  const line = output.split('\n').find((l) => l.includes(`job timings ${commandId} `));
  if (!line) return null;
  return JSON.parse(line.slice(line.indexOf('{'))) as StageMs;
}

/** Milliseconds of one spawn → exit, the median of `n`. */
function spawnMs(bin: string, args: string[], n: number): number {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    spawnSync(bin, args, { stdio: 'ignore' });
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** What starting a process costs here, measured beside the jobs: bwrap's set-up and each binary's start. */
export function processStartCosts(n = 7): { sandboxMs: number | null; ffmpegStartMs: number; ffprobeStartMs: number } {
  const bwrap = findBwrap();
  const trueBin = '/usr/bin/true';
  const bare = spawnMs(trueBin, [], n);
  const sandboxMs = bwrap ? spawnMs(bwrap, bwrapArgs({ bin: trueBin, argv: [], cwd: '/', writable: [], readable: [], limits: {} }), n) - bare : null;
  return {
    sandboxMs,
    ffmpegStartMs: spawnMs(binaries.ffmpegPath, ['-hide_banner', '-version'], n),
    ffprobeStartMs: spawnMs(binaries.ffprobePath, ['-hide_banner', '-version'], n),
  };
}

/** Medians per stage over runs, exclusive: fetch without its input probe, store without its output probes. */
export function stageMedians(runs: StageMs[]): StageMs {
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r)))];
  const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k] ?? 0))]));
  return { ...med, fetch: (med.fetch ?? 0) - (med['input-probe'] ?? 0), store: (med.store ?? 0) - (med['output-probe'] ?? 0) };
}

/** "fetch 1.2 ms, input probe 0 ms, ..., total 130 ms; overhead 24 ms (sandbox set-up ≈ 9 ms, ffmpeg start ≈ 45 ms per run)". */
export function describeStages(m: StageMs, costs: ReturnType<typeof processStartCosts>, bareFfmpegMs: number): string {
  const f = (x: number | undefined) => `${(x ?? 0).toFixed(1)} ms`;
  // cleanup (removing the job folder) comes after the commit: in `total`, not in total_processing.
  const named = [
    'status',
    'folders',
    'fetch',
    'input-probe',
    'listing',
    'checks',
    'step-setup',
    'ffmpeg',
    'size-check',
    'probe-wait',
    'output-probe',
    'store',
    'commit',
    'cleanup',
  ];
  const other = (m.total ?? 0) - named.reduce((n, k) => n + (m[k] ?? 0), 0);
  const parts = named.map((k) => `${k.replace('-', ' ')} ${f(m[k])}`);
  return (
    `${parts.join(', ')}, other ${f(other)}, total ${f(m.total)} (medians). ` +
    `The ffmpeg step is ${f((m.ffmpeg ?? 0) - bareFfmpegMs)} longer than the same ffmpeg run bare; ` +
    `per process here: sandbox set-up ${costs.sandboxMs === null ? 'n/a (no bwrap)' : f(costs.sandboxMs)}, ` +
    `ffmpeg start ${f(costs.ffmpegStartMs)}, ffprobe start ${f(costs.ffprobeStartMs)} (${binaries.ffprobeSource})`
  );
}
