import { JobFailure } from '../errors';

/**
 * Run-time limits (docs/choices.md, "Run-time limits"). `max_run_seconds` 0 on a record means
 * none: the local account's commands run as long as they take unless a limit is set (an
 * editor's 3-minute export must not die at 300 s); every API key keeps the hosted default.
 */
export const NO_RUN_LIMIT = 0;
export const DEFAULT_RUN_SECONDS = 300;

/** What a command runs with when its request sets no `max_command_run_seconds`. */
export function defaultRunSeconds(isLocalAccount: boolean): number {
  return isLocalAccount ? NO_RUN_LIMIT : DEFAULT_RUN_SECONDS;
}

/** The longest delay setTimeout keeps (about 24.8 days); a longer limit waits that long at a time. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `onLimit` once the limit has passed; nothing for no limit. Returns the cancel. */
export function startRunTimer(maxRunSeconds: number, onLimit: (failure: JobFailure) => void): () => void {
  if (!(maxRunSeconds > 0)) return () => undefined;
  const deadline = Date.now() + maxRunSeconds * 1000;
  let timer: NodeJS.Timeout;
  const arm = () => {
    timer = setTimeout(() => (Date.now() >= deadline ? onLimit(runLimitFailure(maxRunSeconds)) : arm()), Math.min(MAX_TIMER_MS, deadline - Date.now()));
  };
  arm();
  return () => clearTimeout(timer);
}

/** The failure of a command that ran past its limit, naming the setting to raise as the GUI labels it. */
export function runLimitFailure(maxRunSeconds: number): JobFailure {
  return new JobFailure(
    'TIMEOUT',
    `The command ran past its run-time limit of ${maxRunSeconds} s. To let it run longer, raise "Max run time (s)" in the job's options ` +
      `(max_command_run_seconds in the API, in a batch or a watch folder), or leave it empty for no limit on this computer's own account.`,
  );
}

/** RLIMIT_CPU of one ffmpeg run: the run time on every vCPU; none without a run-time limit. */
export function cpuSecondsFor(maxRunSeconds: number, vcpuCount: number): number | undefined {
  return maxRunSeconds > 0 ? maxRunSeconds * Math.max(1, vcpuCount) : undefined;
}
