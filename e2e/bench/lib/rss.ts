import fs from 'node:fs';

/**
 * Peak resident memory of one process (the service), per measured window. Linux only:
 * writing 5 to /proc/<pid>/clear_refs resets VmHWM to the current RSS, so VmHWM read at
 * the end of a window is that window's peak; periodic VmRSS samples back it up where the
 * reset is not permitted. Elsewhere the meter reports null.
 */
export interface RssMeter {
  /** Starts a window; returns the function that ends it with the peak in bytes (null when unknown). */
  window(): () => number | null;
  /** VmHWM since the process started (or since the last window began). */
  peak(): number | null;
  /** VmRSS now (bytes), or null. */
  current(): number | null;
}

export function createRssMeter(pid: number, sampleEveryMs = 50): RssMeter {
  const statusFile = `/proc/${pid}/status`;
  return {
    peak() {
      const kb = readKb(statusFile, 'VmHWM');
      return kb === null ? null : kb * 1024;
    },
    current() {
      const kb = readKb(statusFile, 'VmRSS');
      return kb === null ? null : kb * 1024;
    },
    window() {
      const canReset = resetPeak(pid);
      let peak = readKb(statusFile, 'VmRSS') ?? 0;
      const timer = setInterval(() => {
        peak = Math.max(peak, readKb(statusFile, 'VmRSS') ?? 0);
      }, sampleEveryMs);
      timer.unref();
      return () => {
        clearInterval(timer);
        const hwm = canReset ? readKb(statusFile, 'VmHWM') : null;
        const best = Math.max(peak, hwm ?? 0, readKb(statusFile, 'VmRSS') ?? 0);
        return best > 0 ? best * 1024 : null;
      };
    },
  };
}

function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false; // not Linux, or not permitted: the samples alone give the peak
  }
}

function readKb(file: string, field: 'VmRSS' | 'VmHWM'): number | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null; // the process is gone, or this is not Linux
  }
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * The largest VmHWM among a process and its descendants: for `npm run serve` and `tsx`,
 * whose real service is a node grandchild (found through /proc/<pid>/task/<tid>/children).
 */
export function peakOfTree(pid: number): number | null {
  let best: number | null = null;
  for (const p of [pid, ...descendants(pid)]) {
    const kb = readKb(`/proc/${p}/status`, 'VmHWM');
    if (kb !== null) best = Math.max(best ?? 0, kb * 1024);
  }
  return best;
}

function descendants(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return []; // gone, or no /proc here
  }
  const children = tasks.flatMap((tid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return []; // the thread ended meanwhile
    }
  });
  return children.flatMap((c) => [c, ...descendants(c)]);
}
