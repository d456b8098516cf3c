import path from 'node:path';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { procStat } from '../run-ender';

/** The file that says a service or worker runs on a folder; a clean stop removes it. */
const RUN_MARK = 'service.pid';

/**
 * Sandboxes of a run before a kill -9 that were still being set up when it came (bwrap sets its
 * die-with-parent signal after it starts) outlive it, orphaned (docs/sandbox.md, "No sandbox
 * outlives its command"). Every sandbox of a service binds something under its data dir (a job
 * folder, a staged upload or URL download, a stored file for its facts), and every sandbox of a
 * worker something under its work dir; so at start, each bwrap that binds something under `dir`
 * and is orphaned (no live FFDesk process above it: its parent, past the bwrap monitor, is gone)
 * is killed. A sandbox of another process that runs on the same folder keeps its parent and is
 * left alone. The scan of every process (tens of ms) runs only when the previous run did not stop
 * cleanly: its run mark is still in `dir` (a clean stop removes it), or one of `leftovers` (folders
 * a clean stop empties) is not empty. Then this run's mark is written. Linux only: elsewhere
 * there is no /proc.
 */
export function killOrphanedSandboxes(dir: string, log: (m: string) => void, leftovers: readonly string[] = []): number {
  const mark = path.join(dir, RUN_MARK);
  const previous = readMark(mark);
  writeMark(mark);
  if (process.platform !== 'linux') return 0;
  if (previous === null && !leftovers.some((f) => readdirOrEmpty(f).length > 0)) return 0;
  const under = `${dir}/`;
  const procs = new Map<number, { argv0: string; ppid: number; binds: boolean }>();
  for (const entry of readdirOrEmpty('/proc')) {
    const pid = Number(entry);
    if (String(pid) !== entry) continue; // pids only
    const argv = cmdline(pid);
    const stat = procStat(pid);
    if (argv.length === 0 || stat === null) continue; // ended meanwhile (or a zombie), or not ours to read
    procs.set(pid, { argv0: path.basename(argv[0]!), ppid: stat.ppid, binds: argv.some((a) => a.startsWith(under)) });
  }
  const ours = path.basename(process.execPath);
  /** Whether a live FFDesk process (node, electron) is above this bwrap, past its bwrap monitor. */
  const rooted = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p !== undefined && hops < 4; p = procs.get(p)?.ppid, hops++) {
      const parent = procs.get(p);
      if (!parent) return false;
      if (parent.argv0 !== 'bwrap') return parent.argv0 === ours;
    }
    return false;
  };
  let killed = 0;
  for (const [pid, p] of procs) {
    if (p.argv0 !== 'bwrap' || !p.binds || rooted(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      continue;
    }
  }
  if (killed > 0) log(`recovery: killed ${killed} sandbox process(es) left by the previous run`);
  return killed;
}

/** On a clean stop, once nothing of this run is left running: the next start need not look for orphans. */
export function clearRunMark(dir: string): void {
  const mark = path.join(dir, RUN_MARK);
  if (readMark(mark) === process.pid) rmSync(mark, { force: true });
}

function readMark(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return null;
  }
}

function writeMark(file: string): void {
  try {
    writeFileSync(file, `${process.pid}\n`);
  } catch {
    // a read-only folder fails later, where it matters; the mark only saves a scan
  }
}

function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      .split('\0')
      .filter((a, i, all) => a !== '' || i < all.length - 1);
  } catch {
    return [];
  }
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
