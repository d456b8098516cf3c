import path from 'node:path';
import type { Confiner } from '../media/confine';
import { runProcess } from '../media/run-process';
import { createProgressParser, type Progress } from '../media/progress';

export interface ConfinedRun {
  confiner: Confiner;
  bin: string;
  argv: string[];
  /** The stored file, bound read-only. */
  input: string;
  /** A fresh folder bound read-write (outputs), else the process writes nothing. */
  workDir?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  onStdoutLine?: (line: string) => void;
  /** Each stderr line: for a log of one line per event, which the 4 KB tail kept for errors would cut. */
  onStderrLine?: (line: string) => void;
  /** An ffmpeg run's progress (`-progress pipe:1` is added), as a share of `durationSeconds` where known. */
  progress?: { durationSeconds: number | null; onProgress(p: Progress): void };
  what: string;
}

/**
 * Runs ffmpeg or ffprobe for a file fact through the same confinement as every command
 * (docs/sandbox.md): the input read-only, a work folder writable, CPU time bounded, a
 * wall-clock deadline. Throws with the end of stderr when the run fails.
 */
export async function runConfined(run: ConfinedRun): Promise<{ stderrTail: string }> {
  const cwd = run.workDir ?? path.dirname(run.input);
  const parser = run.progress ? createProgressParser(run.progress.durationSeconds) : null;
  const cmd = run.confiner.wrap({
    bin: run.bin,
    argv: parser ? ['-nostats', '-progress', 'pipe:1', ...run.argv] : run.argv,
    cwd,
    writable: run.workDir ? [run.workDir] : [],
    readable: [run.input],
    limits: { cpuSeconds: Math.ceil((run.timeoutMs / 1000) * 4) },
  });
  const r = await runProcess(cmd, {
    cwd,
    signal: run.signal,
    timeoutMs: run.timeoutMs,
    stderrTailBytes: 4096,
    onStdoutLine: parser
      ? (line) => {
          const p = parser.push(line);
          if (p) run.progress?.onProgress(p);
        }
      : run.onStdoutLine,
    onStderrLine: run.onStderrLine,
  });
  run.signal?.throwIfAborted();
  if (r.timedOut) throw new Error(`${run.what} took longer than ${Math.round(run.timeoutMs / 1000)} s`);
  if (r.exitCode !== 0) throw new Error(`${run.what} failed: ${lastLine(r.stderrTail) || `exit ${r.exitCode ?? r.signal}`}`);
  return { stderrTail: r.stderrTail };
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop() ?? '';
}
