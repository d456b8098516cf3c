import fs from 'node:fs';

/**
 * CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; null where
 * /proc is absent. Unlike wall time this barely moves when other work shares the machine,
 * so "CPU seconds per GiB" compares runs made under different loads (docs/performance.md).
 */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: count fields after its closing parenthesis (utime, stime are 14th and 15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux that Node runs on. */
const CLOCK_TICKS = 100;
