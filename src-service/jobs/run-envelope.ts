import fs from 'node:fs/promises';
import path from 'node:path';
import { startRunTimer } from './run-limit';
import type { JobDirs } from './run-kinds';

/**
 * What every run of a command's ffmpeg work is wrapped in, by the runner here and by a
 * scale-out worker alike (docs/architecture.md): one abort signal, aborted by the run-time
 * limit (a TIMEOUT failure, jobs/run-limit.ts), by the outer stop (a shutdown of the service
 * or the worker), or by the caller (a cancel); and the job folders it runs in.
 */
export interface RunEnvelope {
  readonly signal: AbortSignal;
  abort(reason: unknown): void;
  /** What ended the run: the abort's reason once aborted (a TIMEOUT, a cancel, a shutdown), else the error thrown. */
  reasonFor(err: unknown): unknown;
  /** Stops the run-time limit early (a worker's limit covers ffmpeg's run, not its upload). */
  stopTimer(): void;
  /** Stops the limit and stops listening to the outer signal. */
  close(): void;
}

/** `outerReason` is what the run is aborted with when `outer` is: by default the outer signal's own reason. */
export function openRunEnvelope(maxRunSeconds: number, outer: AbortSignal, outerReason: () => unknown = () => outer.reason): RunEnvelope {
  const controller = new AbortController();
  const onOuter = () => controller.abort(outerReason());
  outer.addEventListener('abort', onOuter, { once: true });
  const stopTimer = startRunTimer(maxRunSeconds, (failure) => controller.abort(failure));
  return {
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    reasonFor: (err) => (controller.signal.aborted ? (controller.signal.reason as unknown) : err),
    stopTimer,
    close() {
      stopTimer();
      outer.removeEventListener('abort', onOuter);
    },
  };
}

/** A command's job folder and, beside it, the scratch folder its inputs are fetched into. */
export const jobDirsOf = (root: string, id: string): JobDirs => ({ work: path.join(root, id), scratch: path.join(root, `${id}.in`) });

/** Empty job folders for a (re)started run: whatever an earlier attempt left is gone. */
export async function resetJobDirs(dirs: JobDirs): Promise<void> {
  await removeJobDirs(dirs);
  await fs.mkdir(dirs.work, { recursive: true });
}

export const removeJobDirs = (dirs: JobDirs) =>
  Promise.all([fs.rm(dirs.work, { recursive: true, force: true }), fs.rm(dirs.scratch, { recursive: true, force: true })]);
