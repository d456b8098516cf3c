import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Where one command's time went (docs/performance.md, "Job overhead"): milliseconds per stage
 * of the run, summed when a stage repeats (several probes). Collected only when
 * FFDESK_JOB_TIMINGS=1 and logged as one line when the run ends; `npm run bench` reads those
 * lines. Nothing in the API exposes it.
 */
export type Stage =
  | 'folders'
  | 'fetch'
  | 'input-probe'
  | 'listing'
  | 'checks'
  | 'ffmpeg'
  | 'probe-wait'
  | 'output-probe'
  | 'store'
  | 'commit'
  | 'cleanup'
  // The PROCESSING status event (event log row, listeners), a step's set-up before ffmpeg spawns, and the folder-size check after it.
  | 'status'
  | 'step-setup'
  | 'size-check';

export interface JobTimings {
  add(stage: Stage, ms: number): void;
  /** Runs `fn` and adds its duration to `stage`. */
  time<T>(stage: Stage, fn: () => Promise<T>): Promise<T>;
  /** The stages so far, rounded to 0.1 ms, plus `total`. */
  summary(): Record<string, number>;
}

const scope = new AsyncLocalStorage<JobTimings>();

export function createJobTimings(): JobTimings {
  const started = performance.now();
  const ms: Partial<Record<Stage, number>> = {};
  const add = (stage: Stage, d: number) => {
    ms[stage] = (ms[stage] ?? 0) + d;
  };
  return {
    add,
    async time(stage, fn) {
      const t0 = performance.now();
      try {
        return await fn();
      } finally {
        add(stage, performance.now() - t0);
      }
    },
    summary() {
      const round = (x: number) => Math.round(x * 10) / 10;
      return { ...Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, round(v)])), total: round(performance.now() - started) };
    },
  };
}

/** Runs a command's work with `timings` as the current collector (undefined: nothing is collected). */
export function withJobTimings<T>(timings: JobTimings | undefined, fn: () => Promise<T>): Promise<T> {
  return timings ? scope.run(timings, fn) : fn();
}

/** Adds `fn`'s duration to the current command's `stage`, when timings are collected; else just runs it. */
export function timeStage<T>(stage: Stage, fn: () => Promise<T>): Promise<T> {
  const t = scope.getStore();
  return t ? t.time(stage, fn) : fn();
}

/** Adds the time since `t0` (performance.now()) to the current command's `stage`, for synchronous work timed without an await. */
export function addStageSince(stage: Stage, t0: number): void {
  scope.getStore()?.add(stage, performance.now() - t0);
}
