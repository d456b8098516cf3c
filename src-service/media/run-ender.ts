import { readFileSync } from 'node:fs';
import type { ChildProcess } from './child-process';

/** SIGTERM first (ffmpeg then closes its outputs cleanly); SIGKILL this long after. */
export const KILL_GRACE_MS = 2_000;

/**
 * Ends every process of one run (docs/sandbox.md, "Ending a run"), whatever it is.
 *
 * - Unconfined, the spawned process leads its own process group (spawned `detached`): the
 *   group is signalled, so a child that inherited ffmpeg's stdout dies with it.
 * - Under bubblewrap the spawned process is only bwrap's monitor; the sandbox is the PID
 *   namespace whose PID 1 is bwrap's init, reported on `--info-fd`. The monitor is never
 *   signalled while the sandbox may still be setting itself up: killed then, it leaves an
 *   init that never armed `--die-with-parent` (or waits forever for the monitor's go), an
 *   orphan holding the run's stdio. SIGTERM goes to the sandbox's session (ffmpeg; the
 *   init ignores it), SIGKILL to the init: the kernel then ends every process in the
 *   namespace, and the monitor exits on its own.
 */
export interface RunEnder {
  /** SIGTERM now, SIGKILL after KILL_GRACE_MS, the spawned group too after as long again. Idempotent. */
  start(): void;
  /** bwrap reported its namespace's init (a host pid). */
  setInit(pid: number): void;
  /** The spawned process has exited: SIGKILL whatever of the run is left, stop the timers. */
  exited(): void;
}

export function createRunEnder(child: ChildProcess, sandboxed: boolean): RunEnder {
  let wanted: 'TERM' | 'KILL' | null = null;
  let init: { pid: number; start: string | null } | null = null;
  let over = false;
  const timers: NodeJS.Timeout[] = [];

  function signalRun(sig: 'SIGTERM' | 'SIGKILL'): void {
    if (over) return;
    if (!sandboxed) {
      signalGroup(child, sig);
      return;
    }
    if (!init) return; // not known yet: done when bwrap reports it (setInit)
    if (sig === 'SIGKILL' || !signalSession(init.pid)) killInit(init, 'SIGKILL');
  }

  return {
    start() {
      if (wanted || over) return;
      wanted = 'TERM';
      signalRun('SIGTERM');
      timers.push(
        setTimeout(() => {
          wanted = 'KILL';
          signalRun('SIGKILL');
          // Last resort (bwrap never reported its init): the monitor's group, which holds the
          // init until the sandbox calls setsid.
          timers.push(setTimeout(() => signalGroup(child, 'SIGKILL'), KILL_GRACE_MS));
        }, KILL_GRACE_MS),
      );
    },
    setInit(pid) {
      init = { pid, start: procStat(pid)?.start ?? null };
      if (wanted) signalRun(wanted === 'TERM' ? 'SIGTERM' : 'SIGKILL');
    },
    exited() {
      for (const t of timers) clearTimeout(t);
      if (over) return;
      if (sandboxed && init) killInit(init, 'SIGKILL');
      else if (!sandboxed) signalGroup(child, 'SIGKILL');
      over = true;
    },
  };
}

/** The spawned process's group (it leads one: spawned detached), or the process alone where there are no groups. */
function signalGroup(child: ChildProcess, sig: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  if (process.platform === 'win32') {
    child.kill(sig);
    return;
  }
  trySignal(-child.pid, sig);
}

/** SIGTERM to the sandbox's session (bwrap's `--new-session`: its id is the init's pid); false when there is none yet. */
function signalSession(initPid: number): boolean {
  if (procStat(initPid)?.pgrp !== initPid) return false; // still setting up: no session of its own, no ffmpeg yet
  return trySignal(-initPid, 'SIGTERM');
}

/** SIGKILL to a namespace's init, unless that pid now names another process (it ended and the pid was reused). */
function killInit(init: { pid: number; start: string | null }, sig: NodeJS.Signals): void {
  const now = procStat(init.pid);
  if (!now || (init.start !== null && now.start !== init.start)) return;
  trySignal(init.pid, sig);
}

function trySignal(pid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false; // gone already
  }
}

/** The parent, process group and start time (clock ticks since boot) of a live process, from /proc/<pid>/stat; null when gone. */
export function procStat(pid: number): { ppid: number; pgrp: number; start: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After "pid (comm) ": state is field 3, so ppid (4) is rest[1], pgrp (5) rest[2] and starttime (22) rest[19].
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  if (rest[0] === 'Z' || rest[0] === 'X') return null; // dead, waiting to be reaped
  return { ppid: Number(rest[1]), pgrp: Number(rest[2]), start: rest[19] ?? '' };
}
