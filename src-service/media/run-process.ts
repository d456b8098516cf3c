import { spawnChild, type ChildProcess } from './child-process';
import type { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { withCpuAffinity } from './affinity';
import { ByteTail } from './byte-tail';
import { startCpuSampler, type CpuSampler } from './cpu-time';
import { createLineSplitter } from './line-splitter';
import { createRunEnder } from './run-ender';

export interface RunOptions {
  cwd: string;
  signal?: AbortSignal;
  /** Wall-clock deadline; the process is killed after it (docs/choices.md: `TIMEOUT`). */
  timeoutMs?: number;
  /** Pin the process to these cores (see affinity.ts for when that is possible). */
  cpus?: number[];
  /** Each stdout line, without its newline. Must not throw; if it does, the process is killed and the run rejects. */
  onStdoutLine?: (line: string) => void;
  /**
   * Each stderr line, without its newline, for logs that print one line per event (a filter's
   * report over a whole file) which the bounded tail would cut. Must not throw, as onStdoutLine.
   */
  onStderrLine?: (line: string) => void;
  /** How much of stderr to keep (the end of it). Default 64 KiB. */
  stderrTailBytes?: number;
  /**
   * For a sandbox made ready before its binary may run (`ConfineRequest.startOnInput`): true
   * sends `go` on its stdin, false ends the run as aborted. `timeoutMs` counts from the release.
   * Absent: stdin is closed and the binary runs at once.
   */
  gate?: Promise<boolean>;
}

/**
 * What runProcess starts. A confined command is passed whole, as `Confiner.wrap` made it
 * (`WrappedCommand` is one): bubblewrap's `--info-fd 3`, on which it reports its PID
 * namespace's init so the whole sandbox can be ended (run-ender.ts), is a field of the
 * command, not an option of the run that a caller could forget to copy.
 */
export interface ProcessCommand {
  readonly bin: string;
  readonly argv: readonly string[];
  /** Default: the service's environment without its own settings (childEnv). */
  readonly env?: NodeJS.ProcessEnv;
  /** Only a bubblewrap command has it (its argv holds `--info-fd 3`); always 3. */
  readonly infoFd?: 3;
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

const DEFAULT_STDERR_TAIL_BYTES = 64 * 1024;
/**
 * Once the spawned process has exited and the rest of its run is killed, its stdout and
 * stderr are read for at most this long, then closed: a process that escaped the kill
 * (it left the process group) cannot hold the run open (docs/sandbox.md, "Ending a run").
 */
export const DRAIN_MS = 1_000;

/**
 * Runs a binary with an argv array, never through a shell (conventions rule 5), so no
 * argument is ever re-parsed. Resolves on any exit, including a kill after a timeout or
 * an abort (see `timedOut` / `aborted`); rejects only if the binary cannot be started or
 * `onStdoutLine` / `onStderrLine` threw. It ends on the spawned process's `exit`, not on its stdio closing:
 * whatever of the run is left then is killed and its stdio drained for at most DRAIN_MS.
 */
export function runProcess(command: ProcessCommand, opts: RunOptions): Promise<RunResult> {
  if (opts.signal?.aborted) {
    return Promise.resolve({ exitCode: null, signal: null, stderrTail: '', timedOut: false, aborted: true, wallSeconds: 0, cpuSeconds: null });
  }
  const { bin, infoFd } = command;
  const target = withCpuAffinity(bin, [...command.argv], opts.cpus);
  const sandboxed = infoFd !== undefined;
  return new Promise<RunResult>((resolve, reject) => {
    const started = performance.now();
    const child = spawnChild(target.bin, target.argv, {
      cwd: opts.cwd,
      env: command.env ?? childEnv(),
      // stdin closed: ffmpeg must never wait for a key press (a gated run reads only `go` there). fd 3: bwrap's --info-fd.
      stdio: [opts.gate ? 'pipe' : 'ignore', 'pipe', 'pipe', ...(sandboxed ? (['pipe'] as const) : [])],
      windowsHide: true,
      // Its own process group (and session): the run is signalled as a whole, and a Ctrl-C in
      // the service's terminal reaches the service, which ends its runs, not ffmpeg directly.
      detached: process.platform !== 'win32',
    });
    const run = superviseChild(child, opts, sandboxed);
    child.on('error', (err) => {
      if (child.pid !== undefined) return; // e.g. a failed kill() of a running child; 'exit' still follows
      run.cleanup();
      reject(new Error(`Could not start ${bin}: ${err.message}`, { cause: err }));
    });
    child.once('exit', (code, signal) => {
      void run
        .finish()
        .catch(() => undefined) // never leaves the run unsettled
        .then(() => {
          const cpuSeconds = run.cleanup();
          if (run.callbackError !== undefined) {
            reject(new Error(`${run.callbackName} threw; the process was killed`, { cause: run.callbackError }));
            return;
          }
          const wallSeconds = Math.round(performance.now() - started) / 1000;
          resolve({ exitCode: code, signal, stderrTail: run.tail.toString(), timedOut: run.timedOut, aborted: run.aborted, wallSeconds, cpuSeconds });
        });
    });
  });
}

interface Supervision {
  tail: ByteTail;
  timedOut: boolean;
  aborted: boolean;
  callbackError: unknown;
  /** Which line callback threw. */
  callbackName: 'onStdoutLine' | 'onStderrLine';
  /** After the spawned process's exit: kills what is left of the run, drains stdio (bounded), closes it. */
  finish(): Promise<void>;
  /** Stops timers and listeners, flushes the last stdout line; returns the CPU seconds. */
  cleanup(): number | null;
}

/** Wires the streams, the deadline, the abort signal and CPU sampling to one child. */
function superviseChild(child: ChildProcess, opts: RunOptions, sandboxed: boolean): Supervision {
  const kill = createRunEnder(child, sandboxed);
  const run: Supervision = {
    tail: new ByteTail(opts.stderrTailBytes ?? DEFAULT_STDERR_TAIL_BYTES),
    timedOut: false,
    aborted: false,
    callbackError: undefined,
    callbackName: 'onStdoutLine',
    finish: async () => undefined,
    cleanup: () => null,
  };
  const deliver = (name: Supervision['callbackName'], onLine: ((line: string) => void) | undefined) =>
    createLineSplitter((line) => {
      if (!onLine || run.callbackError !== undefined) return;
      try {
        onLine(line);
      } catch (err) {
        run.callbackError = err;
        run.callbackName = name;
        kill.start();
      }
    });
  const lines = deliver('onStdoutLine', opts.onStdoutLine);
  const errLines = opts.onStderrLine ? deliver('onStderrLine', opts.onStderrLine) : null;
  child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => {
    run.tail.push(chunk);
    errLines?.push(chunk);
  });
  const info = sandboxed ? readInitPid(child.stdio[3] as Readable | null, (pid) => kill.setInit(pid)) : Promise.resolve();
  const onAbort = () => {
    run.aborted = true;
    kill.start();
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const startDeadline = () =>
    opts.timeoutMs === undefined
      ? null
      : setTimeout(() => {
          run.timedOut = true;
          kill.start();
        }, opts.timeoutMs);
  let ended = false;
  let deadline = opts.gate ? null : startDeadline();
  if (opts.gate) {
    child.stdin?.on('error', () => undefined); // the sandbox may be gone before the release (killed, aborted)
    void opts.gate.then((go) => {
      if (ended) return;
      if (!go) return onAbort();
      deadline = startDeadline();
      child.stdin?.end('go\n');
    });
  }
  const cpu: CpuSampler | null = child.pid === undefined ? null : startCpuSampler(child.pid);
  // Stop reading /proc/<pid> as soon as the pid is reaped: it could be reused by another process.
  child.once('exit', () => cpu?.stop());
  run.finish = async () => {
    // bwrap writes its init's pid before the sandbox starts, but the pipe may be read after the exit.
    await bounded(info, DRAIN_MS);
    kill.exited();
    const streams = [child.stdout, child.stderr, child.stdio[3] as Readable | undefined].filter((s): s is Readable => s != null);
    await bounded(Promise.all(streams.map(closed)), DRAIN_MS);
    for (const s of streams) s.destroy();
    child.stdin?.destroy();
  };
  run.cleanup = () => {
    ended = true;
    if (deadline) clearTimeout(deadline);
    opts.signal?.removeEventListener('abort', onAbort);
    kill.exited();
    lines.end();
    errLines?.end();
    return cpu?.stop() ?? null;
  };
  return run;
}

/** Reads bwrap's `--info-fd` JSON (`{"child-pid": N}`: the host pid of the sandbox's PID 1); resolves when the pipe ends. */
function readInitPid(stream: Readable | null, onPid: (pid: number) => void): Promise<void> {
  if (!stream) return Promise.resolve();
  let text = '';
  let found = false;
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    if (found) return;
    text += chunk;
    const m = /"child-pid"\s*:\s*(\d+)/.exec(text);
    if (m) {
      found = true;
      onPid(Number(m[1]));
    }
  });
  return closed(stream);
}

function closed(stream: Readable): Promise<void> {
  if (stream.closed || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
}

async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** The service's environment without its own settings (FFDESK_API_KEY and the like never reach ffmpeg). */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('FFDESK_')));
}
