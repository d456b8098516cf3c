import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * A stall is the service's main thread busy in one stretch, so no other request is answered.
 * Timed by the wall clock, a stall test also counts every moment a loaded machine gives the
 * process no CPU at all (it failed under load with no stall). This measures what a stall is
 * made of: the CPU time the service's main thread used while one request waited for its answer
 * (docs/contributing.md, "Stall tests"). Linux: /proc/<pid>/task/<pid>/stat (the main thread's
 * tid is the pid), utime + stime in clock ticks (100 per second: 10 ms resolution).
 */
const TICK_MS = 10;

/** The main thread's CPU time so far, in ms; null where /proc cannot tell (not Linux). */
export function mainThreadCpuMs(pid: number): number | null {
  // In a worker thread, `pid`'s main thread is not the one running this code (nor an in-process
  // service started here): its CPU time would say nothing (0 ms) about the service.
  if (pid === process.pid && !isMainThread) throw new Error('mainThreadCpuMs(process.pid) from a worker thread reads another thread');
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces, so it is skipped by its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14 and 15 of stat)
}

export interface WaitCost {
  /** Wall time from the request to its answer. */
  wallMs: number;
  /** The service's main-thread CPU time over the same span; null where it cannot be read. */
  cpuMs: number | null;
}

/** Runs `request` (one HTTP round trip to the service of `pid`) and says what its wait cost. */
export async function costOf(pid: number, request: () => Promise<void>): Promise<WaitCost> {
  const cpu0 = mainThreadCpuMs(pid);
  const t0 = performance.now();
  await request();
  const wallMs = performance.now() - t0;
  const cpu1 = mainThreadCpuMs(pid);
  return { wallMs, cpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 };
}

/**
 * One `/v1/health` of the service at `url` (pid `pid`), then `then` (e.g. a status poll whose
 * answer the caller needs), costed as one span: a stall while either waits is counted.
 */
export async function healthCost(url: string, pid: number, then?: () => Promise<void>): Promise<WaitCost> {
  return costOf(pid, async () => {
    await (await fetch(`${url}/v1/health`)).arrayBuffer();
    await then?.();
  });
}

/**
 * Whether the service's main thread was never held past `marginMs` while a request waited:
 * by its CPU time where /proc tells it (load-independent), else by wall time against the
 * slowest answer of the idle service (`idleWallMs`).
 */
export function neverHeld(waits: WaitCost[], marginMs: number, idleWallMs: number): boolean {
  return waits.every((w) => (w.cpuMs === null ? w.wallMs < idleWallMs + marginMs : w.cpuMs < marginMs));
}

export const showWaits = (waits: WaitCost[]): string => waits.map((w) => `${w.wallMs.toFixed(0)}${w.cpuMs === null ? '' : `/${w.cpuMs}cpu`}`).join(' ');
