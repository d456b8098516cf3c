import { accessSync, constants } from 'node:fs';
import type { ProcessLimits } from './policy';

const PRLIMIT_CANDIDATES = ['/usr/bin/prlimit', '/bin/prlimit'];
let prlimitPath: string | null | undefined;

/** util-linux's prlimit on Linux (Node itself cannot call setrlimit). Looked up once. */
export function findPrlimit(): string | null {
  if (prlimitPath !== undefined) return prlimitPath;
  prlimitPath = null;
  if (process.platform !== 'linux') return prlimitPath;
  for (const candidate of PRLIMIT_CANDIDATES) {
    try {
      accessSync(candidate, constants.X_OK);
      prlimitPath = candidate;
      break;
    } catch {
      continue; // not here; try the next
    }
  }
  return prlimitPath;
}

/** Seconds between SIGXCPU (the soft CPU limit) and SIGKILL (the hard one). */
export const CPU_KILL_GRACE_SECONDS = 5;

/**
 * `prlimit --fsize=… --cpu=… -- bin argv`: prlimit sets the limits and exec()s the rest, so
 * they hold for bwrap and ffmpeg after it (limits are inherited across exec and fork).
 * RLIMIT_FSIZE makes a write past the size fail (SIGXFSZ); RLIMIT_CPU sends SIGXCPU, then
 * SIGKILL a few seconds later.
 */
export function prlimitArgs(limits: ProcessLimits, bin: string, argv: string[]): string[] | null {
  const opts: string[] = [];
  if (limits.fileSizeBytes !== undefined) opts.push(`--fsize=${Math.floor(limits.fileSizeBytes)}`);
  if (limits.cpuSeconds !== undefined) {
    const soft = Math.max(1, Math.ceil(limits.cpuSeconds));
    opts.push(`--cpu=${soft}:${soft + CPU_KILL_GRACE_SECONDS}`);
  }
  return opts.length === 0 ? null : [...opts, '--', bin, ...argv];
}

/** The signal numbers the limits send on Linux; bwrap reports a child killed by one as exit code 128 + n. */
const SIGXCPU = 24;
const SIGXFSZ = 25;

/**
 * Which limit ended a run, from how it ended: killed by the signal (directly, or as bwrap's
 * exit code 128 + n), or, for SIGXCPU, which ffmpeg catches like SIGTERM, by its own words.
 */
export function limitHit(r: { exitCode: number | null; signal: NodeJS.Signals | null; stderrTail: string }): 'fsize' | 'cpu' | null {
  if (r.signal === 'SIGXFSZ' || r.exitCode === 128 + SIGXFSZ) return 'fsize';
  if (r.signal === 'SIGXCPU' || r.exitCode === 128 + SIGXCPU) return 'cpu';
  if (r.exitCode !== 0 && new RegExp(`received signal ${SIGXCPU}\\b`, 'i').test(r.stderrTail)) return 'cpu';
  return null;
}
