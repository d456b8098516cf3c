import { JobFailure } from '../errors';
import { SandboxUnavailableError, limitHit, type Confiner } from '../media/confine';
import { buildFfmpegArgv } from '../media/ffmpeg-argv';
import { createProgressParser, expectedDurationSeconds, type Progress } from '../media/progress';
import { runProcess, type RunResult } from '../media/run-process';
import { watchJobFolder, type FolderLimits } from './job-folder-watch';
import { checkJobFolderLists } from './list-files-check';
import { ffmpegFailureMessage, type KnownNames } from './failure-message';
import { timeStage } from '../work/job-timings';

export interface StepLimits extends FolderLimits {
  /** RLIMIT_FSIZE: the largest file one ffmpeg run may write. */
  maxFileBytes: number;
  /** RLIMIT_CPU: max_command_run_seconds × the vCPUs the command runs with; none without a run-time limit. */
  cpuSeconds?: number;
}

export interface StepOptions {
  cwd: string;
  cpus: number[];
  signal: AbortSignal;
  inputDurations: number[];
  confiner: Confiner;
  limits: StepLimits;
  /** False only in tests proving the OS sandbox alone (parser-switch.ts). */
  checkLists: boolean;
  onProgress(p: Progress & { step: number; steps: number }): void;
  /** The names the build knows, for a "did you mean" in a failure message. */
  knownNames?: () => Promise<KnownNames | null>;
  /** Each ffmpeg run's wall time as it ends, so a failed, cancelled or timed-out job still records how long ffmpeg ran. */
  onRunTime?: (seconds: number) => void;
}

/**
 * Runs the chained steps in order in one folder (a later step reads an earlier output).
 * `ffmpeg_command_run_seconds` is the measured wall time of the ffmpeg processes only.
 * Each run is confined to the job folder (docs/sandbox.md) and watched for size.
 */
export async function runSteps(ffmpegPath: string, steps: string[][], opts: StepOptions, logs: string[]): Promise<{ ffmpegSeconds: number }> {
  let ffmpegSeconds = 0;
  for (const [i, tokens] of steps.entries()) {
    opts.signal.throwIfAborted();
    if (opts.checkLists) await timeStage('checks', () => checkJobFolderLists(opts.cwd));
    const parser = createProgressParser(expectedDurationSeconds(tokens, opts.inputDurations));
    const argv = buildFfmpegArgv(tokens);
    const cmd = confine(opts, ffmpegPath, argv);
    const watch = watchJobFolder(opts.cwd, opts.limits);
    let result: RunResult;
    try {
      result = await timeStage('ffmpeg', () =>
        runProcess(cmd.bin, cmd.argv, {
          cwd: opts.cwd,
          cpus: opts.cpus,
          env: cmd.env,
          infoFd: cmd.infoFd,
          signal: AbortSignal.any([opts.signal, watch.signal]),
          onStdoutLine: (line) => {
            const p = parser.push(line);
            if (p) opts.onProgress({ ...p, step: i + 1, steps: steps.length });
          },
        }),
      );
    } finally {
      watch.stop();
    }
    ffmpegSeconds += result.wallSeconds;
    opts.onRunTime?.(result.wallSeconds);
    logs.push(`--- step ${i + 1}/${steps.length}: ffmpeg ${argv.map(quoteForLog).join(' ')}`, result.stderrTail.trimEnd());
    if (result.aborted || result.timedOut) {
      opts.signal.throwIfAborted();
      if (watch.signal.aborted) throw watch.signal.reason;
    }
    if (result.exitCode !== 0) {
      const known = opts.knownNames ? await opts.knownNames().catch(() => null) : null;
      throw stepFailure(result, opts.limits, steps.length > 1 ? i + 1 : null, known);
    }
  }
  return { ffmpegSeconds };
}

function confine(opts: StepOptions, ffmpegPath: string, argv: string[]) {
  try {
    return opts.confiner.wrap({
      bin: ffmpegPath,
      argv,
      cwd: opts.cwd,
      writable: [opts.cwd],
      readable: [],
      limits: { fileSizeBytes: opts.limits.maxFileBytes, cpuSeconds: opts.limits.cpuSeconds },
    });
  } catch (err) {
    if (err instanceof SandboxUnavailableError) throw new JobFailure('PROCESSING_ERROR', err.message);
    throw err;
  }
}

/** A sandbox limit names itself; any other failure leads with ffmpeg's decisive line (failure-message.ts). */
function stepFailure(result: RunResult, limits: StepLimits, step: number | null, known: KnownNames | null): JobFailure {
  const where = step === null ? '' : ` in step ${step}`;
  const hit = limitHit(result);
  if (hit === 'fsize') {
    const tail = result.stderrTail.trimEnd().slice(-LIMIT_TAIL_CHARS);
    return new JobFailure(
      'PROCESSING_ERROR',
      `ffmpeg wrote a file larger than the per-file limit of ${limits.maxFileBytes} bytes (FFDESK_MAX_OUTPUT_FILE_BYTES)${where}:\n${tail}`,
    );
  }
  if (hit === 'cpu')
    return new JobFailure(
      'TIMEOUT',
      `ffmpeg used more than its CPU time of ${limits.cpuSeconds ?? 0} s (max run time × vCPUs)${where}. To let it run longer, raise "Max run time (s)" in the job's options (max_command_run_seconds in the API, in a batch or a watch folder)`,
    );
  const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
  return new JobFailure('PROCESSING_ERROR', ffmpegFailureMessage(result.stderrTail, `${how}${where}`, known));
}

/** How much of ffmpeg's stderr follows a limit message (the full tail goes to the log). */
const LIMIT_TAIL_CHARS = 1500;

function quoteForLog(arg: string): string {
  return /^[A-Za-z0-9_./:=+,%-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
