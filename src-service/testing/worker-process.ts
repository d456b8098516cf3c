import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_PROGRAM, cliArgs } from './cli-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** The node process that runs the worker (the spawned one: the CLI bundle runs in it directly). */
  pid(): number;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** `ffdesk worker` as a real separate process, the way a user starts one on another machine. */
export async function startWorkerProcess(opts: {
  serviceUrl: string;
  redisUrl: string;
  token: string;
  workDir: string;
  vcpus?: number;
  /** `--cores`: the cores its ffmpeg runs are pinned to (the bench gives each worker its own). */
  cores?: string;
  stalledMs?: number;
  /** FFDESK_FFMPEG_PATH for the worker (a stand-in ffmpeg, testing/hardening/standin-ffmpeg.ts). */
  ffmpegPath?: string;
}): Promise<WorkerProcess> {
  const child = spawn(
    CLI_PROGRAM,
    cliArgs([
      'worker',
      '--service',
      opts.serviceUrl,
      '--redis',
      opts.redisUrl,
      '--token',
      opts.token,
      '--vcpus',
      String(opts.vcpus ?? 2),
      ...(opts.cores === undefined ? [] : ['--cores', opts.cores]),
      '--work-dir',
      opts.workDir,
    ]),
    {
      cwd: root,
      env: { ...process.env, FFDESK_WORKER_STALLED_MS: String(opts.stalledMs ?? 1500), ...(opts.ffmpegPath ? { FFDESK_FFMPEG_PATH: opts.ffmpegPath } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Never leave a half-started worker behind: any node process under it, then itself.
      for (const p of [deepestNode(child.pid as number), child.pid as number]) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      reject(new Error(`worker did not start:\n${out}`));
    }, 90_000); // a safety net, not a timing: a start on a loaded 2-core runner can take seconds
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/FFDesk worker \S+ ready/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}:\n${out}`)));
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const pid = deepestNode(child.pid as number);
  return {
    child,
    output: () => out,
    pid: () => pid,
    async kill9() {
      for (const p of [pid, child.pid as number]) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone already
      }
      const straggler = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(straggler);
    },
  };
}

/** The deepest node process under `pid` (Linux /proc; elsewhere `pid`). */
function deepestNode(spawned: number): number {
  let pid = spawned;
  for (;;) {
    const kids = readProc(`/proc/${pid}/task/${pid}/children`).split(/\s+/).filter(Boolean).map(Number);
    const next = kids.find((c) => readProc(`/proc/${c}/comm`).startsWith('node'));
    if (next === undefined) return pid;
    pid = next;
  }
}

function readProc(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
