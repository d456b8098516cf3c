import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { ProbeCache } from './probe-cache';
import { startupEnv } from './startup-env';
import { envForBinary } from './static-glibc';

/**
 * Before an ffprobe is chosen for its quick start, it must read what jobs hand it. A static
 * build crashed (SIGSEGV) on every MPEG-TS file (HLS segments, broadcast recordings) until its
 * runs were kept away from the system's iconv modules (static-glibc.ts), so each candidate
 * probes a tiny MPEG-TS clip made by the chosen ffmpeg, run as an unconfined job would run it,
 * once per binary (cached by path, size and mtime). Runs with fixed arguments and the fixed
 * start-up environment (docs/sandbox.md, "Runs outside a job").
 */
const CheckFact = z.object({ problem: z.string().nullable() });
/** The cache key; renamed when the way a probe runs changes, so an older verdict is not reused. */
const CHECK_KIND = 'mpegts-check-no-gconv';
const TIMEOUT_MS = 20_000;

/** null when `ffprobe` reads the clip, else why not. */
export function checkProbeBinary(ffprobe: string, ffmpeg: string, cache: ProbeCache): string | null {
  const hit = cache.get(ffprobe, CHECK_KIND, CheckFact);
  if (hit) return hit.problem;
  const problem = runCheck(ffprobe, ffmpeg);
  if (problem === INCONCLUSIVE) return null; // ffmpeg could not make the clip: nothing learned about ffprobe, try again next start
  cache.set(ffprobe, CHECK_KIND, { problem });
  return problem;
}

const INCONCLUSIVE = 'inconclusive';

function runCheck(ffprobe: string, ffmpeg: string): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-probe-check-'));
  try {
    const clip = path.join(dir, 'check.ts');
    const run = (bin: string, argv: string[]) =>
      spawnSync(bin, argv, {
        cwd: dir,
        env: envForBinary(bin, startupEnv()),
        timeout: TIMEOUT_MS,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
    const made = run(ffmpeg, ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', 'testsrc=s=64x64:r=10:d=0.3', '-c:v', 'mpeg2video', '-f', 'mpegts', clip]);
    if (made.status !== 0 || !fs.existsSync(clip)) return INCONCLUSIVE;
    const r = run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', clip]);
    if (r.status === 0 && r.stdout.includes('"streams"')) return null;
    return `cannot read MPEG-TS (${r.signal ? `killed by ${r.signal}` : `exit ${r.status ?? r.error?.message}`}${lastLine(r.stderr) ? `: ${lastLine(r.stderr)}` : ''})`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function lastLine(text: string | null): string {
  return (text ?? '').trim().split('\n').at(-1)?.slice(0, 200) ?? '';
}
