import fs from 'node:fs/promises';
import path from 'node:path';
import { CancelledError, JobFailure, ShutdownError } from '../../errors';
import { prepareInputs } from '../../files/prepare-inputs';
import { runSteps } from '../../jobs/run-steps';
import { stepLimits } from '../../jobs/runner';
import { openRunEnvelope } from '../../jobs/run-envelope';
import type { JobPlan } from '../plan';
import { ApiError } from '../../client/errors';
import { isTransient } from './service-client';
import { failureOf, startProgressReporter, uploadFile, workerStopping, type JobContext } from './run-job';
import type { CachedInput, InputCache } from './input-cache';

/** A piece of a segmented encode as the service hands it out (scale-out/segments/coordinator.ts). */
interface Piece extends JobPlan {
  segment: { index: number; alias: string; input_path: string; args: string[]; output: string };
}

/**
 * One piece of a segmented encode on a worker (docs/scale-out.md, "Segmented encodes"): claim
 * it, fetch the command's input through its signed URL (once per worker, shared by the
 * command's pieces), encode the piece with the shared step runner (sandbox, limits) in its own
 * folder, upload the piece by signed multipart upload, and report it done.
 */
export async function runRemotePiece(ctx: JobContext & { inputs: InputCache }, commandId: string, index: number): Promise<void> {
  if (ctx.shutdown.aborted) return; // stopping: the job goes back to the queue
  const params = { command_id: commandId, index: String(index) };
  const claim = (await ctx.client.send('workerClaimSegment', params, { worker_id: ctx.workerId })) as { piece: Piece } | { gone: string };
  if ('gone' in claim) {
    ctx.log(`piece ${index} of ${commandId} skipped: ${claim.gone}`);
    return;
  }
  const piece = claim.piece;
  const work = path.join(ctx.workDir, `${commandId}_p${index}`);
  const envelope = openRunEnvelope(piece.max_run_seconds, ctx.shutdown, workerStopping);
  const reporter = startProgressReporter(
    (progress) => ctx.client.send('workerSegmentProgress', params, { worker_id: ctx.workerId, progress }, { patienceMs: 0 }),
    envelope,
  );
  const logs: string[] = [`--- worker ${ctx.workerId}: piece ${index} (pinned to core(s) ${ctx.cpus.join(',') || 'any'})`];
  let ffmpegSeconds = 0;
  let finished = false;
  let acquired = false;
  try {
    await fs.rm(work, { recursive: true, force: true });
    await fs.mkdir(work, { recursive: true });
    const input = await ctx.inputs.acquire(commandId, (dir) => fetchInput(ctx, piece, dir));
    acquired = true;
    const at = path.join(work, piece.segment.input_path);
    await fs.mkdir(path.dirname(at), { recursive: true });
    await fs.link(input.file, at);
    const confiner = ctx.confinerFor(piece.sandbox_mode);
    const limits = stepLimits(piece.limits, { maxRunSeconds: piece.max_run_seconds, vcpuCount: 1 });
    const opts = { cwd: work, cpus: ctx.cpus, signal: envelope.signal, inputDurations: input.durations, confiner, limits, checkLists: true };
    await runSteps(ctx.ffmpegPath, [piece.segment.args], { ...opts, onProgress: (p) => reporter.set(p), onRunTime: (s) => (ffmpegSeconds += s) }, logs);
    envelope.stopTimer();
    const answer = await deliver(ctx, params, { work, file: piece.segment.output, ffmpegSeconds, log: logs.join('\n') }, envelope.signal);
    finished = !answer.more;
  } catch (err) {
    const reason = envelope.reasonFor(err);
    finished = reason instanceof CancelledError;
    await reportFailure(ctx, params, reason, err, { log: logs.join('\n'), ffmpegSeconds });
  } finally {
    envelope.close();
    reporter.stop();
    await fs.rm(work, { recursive: true, force: true });
    if (acquired) await ctx.inputs.release(commandId, finished);
  }
}

/**
 * Uploads the piece and reports it done. A service restarted meanwhile has lost the upload
 * (its part URLs answer 404, or completing answers `missing`): the piece goes again.
 */
async function deliver(
  ctx: JobContext,
  params: { command_id: string; index: string },
  p: { work: string; file: string; ffmpegSeconds: number; log: string },
  signal: AbortSignal,
): Promise<{ more: boolean }> {
  for (let round = 0; round < 5; round++) {
    signal.throwIfAborted();
    try {
      await uploadFile(ctx, params.command_id, p.work, p.file, Number(params.index));
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404) && !isTransient(err)) throw err;
      ctx.log(`piece ${params.index} of ${params.command_id}: upload lost (${(err as Error).message}); sending it again`);
      continue; // the next upload's first call waits for the service
    }
    signal.throwIfAborted();
    const answer = await ctx.client.send('workerCompleteSegment', params, { worker_id: ctx.workerId, ffmpeg_seconds: p.ffmpegSeconds, log: p.log });
    if (!answer.missing) return answer;
  }
  throw new Error('the service kept losing the uploaded piece');
}

/** The whole input, through the signed URL the service handed out (the download rules of the plan's limits). */
async function fetchInput(ctx: JobContext, piece: Piece, dir: string): Promise<CachedInput> {
  const alias = piece.segment.alias;
  const url = ctx.client.resolve(piece.inputs[alias] ?? '');
  const deps = { config: piece.limits, ffprobePath: ctx.ffprobePath, confiner: ctx.confinerFor(piece.sandbox_mode) };
  const got = await prepareInputs(deps, { inputs: { [alias]: url }, inputZipUrl: null }, { work: dir, scratch: `${dir}.in` }, ctx.shutdown);
  return { file: path.join(dir, got.paths[alias] ?? ''), durations: got.durations };
}

async function reportFailure(
  ctx: JobContext,
  params: { command_id: string; index: string },
  reason: unknown,
  err: unknown,
  t: { log: string; ffmpegSeconds: number },
): Promise<void> {
  if (reason instanceof CancelledError) return; // the command was cancelled or the piece taken over
  const base = { worker_id: ctx.workerId, log: t.log.slice(-500_000), ffmpeg_seconds: t.ffmpegSeconds };
  const shutdown = reason instanceof ShutdownError;
  const body = shutdown
    ? { ...base, error_status: 'PROCESSING_ERROR' as const, error_message: 'The worker stopped', requeue: true }
    : { ...base, ...failureOf(reason, err) };
  if (!(reason instanceof JobFailure) && !(err instanceof JobFailure) && !shutdown) ctx.log(`piece ${params.index} of ${params.command_id}: ${String(err)}`);
  await ctx.client.send('workerFailSegment', params, body).catch((e: unknown) => {
    if (!(e instanceof ApiError)) throw e;
    ctx.log(`piece ${params.index} of ${params.command_id}: the service refused the failure report: ${e.message}`);
  });
}
