import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { withCpuAffinity } from './affinity';
import { ByteTail } from './byte-tail';
import { startCpuSampler, type CpuSampler } from './cpu-time';
import { createLineSplitter } from './line-splitter';

export interface RunOptions {
  cwd: string;
  signal?: AbortSignal;
  /** Wall-clock deadline; the process is killed after it (docs/choices.md: `TIMEOUT`). */
  timeoutMs?: number;
  /** Pin the process to these cores (see affinity.ts for when that is possible). */
  cpus?: number[];
  /** Each stdout line, without its newline. Must not throw; if it does, the process is killed and the run rejects. */
  onStdoutLine?: (line: string) => void;
  /** How much of stderr to keep (the end of it). Default 64 KiB. */
  stderrTailBytes?: number;
  env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  /** null when the process ended by a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The last `stderrTailBytes` of stderr, cut at a character boundary. */
  stderrTail: string;
  timedOut: boolean;
  aborted: boolean;
  wallSeconds: number;
  /** user + system CPU seconds, sampled every 200 ms (a lower bound); null off Linux. */
  cpuSeconds: number | null;
}

const KILL_GRACE_MS = 2_000;
const DEFAULT_STDERR_TAIL_BYTES = 64 * 1024;

/**
 * Runs a binary with an argv array, never through a shell (conventions rule 5), so no
 * argument is ever re-parsed. Resolves on any exit, including a kill after a timeout or
 * an abort (see `timedOut` / `aborted`); rejects only if the binary cannot be started or
 * `onStdoutLine` threw.
 */
export function runProcess(bin: string, argv: string[], opts: RunOptions): Promise<RunResult> {
  if (opts.signal?.aborted) {
    return Promise.resolve({ exitCode: null, signal: null, stderrTail: '', timedOut: false, aborted: true, wallSeconds: 0, cpuSeconds: null });
  }
  const target = withCpuAffinity(bin, argv, opts.cpus);
  return new Promise<RunResult>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(target.bin, target.argv, {
      cwd: opts.cwd,
      env: opts.env ?? childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'], // stdin closed: ffmpeg must never wait for a key press
      shell: false,
      windowsHide: true,
    });
    const run = superviseChild(child, opts);
    child.on('error', (err) => {
      if (child.pid !== undefined) return; // e.g. a failed kill() of a running child; 'close' still follows
      run.cleanup();
      reject(new Error(`Could not start ${bin}: ${err.message}`, { cause: err }));
    });
    child.once('close', (code, signal) => {
      const cpuSeconds = run.cleanup();
      if (run.callbackError !== undefined) {
        reject(new Error('onStdoutLine threw; the process was killed', { cause: run.callbackError }));
        return;
      }
      const wallSeconds = Math.round(performance.now() - started) / 1000;
      resolve({ exitCode: code, signal, stderrTail: run.tail.toString(), timedOut: run.timedOut, aborted: run.aborted, wallSeconds, cpuSeconds });
    });
  });
}

interface Supervision {
  tail: ByteTail;
  timedOut: boolean;
  aborted: boolean;
  callbackError: unknown;
  /** Stops timers and listeners, flushes the last stdout line; returns the CPU seconds. */
  cleanup(): number | null;
}

/** Wires the streams, the deadline, the abort signal and CPU sampling to one child. */
function superviseChild(child: ChildProcess, opts: RunOptions): Supervision {
  const kill = createKiller(child);
  const run: Supervision = {
    tail: new ByteTail(opts.stderrTailBytes ?? DEFAULT_STDERR_TAIL_BYTES),
    timedOut: false,
    aborted: false,
    callbackError: undefined,
    cleanup: () => null,
  };
  const lines = createLineSplitter((line) => {
    if (!opts.onStdoutLine || run.callbackError !== undefined) return;
    try {
      opts.onStdoutLine(line);
    } catch (err) {
      run.callbackError = err;
      kill.start();
    }
  });
  child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => run.tail.push(chunk));
  const onAbort = () => {
    run.aborted = true;
    kill.start();
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const deadline =
    opts.timeoutMs === undefined
      ? null
      : setTimeout(() => {
          run.timedOut = true;
          kill.start();
        }, opts.timeoutMs);
  const cpu: CpuSampler | null = child.pid === undefined ? null : startCpuSampler(child.pid);
  // Stop reading /proc/<pid> as soon as the pid is reaped: it could be reused by another process.
  child.once('exit', () => cpu?.stop());
  run.cleanup = () => {
    if (deadline) clearTimeout(deadline);
    opts.signal?.removeEventListener('abort', onAbort);
    kill.cancel();
    lines.end();
    return cpu?.stop() ?? null;
  };
  return run;
}

/** SIGTERM first (ffmpeg then closes its outputs cleanly), SIGKILL if it is still alive 2 s later. */
function createKiller(child: ChildProcess): { start(): void; cancel(): void } {
  let escalation: NodeJS.Timeout | null = null;
  return {
    start() {
      if (escalation || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      escalation = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    },
    cancel() {
      if (escalation) clearTimeout(escalation);
    },
  };
}

/** The service's environment without its own settings (FFDESK_API_KEY and the like never reach ffmpeg). */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('FFDESK_')));
}
