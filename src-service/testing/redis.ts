import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { restartablePort } from './ports';

export const REDIS_SERVER = '/usr/bin/redis-server';

/** Whether a `redis-server` binary is there (Debian package `redis-server`, installed by .ci/run). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A free port the test may stop and start a server on again (testing/ports.ts). */
export async function freePort(): Promise<number> {
  return restartablePort();
}

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops (SIGTERM, or `SIGKILL` for a crash) and starts the same server on the same port (its AOF, if on, brings the data back). */
  restart(downMs?: number, signal?: NodeJS.Signals): Promise<void>;
}

/** A real redis-server on a free port in `dir`; `aof` keeps data across a restart. */
export async function startRedis(dir: string, opts: { aof?: boolean } = {}): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess;
  const launch = async () => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--daemonize',
      'no',
      ...(opts.aof ? ['--appendonly', 'yes', '--appendfsync', 'always', '--appendfilename', 'ffdesk.aof'] : ['--appendonly', 'no']),
    ];
    child = spawn('redis-server', args, { cwd: dir, stdio: 'ignore' });
    await waitForPort(port);
  };
  const stopChild = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const c = child;
    if (c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill(signal);
    await exited;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => stopChild(),
    async restart(downMs = 500, signal: NodeJS.Signals = 'SIGTERM') {
      await stopChild(signal);
      await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
  };
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.end();
        resolve(true);
      });
      sock.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const redisDir = (base: string) => path.join(base, 'redis');
