import { JobFailure } from '../errors';
import { buildFfmpegArgv } from '../media/ffmpeg-argv';
import { createProgressParser, expectedDurationSeconds, type Progress } from '../media/progress';
import { runProcess } from '../media/run-process';
import { checkJobFolderLists } from './list-files-check';

export interface StepOptions {
  cwd: string;
  cpus: number[];
  signal: AbortSignal;
  inputDurations: number[];
  onProgress(p: Progress & { step: number; steps: number }): void;
}

/** How much of ffmpeg's stderr goes into `error_message` (the full tail goes to the log). */
const MESSAGE_TAIL_CHARS = 1500;

/**
 * Runs the chained steps in order in one folder (a later step reads an earlier output).
 * `ffmpeg_command_run_seconds` is the measured wall time of the ffmpeg processes only.
 */
export async function runSteps(ffmpegPath: string, steps: string[][], opts: StepOptions, logs: string[]): Promise<{ ffmpegSeconds: number }> {
  let ffmpegSeconds = 0;
  for (const [i, tokens] of steps.entries()) {
    opts.signal.throwIfAborted();
    await checkJobFolderLists(opts.cwd);
    const parser = createProgressParser(expectedDurationSeconds(tokens, opts.inputDurations));
    const argv = buildFfmpegArgv(tokens);
    const result = await runProcess(ffmpegPath, argv, {
      cwd: opts.cwd,
      cpus: opts.cpus,
      signal: opts.signal,
      onStdoutLine: (line) => {
        const p = parser.push(line);
        if (p) opts.onProgress({ ...p, step: i + 1, steps: steps.length });
      },
    });
    ffmpegSeconds += result.wallSeconds;
    logs.push(`--- step ${i + 1}/${steps.length}: ffmpeg ${argv.map(quoteForLog).join(' ')}`, result.stderrTail.trimEnd());
    if (result.aborted || result.timedOut) opts.signal.throwIfAborted();
    if (result.exitCode !== 0) {
      const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
      const tail = result.stderrTail.trimEnd().slice(-MESSAGE_TAIL_CHARS);
      throw new JobFailure('PROCESSING_ERROR', `ffmpeg ${how}${steps.length > 1 ? ` in step ${i + 1}` : ''}:\n${tail}`);
    }
  }
  return { ffmpegSeconds };
}

function quoteForLog(arg: string): string {
  return /^[A-Za-z0-9_./:=+,%-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
