import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** Linux reports CPU time in USER_HZ ticks, 100 per second on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

interface Sample {
  machineBusy: number;
  ours: number;
  atMs: number;
}

/**
 * How much of the machine's CPU went to work that is not this benchmark, over a window: the
 * machine's busy time (/proc/stat, steal included) minus this process's own time and that of
 * its reaped children (the services, ffmpeg, cp, npm: all end before the window closes).
 * Returns the share of all cores (0..1), or null off Linux.
 */
export function startNoiseMeter(): () => number | null {
  const start = sample();
  return () => {
    const end = sample();
    if (!start || !end) return null;
    const capacity = ((end.atMs - start.atMs) / 1000) * TICKS_PER_SECOND * os.availableParallelism();
    const foreign = end.machineBusy - start.machineBusy - (end.ours - start.ours);
    return capacity > 0 ? Math.min(1, Math.max(0, foreign / capacity)) : null;
  };
}

function sample(): Sample | null {
  try {
    const cpu = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user)
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
    // /proc/self/stat: the command name may hold spaces, so count fields after its closing parenthesis.
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = fields.slice(11, 15);
    return { machineBusy: user + nice + system + irq + softirq + steal, ours: utime + stime + cutime + cstime, atMs: performance.now() };
  } catch {
    return null; // not Linux
  }
}
