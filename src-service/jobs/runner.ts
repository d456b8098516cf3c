import { jobFolderBudget, type JobFolderBudget } from '../accounts/plans';
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/open';
import type { CommandsRepo } from './commands-repo';
import type { Command } from './command';
import type { FilesRepo } from '../files/files-repo';
import type { AccountsRepo } from '../accounts/accounts-repo';
import { cpuSecondsFor } from './run-limit';
import { jobDirsOf, openRunEnvelope, removeJobDirs, resetJobDirs } from './run-envelope';
import { CancelledError, JobFailure, NO_SPACE_DETAIL, ShutdownError, isDiskFullError } from '../errors';
import type { BlobStore } from '../storage/blob-store';
import { parseStoredRequest } from './submit';
import { prepareInputs, type InputDeps } from '../files/prepare-inputs';
import { storeOutputs, type StoredOutput } from './outputs';
import { NO_READY_PROBES, readyOutputProbes, type ReadyProbes } from './ready-probes';
import type { StepLimits } from './run-steps';
import { runInFolder } from './execute';
import { argumentChecksOn } from '../ffmpeg-args/parser-switch';
import type { KnownNames } from './failure-message';
import type { RunFn } from './scheduler';
import type { ResultCache } from '../cache/result-cache';
import { isCommandFailure } from '../contract/enums';
import { addStageSince, createJobTimings, timeStage, withJobTimings } from '../work/job-timings';
import { kindOf, type RunKind } from './run-kinds';

export interface RunnerDeps extends InputDeps {
  db: Db;
  accounts: AccountsRepo;
  commands: CommandsRepo;
  files: FilesRepo;
  blobs: BlobStore;
  ffmpegPath: string;
  /** The chosen build's names, for a "did you mean" in PROCESSING_ERROR messages. */
  knownNames?: () => Promise<KnownNames | null>;
  jobsDir: string;
  onStatus(row: Command): void;
  onProgress(row: Command, progress: unknown): void;
  log(msg: string): void;
  /** The opt-in result cache (`"cache": true`); absent, every command runs. */
  resultCache?: ResultCache;
  /** The kinds of command run here besides ordinary ones (an edit, a segmented encode), handed in by the composition root. */
  kinds?: readonly RunKind[];
}

/**
 * Runs one command end to end: inputs -> ffmpeg steps in one job folder -> outputs stored
 * -> one transaction that inserts the output records and marks SUCCESS. Any failure ends
 * FAILED with an `error_status`; a shutdown puts it back in the queue.
 */
export function createCommandRunner(deps: RunnerDeps): RunFn {
  return async function runCommand(row, outerSignal, cpus) {
    const timings = deps.config.jobTimings ? createJobTimings() : undefined;
    await withJobTimings(timings, () => runTimed(row, outerSignal, cpus));
    if (timings) deps.log(`job timings ${row.id} ${JSON.stringify(timings.summary())}`);
  };

  async function runTimed(row: Command, outerSignal: AbortSignal, cpus: number[]): Promise<void> {
    const started = performance.now();
    const envelope = openRunEnvelope(row.maxRunSeconds, outerSignal);
    const dirs = jobDirsOf(deps.jobsDir, row.id);
    const logs: string[] = [vcpuLogLine(row, cpus)];
    let ffmpegSeconds = 0;
    const kind = kindOf(deps.kinds, row.request);
    let ready = NO_READY_PROBES;
    const t0 = performance.now();
    deps.onStatus({ ...row, status: 'PROCESSING' });
    addStageSince('status', t0);
    try {
      await timeStage('folders', () => resetJobDirs(dirs));
      // An edit (POST /v1/edits) is planned here, on the input in the job folder, then runs as ordinary steps.
      const prepare = kind?.prepare;
      const edit = prepare ? await timeStage('fetch', () => prepare(deps, row, dirs, envelope.signal, (p) => deps.onProgress(row, p))) : null;
      if (edit?.log) logs.push(...edit.log);
      const req = edit?.req ?? parseStoredRequest(row.request);
      const cache = !edit && deps.resultCache?.isWanted(row) ? deps.resultCache : undefined;
      // A kind that executes its own way (a segmented encode) reads the inputs' durations at once; others probe while ffmpeg starts.
      const probeLater = !cache && !kind?.execute;
      const inputs =
        edit?.inputs ?? (await timeStage('fetch', () => prepareInputs(deps, req, dirs, envelope.signal, { sha256: cache !== undefined, probeLater })));
      const probe = cache ? await cache.probe(row, req, inputs, dirs.work, envelope.signal) : null;
      const onCommit = probe && cache ? () => cache.onSuccess(row, probe) : undefined;
      if (probe?.hit) {
        const stored = probe.hit.stored;
        const processingBytes = inputs.bytes + stored.reduce((n, o) => n + o.sizeBytes, 0);
        await assertQuotaAfterRun(deps, row, stored, processingBytes);
        const log = `Result cache hit: the outputs of command ${probe.hit.fromCommandId} were reused; ffmpeg did not run.`;
        await commitSuccess(deps, row, stored, { total: (performance.now() - started) / 1000, ffmpeg: 0, processingBytes, log }, onCommit);
        return;
      }
      const runOpts = {
        cpus,
        signal: envelope.signal,
        limits: stepLimits(deps.config, row, jobFolderBudget(deps.accounts.getAccount(row.accountId), deps.accounts.localAccountId(), deps.config)),
        checkLists: argumentChecksOn(deps.config),
        onProgress: (p: unknown) => deps.onProgress(row, p),
        knownNames: deps.knownNames,
        onRunTime: (seconds: number) => (ffmpegSeconds += seconds),
        readable: edit?.readable ?? [],
        stages: edit?.stages,
        // The outputs' probes are made ready in their sandboxes once ffmpeg runs, so that their set-up overlaps it (ready-probes.ts).
        onStarted: kind?.execute
          ? undefined
          : () => {
              if (ready === NO_READY_PROBES) ready = readyOutputProbes(deps, req.outputs, dirs.work, envelope.signal);
            },
      };
      // A segmented encode (docs/scale-out.md) plans its steps on the input, then runs them through runSteps too.
      const ran = kind?.execute
        ? await kind.execute(deps, row, req, dirs, inputs, runOpts, logs, edit ?? undefined)
        : await runInFolder(deps, req, dirs, inputs, runOpts, logs);
      await storeAndCommit(deps, row, req.outputs, dirs.work, ran.produced, {
        started,
        inputBytes: ran.inputBytes,
        ffmpegSeconds,
        log: logs.join('\n'),
        signal: envelope.signal,
        onCommit,
        ready,
      });
      await kind?.dropState?.(deps, row.id);
    } catch (err) {
      // A segmented encode's finished segments outlive a shutdown (the restart resumes), nothing else.
      if (!(envelope.signal.reason instanceof ShutdownError)) await kind?.dropState?.(deps, row.id);
      // The job folder goes first: when it filled the disk, the failure can only be recorded once it is gone.
      await removeJobDirs(dirs);
      await handleFailure(deps, row, err, envelope.signal, outerSignal, { started, ffmpegSeconds, log: logs.join('\n') });
    } finally {
      ready.cancel(); // probes not released (a failure, a cancel, outputs left unprobed) end unrun
      envelope.close();
      await timeStage('cleanup', () => removeJobDirs(dirs));
    }
  }
}

/**
 * The per-run limits (docs/sandbox.md): CPU time is the run time on every vCPU the command
 * has; the job folder may grow to the plan's budget (accounts/plans.ts) under the
 * service-wide cap, and the failure names whichever is smaller. A scale-out worker gets the
 * result in its plan (`jobFolderLimitName`) and applies it the same way.
 */
export function stepLimits(
  config: Pick<RunnerDeps['config'], 'maxOutputFileBytes' | 'maxJobFolderBytes' | 'minFreeDiskBytes'> & { jobFolderLimitName?: string },
  row: Pick<Command, 'maxRunSeconds' | 'vcpuCount'>,
  budget?: JobFolderBudget,
): StepLimits {
  const planWins = budget !== undefined && budget.bytes < config.maxJobFolderBytes;
  return {
    maxFileBytes: config.maxOutputFileBytes,
    maxFolderBytes: planWins ? budget.bytes : config.maxJobFolderBytes,
    maxFolderName: planWins ? budget.name : config.jobFolderLimitName,
    minFreeBytes: config.minFreeDiskBytes,
    cpuSeconds: cpuSecondsFor(row.maxRunSeconds, row.vcpuCount),
  };
}

/**
 * Stores the outputs found in `work` and commits SUCCESS (or throws a JobFailure). Shared by
 * the embedded runner and the scale-out service, which calls it on the files a worker uploaded.
 */
export async function storeAndCommit(
  deps: CommitDeps,
  row: Command,
  outputs: Record<string, string> | 'OUTPUT_FOLDER',
  work: string,
  produced: string[],
  r: { started: number; inputBytes: number; ffmpegSeconds: number; log: string; signal: AbortSignal; onCommit?: () => void; ready?: ReadyProbes },
): Promise<void> {
  const stored = await timeStage('store', () => storeOutputs(deps, outputs, work, produced, row.id, r.signal, r.ready));
  const processingBytes = r.inputBytes + stored.reduce((n, o) => n + o.sizeBytes, 0);
  await timeStage('commit', async () => {
    await assertQuotaAfterRun(deps, row, stored, processingBytes);
    await commitSuccess(deps, row, stored, { total: (performance.now() - r.started) / 1000, ffmpeg: r.ffmpegSeconds, processingBytes, log: r.log }, r.onCommit);
  });
}

/** What storing, committing and recording a failure need (no ffmpeg, no inputs). */
export type CommitDeps = Pick<RunnerDeps, 'db' | 'accounts' | 'commands' | 'files' | 'blobs' | 'ffprobePath' | 'confiner' | 'onStatus' | 'log'>;

/**
 * Quotas are checked at submit (403) and again with the real sizes (docs/api.md §8, quota rules
 * 1-3): outputs that would overflow a quota are not kept and the command fails QUOTA_EXCEEDED.
 */
async function assertQuotaAfterRun(deps: CommitDeps, row: Command, stored: StoredOutput[], processingBytes: number): Promise<void> {
  const account = deps.accounts.getAccount(row.accountId);
  if (!account) return;
  const storageBytes = stored.reduce((n, o) => n + (o.sizeCompressedBytes ?? o.sizeBytes), 0);
  const storageUsed = deps.files.storageUsedBytes(row.accountId);
  const processingUsed = deps.commands.processingUsedBytes(row.accountId);
  const overStorage = account.storageQuotaBytes !== null && storageUsed + storageBytes > account.storageQuotaBytes;
  const overProcessing = account.processingQuotaBytes !== null && processingUsed + processingBytes > account.processingQuotaBytes;
  if (!overStorage && !overProcessing) return;
  await Promise.all(stored.map((o) => deps.blobs.delete(o.blob.key)));
  throw new JobFailure(
    'QUOTA_EXCEEDED',
    overStorage
      ? // What is used already is said too, as store-file says it: "outputs (996265 bytes) would exceed … 1048576" read as a contradiction.
        `Storage quota exceeded: the outputs are ${storageBytes} bytes, and ${storageUsed} of ${account.storageQuotaBytes} bytes are used`
      : `Processing quota exceeded: this command read and wrote ${processingBytes} bytes, and ${processingUsed} of ${account.processingQuotaBytes} bytes are used`,
  );
}

async function commitSuccess(
  deps: CommitDeps,
  row: Command,
  stored: StoredOutput[],
  r: { total: number; ffmpeg: number; processingBytes: number; log: string },
  alsoInTransaction?: () => void,
): Promise<void> {
  const commit = deps.db.transaction(() => {
    if (!deps.commands.markSuccess(row.id, r)) return false;
    alsoInTransaction?.();
    for (const o of stored) {
      deps.files.insert({
        id: crypto.randomUUID(),
        accountId: row.accountId,
        commandId: row.id,
        outputAlias: o.alias,
        serviceStoreType: 'OUTPUT',
        status: 'STORED',
        isPrivate: row.isPrivate,
        filename: o.filename,
        blobKey: o.blob.key,
        sizeBytes: o.sizeBytes,
        sizeCompressedBytes: o.sizeCompressedBytes,
        fileCount: o.fileCount,
        media: o.media,
      });
    }
    return true;
  });
  let committed: boolean;
  try {
    committed = commit();
  } catch (err) {
    // Not committed (a full disk refuses even the database write): no blob may stay unreferenced.
    await Promise.all(stored.map((o) => deps.blobs.delete(o.blob.key)));
    throw err;
  }
  if (!committed) {
    // Cancelled while storing: the outputs are not wanted (docs/choices.md: cancel stores nothing).
    void Promise.all(stored.map((o) => deps.blobs.delete(o.blob.key)));
    return;
  }
  deps.onStatus(deps.commands.getAny(row.id) as Command);
}

export async function handleFailure(
  deps: CommitDeps,
  row: Command,
  err: unknown,
  signal: AbortSignal,
  shutdown: AbortSignal,
  t: { started: number; ffmpegSeconds: number; log: string },
): Promise<void> {
  const reason: unknown = signal.aborted ? signal.reason : err;
  if (reason instanceof ShutdownError) {
    deps.commands.requeue(row.id); // recovered and re-run on the next start
    return;
  }
  const failure = toFailure(reason, err);
  // A fault of the service is logged with its stack; a failure of the command (ffmpeg's, the input's) or a cancel asked for is not.
  const isExpected = reason instanceof JobFailure || err instanceof JobFailure || reason instanceof CancelledError;
  if (!isExpected) deps.log(`command ${row.id}: ${(err as Error)?.stack ?? String(err)}`);
  const total = (performance.now() - t.started) / 1000;
  // A disk that something else filled refuses even this write: keep trying until space returns
  // (or the service stops: recovery then settles the command), so it never sits PROCESSING.
  await retryWhileDiskFull(deps, shutdown, () =>
    deps.commands.markFailed(row.id, 'PROCESSING', {
      // The file-only reasons (upload, storage) never end a command: anything else is a processing error.
      errorStatus: isCommandFailure(failure.status) ? failure.status : 'PROCESSING_ERROR',
      errorMessage: failure.message,
      totalProcessingSeconds: total,
      ffmpegCommandRunSeconds: t.ffmpegSeconds,
      log: t.log,
    }),
  );
  const updated = deps.commands.getAny(row.id);
  if (updated) deps.onStatus(updated);
}

async function retryWhileDiskFull(deps: Pick<RunnerDeps, 'log'>, shutdown: AbortSignal, write: () => unknown): Promise<void> {
  for (let delayMs = 500; ; delayMs = Math.min(delayMs * 2, 30_000)) {
    try {
      write();
      return;
    } catch (err) {
      if (!isDiskFullError(err) || shutdown.aborted) throw err;
      deps.log(`${NO_SPACE_DETAIL}: cannot record a command's failure yet; retrying in ${delayMs / 1000} s`);
      await sleep(delayMs, undefined, { signal: shutdown }).catch(() => undefined);
    }
  }
}

function toFailure(reason: unknown, err: unknown): JobFailure {
  if (reason instanceof JobFailure) return noSpaceFirst(reason);
  if (reason instanceof CancelledError) return new JobFailure('CANCELLED', 'The command was cancelled');
  if (err instanceof JobFailure) return noSpaceFirst(err);
  if (isDiskFullError(err)) return new JobFailure('PROCESSING_ERROR', `${NO_SPACE_DETAIL}: free some space and run the command again`);
  return new JobFailure('PROCESSING_ERROR', `Internal error while running the command: ${(err as Error)?.message ?? String(err)}`);
}

/** ffmpeg that ran out of disk: the message starts with the cause, and still ends with ffmpeg's stderr (docs/choices.md: States). */
function noSpaceFirst(f: JobFailure): JobFailure {
  if (f.status !== 'PROCESSING_ERROR' || !/No space left on device/i.test(f.message)) return f;
  return new JobFailure('PROCESSING_ERROR', `${NO_SPACE_DETAIL}: free some space and run the command again. ${f.message}`);
}

/** The first log line: what the command runs with, next to what was asked (docs/compatibility.md). */
function vcpuLogLine(row: Command, cpus: number[]): string {
  const requested = row.request.vcpu_count;
  const asked = requested === undefined ? 'none requested, default' : `requested ${JSON.stringify(requested)}`;
  return `--- vcpu_count: running with ${row.vcpuCount} vCPU(s) (${asked}; pinned to core(s) ${cpus.join(',') || 'any'})`;
}
