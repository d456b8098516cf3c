import fs from 'node:fs';

/** Kilobytes from a `/proc/<pid>/status` line such as `VmRSS:   123456 kB`; null when the process is gone. */
export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null; // exited meanwhile
  }
}

export interface RssSampler {
  /** Highest VmRSS sampled and the kernel's VmHWM, in MiB. */
  stop(): { peakRssMiB: number; hwmMiB: number; samples: number };
}

export function sampleRss(pid: number, everyMs = 100): RssSampler {
  let peakKb = 0;
  let hwmKb = 0;
  let samples = 0;
  const take = () => {
    const rss = procStatusKb(pid, 'VmRSS');
    const hwm = procStatusKb(pid, 'VmHWM');
    if (rss !== null) {
      samples++;
      peakKb = Math.max(peakKb, rss);
    }
    if (hwm !== null) hwmKb = Math.max(hwmKb, hwm);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      take();
      clearInterval(timer);
      return { peakRssMiB: peakKb / 1024, hwmMiB: hwmKb / 1024, samples };
    },
  };
}

/** Names (`comm`) of the direct children of `pid`: which tools the service runs right now. */
export function childCommands(pid: number): string[] {
  let kids: string;
  try {
    kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return []; // gone
  }
  return kids
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => {
      try {
        return fs.readFileSync(`/proc/${c}/comm`, 'utf8').trim();
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}
