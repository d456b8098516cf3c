import type { Command, StoredRequest } from './command';
import type { CommandsRepo } from './commands-repo';
import type { ParsedRequest } from './submit';
import type { Executed } from './execute';
import type { StepOptions } from './run-steps';
import type { Progress } from '../media/progress';
import type { InputDeps, PreparedInputs } from '../files/prepare-inputs';

export type JobDirs = { work: string; scratch: string };

/** What the runner hands a kind: the inputs' dependencies, the repository, ffmpeg and the job folders' root. */
export type RunKindDeps = InputDeps & { commands: CommandsRepo; ffmpegPath: string; jobsDir: string };

/** The run options a kind's own execution gets: sandbox limits, cores, progress and cancel, as runSteps takes them. */
export type RunKindOptions = Pick<StepOptions, 'cpus' | 'signal' | 'onProgress' | 'limits' | 'checkLists' | 'knownNames' | 'onRunTime' | 'readable'>;

/** Ordinary steps and their inputs, made by a kind from a request that is not a command (an edit's plan). */
export interface PreparedRun {
  req: ParsedRequest;
  inputs: PreparedInputs;
  /** Files outside the job folder the steps may read (StepOptions.readable). */
  readable: string[];
  /** Each step's stage (StepOptions.stages). */
  stages: number[];
  /** What the kind's own execute needs from its preparation (a segmented edit's plan); the runner only hands it on. */
  plan?: unknown;
  /** Lines for the command's log, about what the preparation did (an input copied first). */
  log?: string[];
}

/** Progress while a kind prepares (an MPEG-TS input copied before a cut): the command's progress, with a `stage` naming the work. */
export type PrepareProgress = (p: Progress & { stage: string }) => void;

/**
 * A kind of command the runner runs without knowing it (docs/architecture.md, "The layers"):
 * the composition root hands the runner the kinds, so `jobs/` imports neither `edits/` nor
 * `segmented/`, which build on the runner's steps. The first kind whose `matches` accepts a
 * stored request is that command's kind; a command no kind matches runs as written.
 */
export interface RunKind {
  readonly name: string;
  matches(request: StoredRequest): boolean;
  /** Turns the stored request into ordinary steps once its input is in the job folder (an edit). Such a run never uses the result cache. */
  prepare?(deps: RunKindDeps, row: Command, dirs: JobDirs, signal: AbortSignal, onProgress?: PrepareProgress): Promise<PreparedRun>;
  /** Runs the steps in its own way instead of runInFolder (a segmented encode), still through runSteps; `prepared` is what its prepare returned. */
  execute?(
    deps: RunKindDeps,
    row: Command,
    req: ParsedRequest,
    dirs: JobDirs,
    inputs: PreparedInputs,
    opts: RunKindOptions,
    logs: string[],
    prepared?: PreparedRun,
  ): Promise<Executed>;
  /** Drops what a run keeps across restarts (a segmented encode's finished pieces) once it has ended for good: not at a shutdown. */
  dropState?(deps: Pick<RunKindDeps, 'jobsDir'>, commandId: string): Promise<void>;
}

/** The kind of a stored request, or null for an ordinary command. */
export const kindOf = (kinds: readonly RunKind[] | undefined, request: StoredRequest): RunKind | null => kinds?.find((k) => k.matches(request)) ?? null;
