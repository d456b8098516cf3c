import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config, type ConfigInput } from './config';
import { openDatabase } from './db/open';
import { createAccountsRepo } from './db/accounts-repo';
import { createCommandsRepo } from './db/commands-repo';
import { createFilesRepo } from './db/files-repo';
import { createFsBlobStore } from './storage/blob-store';
import { createConfiner, effectiveMode, type SandboxStatus } from './media/confine';
import { selectBinaries, type MediaBinaries } from './media/binaries';
import { createProbeCache } from './media/probe-cache';
import { createBuildFacts } from './media/build-facts';
import { knownNamesOf } from './jobs/failure-message';
import { createEventBus } from './events/event-bus';
import { createUrlBuilder } from './files/urls';
import { createLocalScheduler, type Scheduler } from './jobs/scheduler';
import { createCommandRunner } from './jobs/runner';
import { createResultCache } from './cache/result-cache';
import { createCommandNotifier, isFinalStatusEvent } from './jobs/notify';
import { commandEventPublisher } from './api/events/command-events';
import { createApp } from './app';
import { pollFastPath } from './api/commands/poll-fast-path';
import { ensureLocalAccount, loadKeyring } from './bootstrap';
import { recoverOnStart } from './recovery';
import { mountExtensions } from './extensions';
import { ensureSamples } from './files/samples';
import type { AppDeps } from './deps';
import { createBackgroundTasks } from './background';
import { answerClientError } from './api/client-error';
import { createScaleOut } from './scale-out';
import { workersRoutes } from './scale-out/workers-routes';

export const VERSION = '0.1.0';

export interface Service {
  /** `url`: the base handed out (FFDESK_PUBLIC_URL when set); `port`: the port actually bound. */
  start(): Promise<{ url: string; port: number }>;
  stop(): Promise<void>;
  readonly config: Config;
  /** The local account's key (shown by the GUI and the CLI). */
  readonly localKey: string;
  readonly deps: AppDeps;
}

/** The one export the Electron shell, the CLI and the tests use. */
export function createService(overrides: Partial<ConfigInput> = {}): Service {
  const config = loadConfig(overrides);
  const log = config.quiet ? () => undefined : (m: string) => console.log(`[ffdesk] ${m}`);
  const db = openDatabase(config.dataDir);
  const accounts = createAccountsRepo(db);
  const commands = createCommandsRepo(db);
  const files = createFilesRepo(db);
  const local = ensureLocalAccount(accounts, config.dataDir, config.apiKey);
  const keyring = loadKeyring(db);
  const blobs = createFsBlobStore(path.join(config.dataDir, 'blobs'));
  const countAccounts = db.prepare('SELECT COUNT(*) AS n FROM accounts');
  const confiner = createConfiner({
    mode: () => effectiveMode(config.sandbox, config.host, (countAccounts.get() as { n: number }).n),
    bwrapPath: config.bwrapPath,
    log,
  });
  const probeCache = createProbeCache(config.ffmpegCacheFile ?? path.join(config.dataDir, 'ffmpeg-builds.json'));
  // Filled in by start(): choosing runs every candidate binary (in parallel), which is async.
  const media = {} as MediaBinaries;
  const events = createEventBus(db);
  let baseUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const urls = createUrlBuilder(() => baseUrl, keyring);
  const jobsDir = path.join(config.dataDir, 'jobs');
  const tasks = createBackgroundTasks(log);
  const deps = { config, db, accounts, commands, files, blobs, keyring, urls, media, confiner, events, tasks, version: VERSION, log } as AppDeps;
  const ext = mountExtensions(deps);
  deps.notifier = createCommandNotifier({ setProgress: commands.setProgress, log });
  // The job lifecycle emits; the event stream presents first, then a finished command's webhook.
  deps.notifier.subscribe(commandEventPublisher({ files, events, urls }));
  deps.notifier.subscribe((e) => {
    if (isFinalStatusEvent(e)) ext.onCommandFinal(e.row);
  });
  const runner = createCommandRunner({
    ...deps,
    get ffmpegPath() {
      return media.ffmpegPath;
    },
    get ffprobePath() {
      return media.ffprobePath;
    },
    jobsDir,
    knownNames: async () => knownNamesOf(await deps.ffmpegFacts.capabilities()),
    resultCache: createResultCache({ db, files, blobs, urls, media, jobsDir, log }),
    onStatus: (row) => deps.notifier.onStatus(row),
    onProgress: (row, p) => deps.notifier.onProgress(row, p),
  });
  // Scale-out only with a Redis URL: without it nothing connects to Redis (docs/scale-out.md).
  const scaleOut = config.redisUrl ? createScaleOut(deps, { redisUrl: config.redisUrl, jobsDir }) : null;
  const scheduler: Scheduler = scaleOut?.scheduler ?? createLocalScheduler({ commands, vcpuBudget: config.vcpuBudget, run: runner, log });
  deps.scheduler = scheduler;
  const allowed = { hosts: new Set<string>(), origins: new Set<string>() };
  const app = createApp(deps, {
    allowedHosts: () => allowed.hosts,
    allowedOrigins: () => allowed.origins,
    extraRouters: [...ext.routers, workersRoutes({ workers: scaleOut?.workers ?? null })],
    rawHandlers: [...ext.rawHandlers, ...(scaleOut ? [scaleOut.workerApi] : [])],
  });
  // Header deadlines are checked every connectionsCheckingInterval: keep it well under the deadline.
  // requireHostHeader off: a request without Host reaches the Host guard and gets its 403 in the usual body.
  const koa = app.callback();
  const fastPoll = pollFastPath(deps, { allowedHosts: () => allowed.hosts, allowedOrigins: () => allowed.origins });
  const handle: http.RequestListener = (req, res) => {
    if (!fastPoll(req, res)) void koa(req, res);
  };
  const server = http.createServer({ connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.headersTimeoutMs / 4)), requireHostHeader: false }, handle);
  server.requestTimeout = 0; // uploads and downloads of large files may take long; JSON bodies have their own deadline (json-body.ts)
  server.headersTimeout = config.headersTimeoutMs; // slow headers (slowloris) are cut off with a 408
  server.keepAliveTimeout = 5_000;
  server.on('clientError', answerClientError);

  return {
    config,
    localKey: local.key,
    deps,
    async start() {
      // The -version probes (cached after the first start) run while recovery tidies the job folders.
      const [chosen, interrupted] = await Promise.all([
        selectBinaries({ cache: probeCache }),
        recoverOnStart({ commands, files, blobs, jobsDir, log, remoteWorkers: scaleOut !== null }),
      ]);
      Object.assign(media, chosen);
      log(`ffmpeg: ${media.ffmpegPath} (${media.ffmpeg.reason}); ffprobe: ${media.ffprobePath} (${media.ffprobe.reason})`);
      deps.ffmpegFacts = createBuildFacts({ ffmpegPath: media.ffmpegPath, cache: probeCache, signal: tasks.signal, log });
      tasks.run('ffmpeg capabilities', () => deps.ffmpegFacts.hardwareDone()); // stop() waits for the test encodes
      await ext.start();
      for (const row of interrupted) deps.notifier.onStatus(row);
      const port = await listen(server, config.host, config.port);
      const shown = urlHost(config.host);
      baseUrl = config.publicUrl ?? `http://${shown}:${port}`;
      setAllowed(allowed, config, port, baseUrl);
      logSandbox(confiner.status(), log);
      scheduler.notify();
      await scaleOut?.start(baseUrl);
      if (config.samples) tasks.run('samples', (signal) => ensureSamples(deps, local.accountId, signal));
      return { url: baseUrl, port };
    },
    async stop() {
      // Each stage is bounded on its own; one that takes long is named on stderr so a stuck stop is never silent.
      await reportStall('scale-out', scaleOut?.stop());
      await reportStall('running commands', scheduler.stop(), () => scheduler.runningIds().join(', '));
      await reportStall('background tasks', tasks.stop());
      await reportStall('extensions (store-file, uploads, webhooks, watch folders)', ext.stop());
      await reportStall(
        'HTTP connections',
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
      );
      db.close();
    },
  };
}

const STOP_STALL_MS = 15_000;

/** Awaits one stage of stop(); if it takes longer than STOP_STALL_MS, says which (and what it waits for) on stderr. */
async function reportStall(stage: string, work: Promise<unknown> | undefined, detail?: () => string): Promise<void> {
  if (!work) return;
  const timer = setTimeout(() => {
    const what = detail?.() ?? '';
    process.stderr.write(`[ffdesk] stopping: still waiting for ${stage} after ${STOP_STALL_MS / 1000} s${what ? ` (${what})` : ''}\n`);
  }, STOP_STALL_MS);
  timer.unref();
  try {
    await work;
  } finally {
    clearTimeout(timer);
  }
}

/** One line at start: whether ffmpeg runs confined, and if not, why (docs/sandbox.md). */
function logSandbox(s: SandboxStatus, log: (m: string) => void): void {
  if (s.mode !== 'off' && s.available) log(`ffmpeg sandbox: ${s.mechanism} (${s.mode})${s.limits ? ', limits by prlimit' : ''}`);
  else log(`WARNING: ffmpeg sandbox ${s.mode === 'require' ? 'required but unavailable, commands will fail' : 'not in use'}: ${s.reason ?? 'unknown reason'}`);
}

function listen(server: http.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

function urlHost(host: string): string {
  if (WILDCARD.has(host)) return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Host/Origin guard lists: the bound address, its loopback aliases and the public URL.
 * Bound to a wildcard address with no FFDESK_ALLOWED_HOSTS, any Host is accepted: the user
 * chose to expose the service and the API key still guards it.
 */
function setAllowed(allowed: { hosts: Set<string>; origins: Set<string> }, config: Config, port: number, baseUrl: string): void {
  const hosts = new Set<string>(config.allowedHosts);
  const base = new URL(baseUrl);
  hosts.add(base.host.toLowerCase());
  for (const h of ['127.0.0.1', 'localhost', '[::1]']) hosts.add(`${h}:${port}`);
  if (!WILDCARD.has(config.host)) hosts.add(`${urlHost(config.host).toLowerCase()}:${port}`);
  allowed.hosts = WILDCARD.has(config.host) && config.allowedHosts.length === 0 ? new Set() : hosts;
  allowed.origins = new Set([...config.allowedOrigins, ...[...hosts].map((h) => `http://${h}`), base.origin.toLowerCase()]);
}

export { loadConfig };
export function isDataDirInitialised(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'ffdesk.db'));
}
