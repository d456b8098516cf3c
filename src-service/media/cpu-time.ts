import { readFile } from 'node:fs/promises';

/**
 * Linux reports utime/stime in USER_HZ ticks, which is 100 on every architecture Node
 * supports (it is fixed by the kernel ABI, unlike CONFIG_HZ); Node cannot call sysconf.
 */
const TICKS_PER_SECOND = 100;

/** utime + stime of a live process in seconds, from /proc/<pid>/stat; null if unreadable. */
export async function readCpuSeconds(pid: number): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // the process already exited and was reaped, or /proc is not mounted
  }
  return parseProcStat(text);
}

/**
 * CPU seconds of a process and all its live descendants: a confined ffmpeg is a grandchild
 * of the spawned process (bwrap, then bwrap's init in the new PID namespace), and the
 * host's /proc still lists it under its parent's `children`.
 */
export async function readTreeCpuSeconds(pid: number, depth = 0): Promise<number | null> {
  const own = await readCpuSeconds(pid);
  if (own === null || depth > 8) return own;
  let children: number[] = [];
  try {
    children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no children file (older kernels): the process alone
  }
  const below = await Promise.all(children.map((c) => readTreeCpuSeconds(c, depth + 1)));
  return below.reduce<number>((sum, s) => sum + (s ?? 0), own);
}

/** Pure: the fields after the last ')' (the command name may itself contain spaces and parens). */
export function parseProcStat(text: string): number | null {
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ": state is field 3, so utime (field 14) is rest[11] and stime (15) rest[12].
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / TICKS_PER_SECOND : null;
}

export interface CpuSampler {
  /** Stops polling (idempotent) and returns the last value read: a lower bound, short by at most one interval of CPU use. */
  stop(): number | null;
}

/**
 * Polls the child's CPU time. Once a child exits, Node reaps it at once and /proc/<pid> is
 * gone, so the value cannot be read "at exit"; the last sample is kept instead. Off Linux
 * there is no /proc and the result is null.
 */
export function startCpuSampler(pid: number, intervalMs = 200): CpuSampler {
  if (process.platform !== 'linux') return { stop: () => null };
  let last: number | null = null;
  let stopped = false;
  const sample = () => {
    void readTreeCpuSeconds(pid).then((s) => {
      if (s !== null && !stopped) last = Math.max(last ?? 0, s);
    });
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
      return last;
    },
  };
}
