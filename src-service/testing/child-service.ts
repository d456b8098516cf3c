import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_PROGRAM, cliArgs } from './cli-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildService {
  url: string;
  child: ChildProcess;
  output(): string;
  /** The pid of the service process (node running the CLI bundle, spawned directly). */
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
  // The spawned process is the service itself: node runs the bundle, no launcher between (cli-bundle.ts).
  const pid = child.pid as number;
  return {
    url,
    child,
    output: () => out,
    servicePid: () => pid,
    async kill9() {
      // The whole group (the service and its ffmpeg/bwrap children) at once.
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
      await groupGone(pid);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
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
