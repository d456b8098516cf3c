import { JobFailure } from '../errors';
import { SandboxUnavailableError, limitHit, type Confiner } from '../media/confine';
import { buildFfmpegArgv } from '../media/ffmpeg-argv';
import { createProgressParser, expectedDurationSeconds, type Progress } from '../media/progress';
import { runProcess, type RunResult } from '../media/run-process';
import { checkFolderSize, watchJobFolder, type FolderLimits } from './job-folder-watch';
import { checkJobFolderLists } from './list-files-check';
import { ffmpegFailureMessage, type KnownNames } from './failure-message';
import { addStageSince, timeStage } from '../work/job-timings';

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
  /** Durations still being probed when the run starts (prepare-inputs.ts `probeLater`); never rejects. */
  inputDurationsLater?: Promise<number[]>;
  confiner: Confiner;
  limits: StepLimits;
  /** False only in tests proving the OS sandbox alone (parser-switch.ts). */
  checkLists: boolean;
  onProgress(p: Progress & { step: number; steps: number }): void;
  /** The names the build knows, for a "did you mean" in a failure message. */
  knownNames?: () => Promise<KnownNames | null>;
  /** Each ffmpeg run's wall time as it ends, so a failed, cancelled or timed-out job still records how long ffmpeg ran. */
  onRunTime?: (seconds: number) => void;
  /** Right after each ffmpeg process is spawned: work started here overlaps that run (the output probes made ready: ready-probes.ts). */
  onStarted?: () => void;
  /** Files outside the job folder the runs may read, bound read-only (an edit's stored input: docs/cutting.md). */
  readable?: string[];
  /**
   * Each step's stage (an edit's plan: docs/cutting.md): the steps of one stage are independent
   * and run at once, at most one per vCPU of the command; the next stage starts when all have
   * ended. Absent: every step in order, one at a time.
   */
  stages?: number[];
}

/**
 * Runs the chained steps in order in one folder (a later step reads an earlier output), or by
 * stages when the steps say which are independent (`stages`).
 * `ffmpeg_command_run_seconds` is the measured wall time of the ffmpeg processes only.
 * Each run is confined to the job folder (docs/sandbox.md) and watched for size.
 */
export async function runSteps(ffmpegPath: string, steps: string[][], opts: StepOptions, logs: string[]): Promise<{ ffmpegSeconds: number }> {
  let ffmpegSeconds = 0;
  for (const stage of stagesOf(steps.length, opts.stages)) {
    const stageLogs = stage.map((): string[] => []);
    const lanes = Math.max(1, Math.min(stage.length, opts.cpus.length));
    const stop = new AbortController();
    const signal = AbortSignal.any([opts.signal, stop.signal]);
    let next = 0;
    const failures: unknown[] = [];
    const lane = async (): Promise<void> => {
      while (failures.length === 0 && next < stage.length) {
        const k = next++;
        try {
          ffmpegSeconds += await runStep(ffmpegPath, steps, stage[k] as number, { ...opts, signal }, stageLogs[k] as string[]);
        } catch (err) {
          failures.push(err);
          stop.abort(err); // the others of the stage stop too; every run has ended before this returns
        }
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    logs.push(...stageLogs.flat());
    if (failures.length > 0) throw failures[0];
  }
  return { ffmpegSeconds };
}

/** Step indexes grouped by stage, stages in order (each step alone when there are none). */
export function stagesOf(count: number, stages: readonly number[] | undefined): number[][] {
  if (!stages || stages.length !== count) return Array.from({ length: count }, (_, i) => [i]);
  const groups = new Map<number, number[]>();
  stages.forEach((s, i) => groups.set(s, [...(groups.get(s) ?? []), i]));
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, g]) => g);
}

/** One confined ffmpeg run of step `i`; its wall time in seconds. */
async function runStep(ffmpegPath: string, steps: string[][], i: number, opts: StepOptions, logs: string[]): Promise<number> {
  const tokens = steps[i] as string[];
  opts.signal.throwIfAborted();
  if (opts.checkLists) await timeStage('checks', () => checkJobFolderLists(opts.cwd));
  const tp0 = performance.now();
  const parser = createProgressParser(expectedDurationSeconds(tokens, opts.inputDurations));
  void opts.inputDurationsLater?.then((late) => parser.setDuration(expectedDurationSeconds(tokens, [...opts.inputDurations, ...late])));
  const argv = buildFfmpegArgv(tokens);
  const cmd = confine(opts, ffmpegPath, argv);
  const watch = watchJobFolder(opts.cwd, opts.limits);
  let result: RunResult;
  addStageSince('step-setup', tp0);
  try {
    result = await timeStage('ffmpeg', () => {
      const running = runProcess(cmd, {
        cwd: opts.cwd,
        cpus: opts.cpus,
        signal: AbortSignal.any([opts.signal, watch.signal]),
        onStdoutLine: (line) => {
          const p = parser.push(line);
          if (p) opts.onProgress({ ...p, step: i + 1, steps: steps.length });
        },
      });
      opts.onStarted?.(); // runProcess has spawned ffmpeg synchronously
      return running;
    });
  } finally {
    watch.stop();
  }
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
  // Also after every step: a fast step can write past the budget between two of the watch's looks.
  const over = await timeStage('size-check', () => checkFolderSize(opts.cwd, opts.limits));
  if (over) throw over;
  return result.wallSeconds;
}

function confine(opts: StepOptions, ffmpegPath: string, argv: string[]) {
  try {
    return opts.confiner.wrap({
      bin: ffmpegPath,
      argv,
      cwd: opts.cwd,
      writable: [opts.cwd],
      readable: opts.readable ?? [],
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
