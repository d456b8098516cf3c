import fs from 'node:fs/promises';
import path from 'node:path';
import type { Media } from '../media/media-module';
import type { CommandNotifier } from '../jobs/notify';
import type { Command } from '../jobs/command';
import { nowIso } from '../db/time';
import { JobFailure } from '../errors';
import { isCommandFailure, type CommandErrorStatus } from '../contract/enums';
import { parseStoredRequest } from '../jobs/submit';
import { handleFailure, storeAndCommit, type CommitDeps } from '../jobs/runner';
import { buildPlan, type JobPlan, type PlanDeps } from './plan';
import { createOutputUploads } from './output-uploads';

/** A command interrupted this many times is failed instead of re-run (the same rule as a restart of the embedded service). */
export const MAX_ATTEMPTS = 2;

interface Active {
  workerId: string;
  lastSeen: number;
}

export type ClaimAnswer = { plan: JobPlan } | { gone: string };

/**
 * The service's side of commands run by workers: it claims a command for a worker (QUEUED ->
 * PROCESSING, or a takeover after a worker died), relays progress and cancel, receives the
 * output files and commits them with the embedded runner's code (docs/scale-out.md).
 */
export interface RemoteJobsDeps extends PlanDeps, Omit<CommitDeps, 'ffprobePath' | 'onStatus'> {
  media: Pick<Media, 'binaries'>;
  notifier: Pick<CommandNotifier, 'onStatus' | 'onProgress'>;
  jobsDir: string;
  requeued(): void;
  /** Segmented commands the service coordinates itself (scale-out/segments/): no worker runs them whole. */
  coordinated?(id: string): boolean;
  /** Requests the service runs itself even with workers (edits): never queued, never swept as lost (docs/scale-out.md). */
  runsInService?(request: unknown): boolean;
}

export function createRemoteJobs(deps: RemoteJobsDeps) {
  const active = new Map<string, Active>();
  const finishing = new Set<string>();
  const uploads = createOutputUploads(deps, (id) => remoteDir(id));
  const commitDeps = (): CommitDeps => ({ ...deps, ffprobePath: deps.media.binaries().ffprobePath, onStatus: (r) => deps.notifier.onStatus(r) });

  /** The worker that claimed the command; after a service restart, whichever worker reports first. */
  function isRunner(id: string, workerId: string): boolean {
    const a = active.get(id);
    if (!a || a.workerId === '') {
      active.set(id, { workerId, lastSeen: Date.now() });
      return true;
    }
    return a.workerId === workerId;
  }

  function remoteDir(id: string): string {
    return path.join(deps.jobsDir, `${id}.remote`);
  }

  function fail(row: Command, status: CommandErrorStatus, message: string): void {
    if (deps.commands.markFailed(row.id, row.status, { errorStatus: status, errorMessage: message })) {
      deps.notifier.onStatus(deps.commands.getAny(row.id) as Command);
    }
  }

  function claim(id: string, workerId: string): ClaimAnswer {
    const row = deps.commands.getAny(id);
    if (!row) return { gone: 'The command no longer exists' };
    if (row.status === 'QUEUED') {
      if (!deps.commands.markProcessing(id)) return { gone: 'The command was taken or cancelled meanwhile' };
    } else if (row.status === 'PROCESSING') {
      // A worker died (or lost Redis) mid-run and the job came back: the restart rule applies.
      if (row.attempts >= MAX_ATTEMPTS) {
        fail(row, 'INTERRUPTED', `The worker running the command stopped (${row.attempts} attempts); it was not run again`);
        return { gone: 'The command was interrupted too often' };
      }
      deps.commands.takeOver(id);
    } else {
      return { gone: `The command is already ${row.status}` };
    }
    const running = deps.commands.getAny(id) as Command;
    try {
      const plan = buildPlan(deps, running);
      active.set(id, { workerId, lastSeen: Date.now() });
      deps.notifier.onStatus(running);
      return { plan };
    } catch (err) {
      if (!(err instanceof JobFailure)) throw err;
      deps.notifier.onStatus(running);
      fail(running, isCommandFailure(err.status) ? err.status : 'PROCESSING_ERROR', err.message);
      return { gone: err.message };
    }
  }

  /** A progress report doubles as the heartbeat; the answer tells the worker to stop. */
  function progress(id: string, workerId: string, p: unknown): { cancel: boolean } {
    const row = deps.commands.getAny(id);
    const mine = active.get(id);
    if (!row || row.status !== 'PROCESSING' || (mine && mine.workerId !== '' && mine.workerId !== workerId)) return { cancel: true };
    active.set(id, { workerId, lastSeen: Date.now() });
    if (p !== null && p !== undefined) deps.notifier.onProgress(row, p);
    return { cancel: false };
  }

  async function complete(
    id: string,
    workerId: string,
    r: { produced: string[]; input_bytes: number; ffmpeg_seconds: number; log: string },
  ): Promise<{ status: string; missing?: string[] }> {
    const row = deps.commands.getAny(id);
    if (!row || row.status !== 'PROCESSING' || !isRunner(id, workerId) || finishing.has(id)) {
      if (row?.status !== 'PROCESSING') await discard(id);
      return { status: row?.status ?? 'GONE' };
    }
    const missing = await uploads.missing(id, uploadedNeeded(row, r.produced));
    if (missing.length > 0) return { status: row.status, missing };
    finishing.add(id);
    const started = performance.now() - (Date.now() - Date.parse(row.startedAt ?? nowIso()));
    const never = new AbortController().signal;
    try {
      await storeAndCommit(
        commitDeps(),
        row,
        parseStoredRequest(row.request).outputs,
        remoteDir(id),
        r.produced.filter((f) => !missingOk(row, f)),
        {
          started,
          inputBytes: r.input_bytes,
          ffmpegSeconds: r.ffmpeg_seconds,
          log: r.log,
          signal: never,
        },
      );
    } catch (err) {
      await handleFailure(commitDeps(), row, err, never, never, { started, ffmpegSeconds: r.ffmpeg_seconds, log: r.log });
    } finally {
      finishing.delete(id);
      active.delete(id);
      await discard(id);
    }
    return { status: deps.commands.getAny(id)?.status ?? 'GONE' };
  }

  async function reportFailure(
    id: string,
    workerId: string,
    f: { error_status: CommandErrorStatus; error_message: string; log: string; ffmpeg_seconds: number; requeue?: boolean },
  ): Promise<{ status: string }> {
    const row = deps.commands.getAny(id);
    if (!row || row.status !== 'PROCESSING' || !isRunner(id, workerId)) return { status: row?.status ?? 'GONE' };
    active.delete(id);
    await discard(id);
    if (f.requeue) {
      // The worker is shutting down: the command goes back to the queue for another worker.
      if (deps.commands.requeue(id)) deps.requeued();
    } else {
      const never = new AbortController().signal;
      const started = performance.now() - (Date.now() - Date.parse(row.startedAt ?? nowIso()));
      await handleFailure(commitDeps(), row, new JobFailure(f.error_status, f.error_message), never, never, {
        started,
        ffmpegSeconds: f.ffmpeg_seconds,
        log: f.log,
      });
    }
    return { status: deps.commands.getAny(id)?.status ?? 'GONE' };
  }

  /**
   * PROCESSING commands nobody reports on for `lostMs` (the worker died and its queue job is
   * gone too, e.g. Redis lost it): re-queued, or failed INTERRUPTED after MAX_ATTEMPTS. A
   * command found PROCESSING after a service restart gets the same grace to be reported on.
   */
  function sweepLost(lostMs: number): void {
    const now = Date.now();
    for (const row of deps.commands.findProcessing()) {
      if (deps.coordinated?.(row.id) || deps.runsInService?.(row.request)) continue;
      const a = active.get(row.id);
      if (!a) {
        active.set(row.id, { workerId: '', lastSeen: now });
        continue;
      }
      if (now - a.lastSeen < lostMs || finishing.has(row.id)) continue;
      active.delete(row.id);
      void discard(row.id);
      if (row.attempts < MAX_ATTEMPTS) {
        if (deps.commands.requeue(row.id)) {
          deps.notifier.onStatus(deps.commands.getAny(row.id) as Command);
          deps.requeued();
        }
      } else {
        fail(row, 'INTERRUPTED', `No worker reported on the command for ${Math.round(lostMs / 1000)} s (${row.attempts} attempts); it was not run again`);
      }
    }
  }

  /** Cancel of a command a worker runs: fail it now; the worker learns it within one progress report and kills ffmpeg. */
  function cancel(id: string): boolean {
    const row = deps.commands.getAny(id);
    if (!row || row.status !== 'PROCESSING') return false;
    fail(row, 'CANCELLED', 'The command was cancelled');
    active.delete(id);
    return true;
  }

  async function discard(id: string): Promise<void> {
    uploads.forget(id);
    await fs.rm(remoteDir(id), { recursive: true, force: true });
  }

  return {
    claim,
    progress,
    complete,
    reportFailure,
    sweepLost,
    cancel,
    uploads,
    runningIds: () => [...active].filter(([, a]) => a.workerId !== '').map(([id]) => id),
  };
}

/** A worker uploads only what storing needs: every file for OUTPUT_FOLDER or a playlist, else the declared outputs. */
export function filesToUpload(outputs: Record<string, string> | 'OUTPUT_FOLDER', produced: string[]): string[] {
  if (outputs === 'OUTPUT_FOLDER' || Object.keys(outputs).some((a) => a.startsWith('out_playlist_'))) return produced;
  const declared = new Set(Object.values(outputs));
  return produced.filter((f) => declared.has(f));
}

function uploadedNeeded(row: Command, produced: string[]): string[] {
  return filesToUpload(parseStoredRequest(row.request).outputs, produced);
}

/** Produced files that were not uploaded because storing does not need them. */
function missingOk(row: Command, file: string): boolean {
  return !uploadedNeeded(row, [file]).length;
}

export type RemoteJobs = ReturnType<typeof createRemoteJobs>;
