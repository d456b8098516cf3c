/**
 * `stop()` returns within this long, whatever is running (docs/architecture.md, "Stopping"):
 * running commands get SIGTERM at once and SIGKILL 2 s later, everything else is aborted at
 * once, and a stage still busy at the deadline is given up on.
 */
export const STOP_BOUND_MS = 5_000;

/** The part of the bound kept for the last stages: the HTTP connections and the database. */
export const FINAL_STAGES_MS = 500;

export interface StopStage {
  readonly name: string;
  /** Aborts the stage's work at once; the promise settles when that work has ended. */
  stop(): Promise<void> | undefined;
  /** What the stage still waits for (e.g. the ids of running commands), named when it is given up on. */
  waitingFor?(): string;
}

/**
 * Stops the stages in order, each awaited only until `deadline` (epoch ms): every stage is
 * still asked to stop (so its work is aborted) even when the time is up. A stage that is not
 * done by then is named on stderr and left behind: what it was doing is recovered at the next
 * start as after a crash (a command still PROCESSING is re-queued). A stage that fails is
 * named too; the next ones still stop. `leftBehind` settles when the stages given up on end;
 * `clean` says none was given up on.
 */
export async function stopInStages(
  stages: readonly StopStage[],
  deadline: number,
  report: (line: string) => void = toStderr,
): Promise<{ leftBehind: Promise<void>; clean: boolean }> {
  const left: Promise<unknown>[] = [];
  for (const stage of stages) {
    const work = stage.stop();
    if (!work) continue;
    const settled = work.then(
      () => true,
      (err: unknown) => {
        report(`stopping ${stage.name} failed: ${err instanceof Error ? err.message : String(err)}`);
        return true;
      },
    );
    if (await within(settled, deadline - Date.now())) continue;
    const what = stage.waitingFor?.() ?? '';
    report(`gave up waiting for ${stage.name}${what ? ` (${what})` : ''}: past the ${STOP_BOUND_MS / 1000} s stop bound`);
    left.push(settled);
  }
  // The work given up on still ends (it was aborted); tests and tools that remove the data
  // folder wait for it through Service.settled().
  return { leftBehind: Promise.all(left).then(() => undefined), clean: left.length === 0 };
}

/** True when `work` settled within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  const done = await Promise.race([work.then(() => true as const), late]);
  clearTimeout(timer);
  return done;
}

function toStderr(line: string): void {
  process.stderr.write(`[ffdesk] stopping: ${line}\n`);
}
