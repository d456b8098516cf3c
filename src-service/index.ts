import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config, type ConfigInput } from './config';
import type { SandboxStatus } from './media/confine';
import { createApp } from './service/app';
import { pollFastPath } from './api/commands/poll-fast-path';
import { recoverOnStart } from './service/recovery';
import { clearRunMark } from './media/confine/orphaned-sandboxes';
import { answerClientError } from './api/client-error';
import { compose, type ServiceParts } from './service/compose';
import { FINAL_STAGES_MS, STOP_BOUND_MS, stopInStages, type StopStage } from './service/stop-stages';

export const VERSION = '0.1.0';

export interface Service {
  /** `url`: the base handed out (FFDESK_PUBLIC_URL when set); `port`: the port actually bound. */
  start(): Promise<{ url: string; port: number }>;
  stop(): Promise<void>;
  /**
   * After stop(): settles when the work stop() gave up waiting for has really ended (it was
   * aborted; on a loaded machine an ffmpeg may take longer than the bound to go). For tests
   * and tools that remove the data folder next.
   */
  settled(): Promise<void>;
  readonly config: Config;
  /** The local account's key (shown by the GUI and the CLI). */
  readonly localKey: string;
  /** For tests and tools: the parts they read directly. Modules never receive it. */
  readonly parts: ServiceParts;
}

/** The one export the Electron shell, the CLI and the tests use. */
export function createService(overrides: Partial<ConfigInput> = {}): Service {
  const config = loadConfig(overrides);
  const log = config.quiet ? () => undefined : (m: string) => console.log(`[ffdesk] ${m}`);
  // The URL handed out: final once the service listens (the bound port may be chosen by the OS).
  let baseUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const c = compose(config, VERSION, log, () => baseUrl);
  const modules = [...c.ready, ...c.running];
  const allowed = { hosts: new Set<string>(), origins: new Set<string>() };
  const app = createApp({
    config,
    accounts: c.parts.accounts,
    log,
    allowedHosts: () => allowed.hosts,
    allowedOrigins: () => allowed.origins,
    routers: c.mounted.flatMap((m) => m.routers ?? []),
    signedRouters: c.mounted.flatMap((m) => m.signedRouters ?? []),
    guardedRouters: c.mounted.flatMap((m) => m.guardedRouters ?? []),
    rawHandlers: c.mounted.flatMap((m) => m.rawHandlers ?? []),
  });
  // Header deadlines are checked every connectionsCheckingInterval: keep it well under the deadline.
  // requireHostHeader off: a request without Host reaches the Host guard and gets its 403 in the usual body.
  const koa = app.callback();
  const fastPoll = pollFastPath(
    { accounts: c.parts.accounts, cache: c.jobs.pollCache },
    { allowedHosts: () => allowed.hosts, allowedOrigins: () => allowed.origins },
  );
  const handle: http.RequestListener = (req, res) => {
    if (!fastPoll(req, res)) void koa(req, res);
  };
  const server = http.createServer({ connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.headersTimeoutMs / 4)), requireHostHeader: false }, handle);
  server.requestTimeout = 0; // uploads and downloads of large files may take long; JSON bodies have their own deadline (json-body.ts)
  server.headersTimeout = config.headersTimeoutMs; // slow headers (slowloris) are cut off with a 408
  // Longer than clients keep idle sockets (they pool for less than the Keep-Alive hint), so the
  // service never closes a socket a client is just reusing (docs/http-guards.md, "Idle connections").
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);

  let lingering: Promise<void> = Promise.resolve();
  let stopping = false;
  return {
    config,
    localKey: c.localKey,
    parts: c.parts,
    async start() {
      // The -version probes (cached after the first start) run while recovery tidies the job folders.
      const [, interrupted] = await Promise.all([
        c.media.start(),
        recoverOnStart({
          ...c.parts,
          jobsDir: c.jobsDir,
          dataDir: config.dataDir,
          log,
          remoteWorkers: c.remoteWorkers,
          runsInService: c.runsInService,
        }),
      ]);
      for (const m of c.ready) await m.start();
      for (const row of interrupted) c.notifier.onStatus(row);
      const port = await listen(server, config.host, config.port);
      const shown = urlHost(config.host);
      baseUrl = config.publicUrl ?? `http://${shown}:${port}`;
      setAllowed(allowed, config, port, baseUrl);
      for (const m of c.running) await m.start();
      // After the caller's "listening" line (a macrotask runs after the awaiting caller resumes): the
      // sandbox's smoke test is one bwrap run, and reading the cached capability listings parses a
      // large JSON file through its schema; nothing a request needs waits for the listings
      // (docs/performance.md, "Start-up").
      // A service stopped meanwhile (a test's quick start and stop) has closed the database: nothing to log.
      setImmediate(() => {
        if (stopping) return;
        c.media.readFactsInBackground();
        logSandbox(c.confiner.status(), log);
      });
      return { url: baseUrl, port };
    },
    async stop() {
      stopping = true;
      // Bounded as a whole (STOP_BOUND_MS, docs/architecture.md "Stopping"): each stage aborts its
      // work at once and is awaited only until the shared deadline. In reverse start order:
      // scale-out, running commands and background tasks end before the features they write
      // through (store-file, uploads, watch folders, webhooks), and every module before the HTTP
      // connections and the database.
      const started = Date.now();
      const modulesLeft = await stopInStages(modules.toReversed(), started + STOP_BOUND_MS - FINAL_STAGES_MS);
      const http: StopStage = {
        name: 'HTTP connections',
        stop: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
      const httpLeft = await stopInStages([http], Math.max(Date.now(), started + STOP_BOUND_MS));
      c.db.close();
      // The run mark goes once nothing of this run runs any more: at once after a clean stop, else
      // when what was given up on has ended (a process that exits before keeps it: the next start
      // looks for orphaned sandboxes, docs/sandbox.md).
      if (modulesLeft.clean && httpLeft.clean) clearRunMark(config.dataDir);
      lingering = Promise.all([modulesLeft.leftBehind, httpLeft.leftBehind]).then(() => clearRunMark(config.dataDir));
    },
    settled: () => lingering,
  };
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
