import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_PROGRAM, cliArgs } from './cli-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildService {
  url: string;
  child: ChildProcess;
  output(): string;
  /** The pid of the process that really runs the service (the deepest node process started). */
  servicePid(): number;
  /** SIGKILL to the service process itself: the crash case; nothing gets to clean up. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** `npm run serve` as a real separate process (what a user runs), for crash and restart tests. */
export async function startChildService(env: Record<string, string>): Promise<ChildService> {
  const child = spawn(CLI_PROGRAM, cliArgs(['serve']), {
    cwd: root,
    env: { ...process.env, FFDESK_HOST: '127.0.0.1', FFDESK_PORT: '0', FFDESK_QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so kill9() can take down the launcher and the service together
    // whatever the process tree looks like (a wrong guess of the service's pid once left a
    // "killed" service running beside its restart: EADDRINUSE, two runs in one job folder).
    detached: true,
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A safety net, not a timing: a start on a loaded 2-core runner can take tens of seconds.
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${out}`)), 120_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /FFDesk listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`service exited ${code}:\n${out}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const pid = serviceProcess(child.pid as number);
  return {
    url,
    child,
    output: () => out,
    servicePid: () => pid,
    async kill9() {
      // The service process and its whole group: a launcher killed alone (the service under tsx,
      // as this once ran) would leave the real service running on the data dir.
      for (const target of [pid, -(child.pid as number)]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await exited;
      await groupGone(child.pid as number);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The service is the deepest node process
 * under the spawned pid (ffmpeg children are not node). Linux /proc; elsewhere the spawned pid.
 */
function serviceProcess(spawned: number): number {
  let pid = spawned;
  for (;;) {
    // A node child running another command line (a launcher's service). A child the service is
    // just forking (ffprobe, bwrap not yet exec'd) is "node" too but still has the parent's own
    // command line: taken for the service, it ended a moment later (the load test sampled 1 RSS).
    const own = readProc(pid, 'cmdline');
    const next = childrenOf(pid).find((c) => readProc(c, 'comm').startsWith('node') && readProc(c, 'cmdline') !== own);
    if (next === undefined) return pid;
    pid = next;
  }
}

function childrenOf(pid: number): number[] {
  return readProc(pid, `task/${pid}/children`).split(/\s+/).filter(Boolean).map(Number);
}

function readProc(pid: number, file: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').trim();
  } catch {
    return ''; // no /proc, or the process is gone
  }
}

/** Resolves once no process of the group is left (SIGKILL is delivered asynchronously; the port is free only then). */
async function groupGone(pgid: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return; // ESRCH: the whole group is gone
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`processes of group ${pgid} outlived SIGKILL for 10 s`);
}
