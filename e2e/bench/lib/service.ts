import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { recordBuilds } from './builds';
import { createRssMeter, peakOfTree, type RssMeter } from './rss';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BenchService {
  url: string;
  key: string;
  dataDir: string;
  pid: number;
  /** Milliseconds from spawn to the "FFDesk listening on" line. */
  startupMs: number;
  rss: RssMeter;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The launchers whose start-up is timed; the service itself always runs as `node --import tsx`.
 * `launch-cjs` is what `npm run serve` runs, without npm; `bare-node` is the start-up baseline: a
 * bare node:http server printing the same line (what any Node service pays to start here).
 */
export type Launcher = 'node' | 'tsx' | 'npm' | 'launch-cjs' | 'bare-node';

const BARE_SERVER = `require('node:http').createServer((q, r) => r.end('ok')).listen(0, '127.0.0.1', function () { console.log('FFDesk listening on http://127.0.0.1:' + this.address().port); });`;

const LISTENING = /FFDesk listening on (\S+)/;
const live = new Set<ChildProcess>();

/**
 * The real service as a child process (what `npm run serve` runs), but started as
 * `node --import tsx` so the pid we sample for memory is the service itself rather than
 * tsx's wrapper process.
 */
export async function startService(
  dataDir: string,
  opts: { key?: string; env?: Record<string, string>; launcher?: Launcher; nodeArgs?: string[] } = {},
): Promise<BenchService> {
  const key = opts.key ?? `bench_${crypto.randomBytes(16).toString('hex')}`;
  const launched = await launch(
    opts.launcher ?? 'node',
    {
      FFDESK_HOST: '127.0.0.1',
      FFDESK_PORT: '0',
      FFDESK_DATA_DIR: dataDir,
      FFDESK_API_KEY: key,
      ...opts.env,
    },
    opts.nodeArgs,
  );
  await recordBuilds(launched.url);
  return { ...launched, key, dataDir, rss: createRssMeter(launched.pid) };
}

export interface Launched {
  url: string;
  pid: number;
  startupMs: number;
  /** Peak RSS of the service process (the largest in the launcher's process tree) when it was listening. */
  peakRssAtListen: number | null;
  output(): string;
  stop(): Promise<void>;
}

function commandFor(launcher: Launcher, nodeArgs: string[] = []): { bin: string; args: string[] } {
  switch (launcher) {
    case 'node':
      // FFDESK_BENCH_NODE_ARGS: extra node flags for the service, e.g. `--cpu-prof` to see where time goes.
      return { bin: process.execPath, args: [...extraNodeArgs(), ...nodeArgs, '--import', 'tsx', 'src-service/cli/main.ts', 'serve'] };
    case 'tsx':
      return { bin: path.join(REPO_ROOT, 'node_modules/.bin/tsx'), args: ['src-service/cli/main.ts', 'serve'] };
    case 'npm':
      return { bin: 'npm', args: ['run', '--silent', 'serve'] };
    case 'launch-cjs':
      return { bin: process.execPath, args: ['src-service/cli/launch.cjs', 'serve'] };
    case 'bare-node':
      return { bin: process.execPath, args: ['-e', BARE_SERVER] };
  }
}

function extraNodeArgs(): string[] {
  return (process.env.FFDESK_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/** Spawns in its own process group, so stop() reaches npm's and tsx's children too. */
export function launch(launcher: Launcher, env: Record<string, string>, nodeArgs?: string[]): Promise<Launched> {
  const { bin, args } = commandFor(launcher, nodeArgs);
  const started = performance.now();
  const child = spawn(bin, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  live.add(child);
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(
    () => live.delete(child),
    () => undefined,
  );
  return new Promise<Launched>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => fail(new Error(`the service did not start within 60 s:\n${out}`)), 60_000);
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stopGroup(child, exited);
      reject(err);
    };
    child.stderr?.on('data', keep);
    child.stdout?.on('data', (d: Buffer) => {
      keep(d);
      const m = LISTENING.exec(out);
      if (!m || child.pid === undefined || settled) return;
      settled = true;
      clearTimeout(timer);
      const startupMs = performance.now() - started;
      resolve({
        url: m[1] as string,
        pid: child.pid,
        startupMs,
        peakRssAtListen: peakOfTree(child.pid),
        output: () => out,
        stop: () => stopGroup(child, exited),
      });
    });
    child.once('error', (err) => fail(err));
    child.once('exit', (code) => fail(new Error(`the service exited (${code}) before listening:\n${out}`)));
  });
}

async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  signalGroup(child.pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child.pid as number, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err; // ESRCH: already gone
  }
}

/** On an interrupted run: the services this process started, by their group id. */
export function killAllStarted(): void {
  for (const child of live) if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
}
