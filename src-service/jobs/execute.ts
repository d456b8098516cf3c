import { timeStage } from '../work/job-timings';
import { substituteAliases } from '../ffmpeg-args/aliases';
import { yieldToEventLoop } from '../ffmpeg-args/request-limits';
import type { ParsedRequest } from './submit';
import { prepareInputs, type DownloadDeps, type PreparedInputs } from '../files/prepare-inputs';
import { JobFailure } from '../errors';
import { listFolder } from '../storage/fs-io';
import { runSteps, type StepOptions } from './run-steps';

export interface ExecuteDeps extends DownloadDeps {
  ffmpegPath: string;
}

export interface Executed {
  /** Input bytes after decompression (counted against the processing quota). */
  inputBytes: number;
  /** Files the steps wrote, relative to the job folder, in listing order; interim files are never stored. */
  produced: string[];
  ffmpegSeconds: number;
}

/**
 * The part of a run that needs ffmpeg: inputs fetched into the job folder, the steps run in
 * it (confined, with the per-run limits), and the list of files they wrote. The embedded
 * runner and a scale-out worker both call this, so a command runs the same way wherever it
 * runs (docs/scale-out.md).
 */
export async function executeInFolder(
  deps: ExecuteDeps,
  req: ParsedRequest,
  dirs: { work: string; scratch: string },
  opts: Pick<StepOptions, 'cpus' | 'signal' | 'onProgress' | 'limits' | 'checkLists' | 'knownNames' | 'onRunTime'>,
  logs: string[],
): Promise<Executed> {
  const inputs = await prepareInputs(deps, req, dirs, opts.signal);
  return runInFolder(deps, req, dirs, inputs, opts, logs);
}

/** The steps of `req` on inputs already in the job folder (the result cache looks at them first). */
export async function runInFolder(
  deps: Pick<ExecuteDeps, 'ffmpegPath' | 'confiner'>,
  req: ParsedRequest,
  dirs: { work: string },
  inputs: PreparedInputs,
  opts: Pick<StepOptions, 'cpus' | 'signal' | 'onProgress' | 'limits' | 'checkLists' | 'knownNames' | 'onRunTime' | 'onStarted' | 'readable' | 'stages'>,
  logs: string[],
): Promise<Executed> {
  const later = inputs.durationsLater;
  try {
    return await runSteppedInFolder(deps, req, dirs, inputs, opts, logs);
  } finally {
    await timeStage('probe-wait', async () => later); // the input probes started alongside ffmpeg end before the job folder is read further or removed
  }
}

async function runSteppedInFolder(
  deps: Pick<ExecuteDeps, 'ffmpegPath' | 'confiner'>,
  req: ParsedRequest,
  dirs: { work: string },
  inputs: PreparedInputs,
  opts: Parameters<typeof runInFolder>[4],
  logs: string[],
): Promise<Executed> {
  const { before, oddBefore, steps } = await timeStage('listing', async () => {
    const listed = await listFolder(dirs.work);
    return {
      before: new Set(listed.files),
      oddBefore: new Set(listed.odd),
      steps: await substituteEach(req.steps, { ...inputs.paths, ...(req.outputs === 'OUTPUT_FOLDER' ? {} : req.outputs), ...req.interims }),
    };
  });
  const stepOpts = { cwd: dirs.work, inputDurations: inputs.durations, inputDurationsLater: inputs.durationsLater, confiner: deps.confiner, ...opts };
  const result = await runSteps(deps.ffmpegPath, steps, stepOpts, logs);
  const interimNames = new Set(Object.values(req.interims));
  const produced = await timeStage('listing', async () => {
    const after = await listFolder(dirs.work);
    refuseOddEntries(after.odd, oddBefore);
    return after.files.filter((f) => !before.has(f) && !interimNames.has(f)); // interim files are never stored
  });
  return { inputBytes: inputs.bytes, produced, ffmpegSeconds: result.ffmpegSeconds };
}

/** Many long chained steps: the event loop gets a turn between them (the service keeps answering). */
async function substituteEach(steps: readonly string[][], paths: Record<string, string>): Promise<string[][]> {
  const out: string[][] = [];
  for (const tokens of steps) {
    if (out.length > 0) await yieldToEventLoop();
    out.push(substituteAliases(tokens, paths));
  }
  return out;
}

/**
 * Only regular files and folders may come out of a job folder: a link, FIFO, socket or device
 * there was made by code running inside ffmpeg, and the command fails naming it
 * (docs/sandbox.md, "What comes back out").
 */
function refuseOddEntries(now: string[], before: Set<string>): void {
  const odd = now.filter((n) => !before.has(n));
  if (odd.length === 0) return;
  const shown = odd
    .slice(0, 5)
    .map((n) => JSON.stringify(n))
    .join(', ');
  throw new JobFailure(
    'PROCESSING_ERROR',
    `The command left ${shown}${odd.length > 5 ? ` and ${odd.length - 5} more` : ''} in its folder, which is not a regular file (a link, FIFO, socket or device): nothing is stored`,
  );
}
