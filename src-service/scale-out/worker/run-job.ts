import { CancelledError, JobFailure, ShutdownError } from '../../errors';
import { executeInFolder } from '../../jobs/execute';
import type { ParsedRequest } from '../../jobs/submit';
import { stepLimits } from '../../jobs/runner';
import { jobDirsOf, openRunEnvelope, removeJobDirs, resetJobDirs, type RunEnvelope } from '../../jobs/run-envelope';
import type { Confiner, SandboxMode } from '../../media/confine';
import type { JobPlan } from '../plan';
import { filesToUpload } from '../remote-jobs';
import { isWorkerFailure, type WorkerFailureStatus } from '../../contract/worker-protocol.schema';
import type { ServiceClient } from './service-client';
import { ApiError } from '../../client/errors';
import { openUnder, UntrustedFileError } from '../../storage/no-follow';

/** How often a running job reports progress; the answer carries cancel, so this bounds how fast ffmpeg stops. */
export const PROGRESS_EVERY_MS = 500;

export interface JobContext {
  client: ServiceClient;
  workerId: string;
  workDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  cpus: number[];
  /** The sandbox wrapper for the mode the service asks for (docs/sandbox.md). */
  confinerFor(mode: SandboxMode): Confiner;
  /** Aborted when the worker shuts down: the command goes back to the queue. */
  shutdown: AbortSignal;
  log(m: string): void;
}

type Claim = { plan: JobPlan } | { gone: string };

/**
 * One command on a worker: claim it (the service answers with the plan), run the shared
 * ffmpeg code in a local job folder while reporting progress, upload what storing needs,
 * and report completion; the service then stores and commits (docs/scale-out.md).
 */
export async function runRemoteJob(ctx: JobContext, commandId: string): Promise<void> {
  if (ctx.shutdown.aborted) return; // stopping: leave the command QUEUED for another worker
  const claim = (await ctx.client.send('workerClaim', { command_id: commandId }, { worker_id: ctx.workerId })) as Claim;
  if ('gone' in claim) {
    ctx.log(`command ${commandId} skipped: ${claim.gone}`);
    return;
  }
  const plan = claim.plan;
  const dirs = jobDirsOf(ctx.workDir, commandId);
  // The runner's envelope: the run-time limit, and the worker's shutdown putting the command back in the queue.
  const envelope = openRunEnvelope(plan.max_run_seconds, ctx.shutdown, workerStopping);
  const reporter = startReporter(ctx, commandId, envelope);
  const logs: string[] = [`--- worker ${ctx.workerId}: running with ${plan.vcpu_count} vCPU(s) (pinned to core(s) ${ctx.cpus.join(',') || 'any'})`];
  let ffmpegSeconds = 0;
  try {
    await resetJobDirs(dirs);
    const req: ParsedRequest = {
      steps: plan.steps,
      inputs: Object.fromEntries(Object.entries(plan.inputs).map(([a, u]) => [a, ctx.client.resolve(u)])),
      inputZipUrl: plan.input_zip_url ? ctx.client.resolve(plan.input_zip_url) : null,
      outputs: plan.outputs,
      interims: plan.interims,
    };
    const deps = { config: plan.limits, ffmpegPath: ctx.ffmpegPath, ffprobePath: ctx.ffprobePath, confiner: ctx.confinerFor(plan.sandbox_mode) };
    const ran = await executeInFolder(
      deps,
      req,
      dirs,
      {
        cpus: ctx.cpus,
        signal: envelope.signal,
        limits: stepLimits(plan.limits, { maxRunSeconds: plan.max_run_seconds, vcpuCount: plan.vcpu_count }),
        checkLists: true,
        onProgress: (p) => reporter.set(p),
        onRunTime: (seconds) => (ffmpegSeconds += seconds),
      },
      logs,
    );
    envelope.stopTimer(); // the time limit covers ffmpeg's run, as in the embedded runner; storing is the service's part
    await finish(ctx, commandId, plan, dirs.work, { ...ran, log: logs.join('\n') }, envelope.signal);
  } catch (err) {
    await reportFailure(ctx, commandId, envelope.reasonFor(err), err, { log: logs.join('\n'), ffmpegSeconds });
  } finally {
    envelope.close();
    reporter.stop();
    await removeJobDirs(dirs);
  }
}

/** Progress every PROGRESS_EVERY_MS (also the heartbeat); a cancel answer aborts the run. */
function startReporter(ctx: JobContext, commandId: string, run: Pick<RunEnvelope, 'abort'>) {
  return startProgressReporter(
    (progress) => ctx.client.send('workerProgress', { command_id: commandId }, { worker_id: ctx.workerId, progress }, { patienceMs: 0 }),
    run,
  );
}

/** Sends the latest progress every PROGRESS_EVERY_MS through `send`; an answer with `cancel` aborts the run. */
export function startProgressReporter(send: (progress: unknown) => Promise<{ cancel: boolean }>, run: Pick<RunEnvelope, 'abort'>) {
  let latest: unknown = null;
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    const progress = latest;
    latest = null;
    send(progress)
      .then((a) => {
        if (a.cancel) run.abort(new CancelledError());
      })
      .catch(() => undefined) // the service is restarting: keep working, report again next tick
      .finally(() => (busy = false));
  };
  const interval = setInterval(tick, PROGRESS_EVERY_MS);
  return { set: (p: unknown) => (latest = p), stop: () => clearInterval(interval) };
}

async function finish(
  ctx: JobContext,
  commandId: string,
  plan: JobPlan,
  work: string,
  r: { produced: string[]; inputBytes: number; ffmpegSeconds: number; log: string },
  signal: AbortSignal,
): Promise<void> {
  let pending = filesToUpload(plan.outputs, r.produced);
  // A service restarted mid-upload has lost the parts: it names what is missing, and those go again.
  for (let round = 0; round < 5; round++) {
    for (const file of pending) {
      signal.throwIfAborted();
      await uploadFile(ctx, commandId, work, file);
    }
    signal.throwIfAborted();
    const answer = await ctx.client.send(
      'workerCompleteCommand',
      { command_id: commandId },
      {
        worker_id: ctx.workerId,
        produced: r.produced,
        input_bytes: r.inputBytes,
        ffmpeg_seconds: r.ffmpegSeconds,
        log: r.log,
      },
    );
    if (!answer.missing?.length) return;
    pending = answer.missing;
  }
  throw new Error('the service kept losing the uploaded outputs');
}

/** Read through the descriptor checked once without following links (docs/sandbox.md, "What comes back out"). */
export async function uploadFile(ctx: Pick<JobContext, 'client' | 'workerId'>, commandId: string, work: string, file: string, segment?: number): Promise<void> {
  const checked = await openUnder(work, file).catch((err: unknown) => {
    if (!(err instanceof UntrustedFileError)) throw err;
    if (err.missing) throw new JobFailure('MISSING_OUTPUT_FILE', `Output ${file} was not produced by the command`);
    throw new JobFailure('PROCESSING_ERROR', `Output ${file} refused: ${err.message}; outputs must be regular files written by the command`, { cause: err });
  });
  try {
    const size = checked.stat.size;
    const init = await ctx.client.send(
      'workerInitFile',
      { command_id: commandId },
      {
        worker_id: ctx.workerId,
        path: file,
        size_bytes: size,
        ...(segment === undefined ? {} : { segment }),
      },
    );
    const etags: string[] = [];
    for (const [i, url] of init.upload_urls.entries()) {
      const start = i * init.part_size;
      etags.push(await ctx.client.putPart(url, checked.fh, start, Math.min(init.part_size, size - start)));
    }
    await ctx.client.send('workerCompleteUpload', { upload_id: init.upload_id }, { etags });
  } finally {
    await checked.fh.close();
  }
}

async function reportFailure(ctx: JobContext, commandId: string, reason: unknown, err: unknown, t: { log: string; ffmpegSeconds: number }): Promise<void> {
  if (reason instanceof CancelledError) return; // the service already recorded the cancel
  const base = { worker_id: ctx.workerId, log: t.log, ffmpeg_seconds: t.ffmpegSeconds };
  const shutdown = reason instanceof ShutdownError;
  const body = shutdown
    ? { ...base, error_status: 'PROCESSING_ERROR' as const, error_message: 'The worker stopped', requeue: true }
    : { ...base, ...failureOf(reason, err) };
  if (!(reason instanceof JobFailure) && !(err instanceof JobFailure) && !shutdown) ctx.log(`command ${commandId}: ${(err as Error)?.stack ?? String(err)}`);
  await ctx.client.send('workerFailCommand', { command_id: commandId }, body).catch((e: unknown) => {
    if (!(e instanceof ApiError)) throw e;
    ctx.log(`command ${commandId}: the service refused the failure report: ${e.message}`);
  });
}

export function failureOf(reason: unknown, err: unknown): { error_status: WorkerFailureStatus; error_message: string } {
  const f = reason instanceof JobFailure ? reason : err instanceof JobFailure ? err : null;
  if (f && isWorkerFailure(f.status)) return { error_status: f.status, error_message: f.message };
  const message = f?.message ?? (err as Error)?.message ?? String(err);
  return { error_status: 'PROCESSING_ERROR', error_message: `Internal error while running the command on a worker: ${message}` };
}

/** What a run is aborted with when the worker shuts down: the command goes back to the queue. */
export const workerStopping = () => new ShutdownError('The worker is stopping');
