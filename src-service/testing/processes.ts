import fs from 'node:fs';

export interface LiveProcess {
  pid: number;
  cmdline: string;
}

/**
 * Live processes whose command line contains `text` (Linux /proc; none elsewhere): how a test
 * finds what a run, a sandbox or a killed service left behind. Zombies have no command line.
 */
export function processesMentioning(text: string): LiveProcess[] {
  if (process.platform !== 'linux') return [];
  const found: LiveProcess[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let cmdline: string;
    try {
      cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue; // ended meanwhile
    }
    if (cmdline.includes(text)) found.push({ pid: Number(entry), cmdline });
  }
  return found;
}

/** SIGKILLs what `processesMentioning(text)` finds (a test's own leftovers); returns how many. */
export function killProcessesMentioning(text: string): number {
  const left = processesMentioning(text);
  for (const p of left) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  return left.length;
}
