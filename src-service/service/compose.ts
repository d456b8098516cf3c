import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Db } from '../db/open';
import { createAccountsRepo, type AccountsRepo } from '../accounts/accounts-repo';
import { createCommandsRepo, type CommandsRepo } from '../jobs/commands-repo';
import { createFilesRepo, type FilesRepo } from '../files/files-repo';
import { createFsBlobStore, type BlobStore } from '../storage/blob-store';
import { createConfiner, effectiveMode, type Confiner } from '../media/confine';
import { createProbeCache } from '../media/probe-cache';
import { createMedia, type Media, type MediaModule } from '../media/media-module';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createListeners } from '../events/listeners';
import type { FileEvent } from '../files/file-events';
import type { WatchFolderEvent } from '../watch/watch-events';
import { createUrlBuilder } from '../files/urls';
import { createCommandNotifier, type CommandNotifier } from '../jobs/notify';
import { createBackgroundTasks } from '../work/background';
import { ensureLocalAccount, loadKeyring } from './bootstrap';
import { ensureSamples } from '../files/samples';
import { createScaleOut } from './modules/scale-out';
import { isEditRequest } from '../edits/run-edit';
import { workersRoutes } from '../api/workers/workers.routes';
import { systemRoutes } from '../api/system/system.routes';
import { keyRoutes } from '../api/keys/keys.routes';
import { openapiRoutes } from '../api/openapi/openapi.routes';
import { routesModule, type ServiceModule } from './modules/module';
import { createJobsModule, type JobsModule } from './modules/jobs';
import { createFilesModule } from './modules/files';
import { createEventsModule } from './modules/events';
import { createWebhooksModule } from './modules/webhooks';
import { createPresetsModule } from './modules/presets';
import { createFileFactsModule } from './modules/file-facts';
import type { FactCache } from '../facts/fact-cache';
import type { PollCache } from '../api/commands/poll-cache';
import type { Router } from '@koa/router';

/**
 * Parts of a running service that tests and tools (the CLI, benchmarks) read directly. For
 * tests and tools only: modules never receive it, each gets what it needs when it is built.
 */
export interface ServiceParts {
  readonly db: Db;
  readonly accounts: AccountsRepo;
  readonly commands: CommandsRepo;
  readonly files: FilesRepo;
  readonly blobs: BlobStore;
  readonly events: EventBus;
  /** The chosen binaries and the build's facts (after start()). */
  readonly media: Media;
  readonly pollCache: PollCache;
  /** Facts about stored files (keyframes, timeline images, proxies) cached on disk. */
  readonly factCache: FactCache;
  /** Every route group the app mounts: the signed ones (before the key check) first, then the rest. */
  readonly routers: readonly Router[];
}

export interface Composition {
  parts: ServiceParts;
  db: Db;
  confiner: Confiner;
  media: MediaModule;
  notifier: CommandNotifier;
  jobs: JobsModule;
  localKey: string;
  /** Commands run on scale-out workers (recovery leaves PROCESSING ones to them). */
  remoteWorkers: boolean;
  /** Requests the service runs itself even with workers (edits: docs/scale-out.md, "What runs where"). */
  runsInService(request: unknown): boolean;
  jobsDir: string;
  /** Started in this order before the service listens. */
  ready: ServiceModule[];
  /** Started in this order once it listens (they may call the service's own URL). */
  running: ServiceModule[];
  /** Routes and raw handlers are mounted in this order. */
  mounted: ServiceModule[];
}

/**
 * The composition root: builds the service's parts in dependency order, each from only what it
 * needs (docs/architecture.md, "Composition"). `baseUrl` is the URL handed out; it is final
 * once the service listens.
 */
export function compose(config: Config, version: string, log: (m: string) => void, baseUrl: () => string): Composition {
  const db = openDatabase(config.dataDir);
  const accounts = createAccountsRepo(db);
  const commands = createCommandsRepo(db);
  const files = createFilesRepo(db);
  const local = ensureLocalAccount(accounts, config.dataDir, config.apiKey);
  const keyring = loadKeyring(db);
  const blobs = createFsBlobStore(path.join(config.dataDir, 'blobs'));
  const confiner = createConfiner({
    mode: () => effectiveMode(config.sandbox, config.host, accounts.countAccounts()),
    bwrapPath: config.bwrapPath,
    log,
  });
  const tasks = createBackgroundTasks(log);
  const media = createMedia({ probeCache: createProbeCache(config.ffmpegCacheFile ?? path.join(config.dataDir, 'ffmpeg-builds.json')), tasks, log });
  const events = createEventBus(db);
  const urls = createUrlBuilder(baseUrl, keyring, (id) => files.getAny(id) !== undefined);
  const jobsDir = path.join(config.dataDir, 'jobs');

  // Each factory is handed what it declares, no shared bag (docs/architecture.md, Composition).
  // The job lifecycle emits; the event stream presents first, then a finished command's webhook.
  const notifier = createCommandNotifier({ setProgress: commands.setProgress, log });
  // Stored files and watch folders emit their own domain events; the event stream presents them too.
  const fileEvents = createListeners<FileEvent>();
  const watchEvents = createListeners<WatchFolderEvent>();
  const eventsModule = createEventsModule({ files, events, urls, notifier, fileEvents, watchEvents });
  const webhooks = createWebhooksModule({ db, commands, files, config, urls, notifier, log });
  // What running a command takes, here or on a worker: the local runner and scale-out get the same pieces.
  const commandRun = { config, db, accounts, commands, files, blobs, keyring, urls, confiner, media, notifier, jobsDir, log };
  // Scale-out only with a Redis URL: without it nothing connects to Redis (docs/scale-out.md).
  // Edits are cut by the service's own runner even with workers (they plan from the input's
  // packets, which the workers' protocol does not carry): docs/scale-out.md, "What runs where".
  const runsInService = (request: unknown) => isEditRequest(request);
  const scaleOut = config.redisUrl ? createScaleOut({ ...commandRun, redisUrl: config.redisUrl, baseUrl, runsInService }) : null;
  const jobs = createJobsModule({ ...commandRun, remote: scaleOut?.scheduler ?? null, runsInService });
  const filesModule = createFilesModule({ config, db, accounts, files, blobs, keyring, urls, confiner, fileEvents, media, log });
  const fileFacts = createFileFactsModule({ config, accounts, commands, files, blobs, keyring, fileEvents, confiner, media, baseUrl, log });
  const presets = createPresetsModule({
    config,
    db,
    accounts,
    commands,
    files,
    blobs,
    urls,
    confiner,
    fileEvents,
    watchEvents,
    media,
    log,
    submit: jobs.submit,
    cancel: jobs.cancel,
  });
  const system = routesModule('system', [
    systemRoutes({ version, config, media, confiner, scheduler: jobs.scheduler, files, commands, localAccountId: () => accounts.localAccountId() }),
  ]);
  const workers = scaleOut ?? routesModule('scale-out', [workersRoutes({ workers: null })]);
  const background: ServiceModule = { name: 'background tasks', start: async () => undefined, stop: () => tasks.stop() };
  const samples: ServiceModule = {
    name: 'samples',
    start: async () => {
      if (config.samples)
        tasks.run('samples', (signal) =>
          ensureSamples({ files, blobs, fileEvents, confiner, media, log, cacheDir: config.samplesCacheDir }, local.accountId, signal),
        );
    },
    stop: async () => undefined, // a background task: stopped with them
  };

  const mounted = [
    system,
    jobs,
    filesModule,
    eventsModule,
    webhooks,
    routesModule('keys', [keyRoutes({ accounts })]),
    routesModule('openapi', [openapiRoutes()]),
    presets,
    fileFacts,
    workers,
  ];
  return {
    parts: {
      db,
      accounts,
      commands,
      files,
      blobs,
      events,
      media,
      pollCache: jobs.pollCache,
      factCache: fileFacts.cache,
      routers: mounted.flatMap((m) => [...(m.guardedRouters ?? []).map((g) => g.router), ...(m.signedRouters ?? []), ...(m.routers ?? [])]),
    },
    db,
    confiner,
    media,
    notifier,
    jobs,
    localKey: local.key,
    remoteWorkers: scaleOut !== null,
    runsInService,
    jobsDir,
    ready: [webhooks, presets, filesModule],
    running: [background, jobs, workers, samples, fileFacts],
    mounted,
  };
}
