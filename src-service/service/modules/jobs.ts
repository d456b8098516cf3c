import type { Config } from '../../config';
import type { CommandNotifier } from '../../jobs/notify';
import type { Media } from '../../media/media-module';
import type { ServiceModule } from './module';
import { createCommandRunner, type RunnerDeps } from '../../jobs/runner';
import { createLocalScheduler, type Scheduler } from '../../jobs/scheduler';
import type { Command } from '../../jobs/command';
import { knownNamesOf } from '../../jobs/failure-message';
import { createResultCache } from '../../cache/result-cache';
import type { SubmitDeps } from '../../jobs/submit';
import type { CancelDeps } from '../../jobs/cancel';
import { submitDepsOf } from '../../jobs/submit-wiring';
import { createRecordBudget } from '../../accounts/record-limits';
import { commandRoutes } from '../../api/commands/commands.routes';
import { editRoutes } from '../../api/edits/edits.routes';
import { createPollCache, type PollCache } from '../../api/commands/poll-cache';
import { EDIT_RUN } from '../../edits/run-edit';
import { SEGMENTED_EDIT_RUN } from '../../edits/segmented-edit';
import { SEGMENTED_RUN } from '../../segmented/run-segmented';

type RunnerWiring = Omit<RunnerDeps, 'ffmpegPath' | 'ffprobePath' | 'knownNames' | 'onStatus' | 'onProgress' | 'resultCache' | 'kinds'>;

export interface JobsDeps extends RunnerWiring {
  config: Config;
  media: Media;
  notifier: CommandNotifier;
  /** The scale-out queue when one is configured; otherwise commands run in this process. */
  remote: Scheduler | null;
  /** With the queue, what this process still runs itself (edits: docs/scale-out.md, "What runs where"). */
  runsInService(request: unknown): boolean;
}

/** The command lifecycle: submit, cancel, the scheduler and its runner, and `/v1/commands`. */
export interface JobsModule extends ServiceModule {
  readonly scheduler: Scheduler;
  /** How presets, batches and watch folders submit a command, exactly as the routes do. */
  readonly submit: SubmitDeps;
  readonly cancel: CancelDeps;
  /** Finished commands' JSON, shared by the route and the poll fast path. */
  readonly pollCache: PollCache;
}

export function createJobsModule(deps: JobsDeps): JobsModule {
  const { commands, files, notifier } = deps;
  const local = (accepts?: (row: Command) => boolean) =>
    createLocalScheduler({ commands, vcpuBudget: deps.config.vcpuBudget, run: localRunner(deps), log: deps.log, ...(accepts ? { accepts } : {}) });
  const scheduler = deps.remote
    ? bothSchedulers(
        deps.remote,
        local((row) => deps.runsInService(row.request)),
      )
    : local();
  const records = createRecordBudget(deps.db, () => deps.accounts.localAccountId());
  const submit = submitDepsOf({ commands, files, accounts: deps.accounts, config: deps.config, notifier, scheduler, records });
  const cancel: CancelDeps = { commands, scheduler, onStatus: (row) => notifier.onStatus(row) };
  const pollCache = createPollCache(files);
  return {
    name: 'running commands',
    scheduler,
    submit,
    cancel,
    pollCache,
    routers: [commandRoutes({ commands, files, urls: deps.urls, notifier, submit, cancel, pollCache }), editRoutes(submit)],
    // Started once the service listens: a queued command may read its inputs from the service's own URLs.
    start: async () => scheduler.notify(),
    stop: () => scheduler.stop(),
    waitingFor: () => scheduler.runningIds().join(', '),
  };
}

function localRunner(deps: JobsDeps) {
  const { media, notifier } = deps;
  return createCommandRunner({
    ...deps,
    // The binaries are chosen by start(): read at each run.
    get ffmpegPath() {
      return media.binaries().ffmpegPath;
    },
    get ffprobePath() {
      return media.binaries().ffprobePath;
    },
    knownNames: async () => knownNamesOf(await media.facts().capabilities()),
    resultCache: createResultCache({ db: deps.db, files: deps.files, blobs: deps.blobs, urls: deps.urls, media, jobsDir: deps.jobsDir, log: deps.log }),
    onStatus: (row) => notifier.onStatus(row),
    onProgress: (row, p) => notifier.onProgress(row, p),
    // The kinds of command the runner runs besides ordinary ones: edits/ and segmented/ build on its steps (a segmented edit first: it is both).
    kinds: [SEGMENTED_EDIT_RUN, EDIT_RUN, SEGMENTED_RUN],
  });
}

/** The queue's scheduler and this process's own for what it runs itself, as one. */
function bothSchedulers(remote: Scheduler, here: Scheduler): Scheduler {
  return {
    notify() {
      remote.notify();
      here.notify();
    },
    abort: (id) => here.abort(id) ?? remote.abort(id),
    stop: async () => void (await Promise.all([remote.stop(), here.stop()])),
    runningIds: () => [...remote.runningIds(), ...here.runningIds()],
  };
}
