import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Where the OS keeps per-user application data (XDG on Linux, Application Support on macOS, APPDATA on Windows). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'FFDesk');
  if (process.platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'FFDesk');
  return path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'ffdesk');
}

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean),
);

const GiB = 1024 ** 3;

export const ConfigSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(8777),
  dataDir: z.string().min(1),
  /** Sets the local account's key instead of generating one (docs/choices.md: Accounts). */
  apiKey: z.string().min(8).optional(),
  /** Base of the URLs the service hands out; default `http://<host>:<port>`. */
  publicUrl: z.string().url().optional(),
  /** Extra `Host` header values accepted besides the bound address (DNS-rebinding guard). */
  allowedHosts: csv.default([]),
  /** Extra `Origin`s allowed to call the API (the service's own origin always is). */
  allowedOrigins: csv.default([]),
  vcpuBudget: z.coerce.number().int().min(1).max(1024).default(Math.max(1, os.availableParallelism())),
  maxJsonBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** A JSON body must arrive within this (408 after): a client trickling a body cannot hold a connection. */
  jsonBodyTimeoutMs: z.coerce.number().int().min(100).default(30_000),
  /** Request headers must arrive within this (408 after; node:http's headersTimeout). */
  headersTimeoutMs: z.coerce.number().int().min(100).default(30_000),
  maxInputBytes: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * GiB),
  downloadConnectTimeoutMs: z.coerce.number().int().min(100).default(15_000),
  downloadIdleTimeoutMs: z.coerce.number().int().min(100).default(60_000),
  zipMaxTotalBytes: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * GiB),
  zipMaxEntries: z.coerce.number().int().min(1).default(20_000),
  zipMaxRatio: z.coerce.number().min(1).default(200),
  /** Input URL hosts refused / exclusively allowed (empty allow list = any). Loopback and LAN are allowed by default (docs/choices.md: Requests). */
  inputHostsDeny: csv.default([]),
  inputHostsAllow: csv.default([]),
  storeFileRatePerMinute: z.coerce.number().int().min(1).default(60),
  /** Create the offline-demo sample media as stored files on first start. */
  samples: z.coerce.boolean().default(false),
  /**
   * A folder where the samples, once made, are kept and copied from at the next start of any
   * service given the same folder (keyed by the ffmpeg binary and the arguments). The test
   * suites pass one per run, so each test service does not re-encode them; unset = make them.
   */
  samplesCacheDir: z.string().min(1).optional(),
  /** Folder with the built renderer, served at `/` (web mode). */
  webRoot: z.string().optional(),
  /** Log requests and job events to stdout. */
  quiet: z.coerce.boolean().default(false),
  /** Log where each command's time went, one `job timings` line per run (`npm run bench` reads it; docs/performance.md). */
  jobTimings: z.coerce.boolean().default(false),
  /** The operating-system sandbox around ffmpeg/ffprobe; unset = require when reachable from other machines or shared, else prefer (docs/sandbox.md). */
  sandbox: z.enum(['require', 'prefer', 'off']).optional(),
  /** Where bubblewrap is, when not in /usr/bin. */
  bwrapPath: z.string().min(1).optional(),
  /** RLIMIT_FSIZE for ffmpeg: no single file it writes may grow past this. */
  maxOutputFileBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * GiB),
  /** A job folder (inputs + outputs) growing past this stops the command. */
  maxJobFolderBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * GiB),
  /** The trial plan's job-folder budget: a trial command's folder growing past this stops it (docs/sandbox.md, per-plan limits). */
  trialJobFolderBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * GiB),
  /** The pro plan's job-folder budget (the local account has none: only maxJobFolderBytes and the disk). */
  proJobFolderBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * GiB),
  /** A running command is stopped when free space on the data disk falls below this. */
  minFreeDiskBytes: z.coerce
    .number()
    .int()
    .min(0)
    .default(256 * 1024 * 1024),
  /**
   * Tests only: skip the argument and list-file checks, so the escape catalogue can prove
   * the operating-system sandbox alone. Never read from the environment, and honoured only
   * under vitest (see ffmpeg-args/parser-switch.ts).
   */
  testOnlySkipArgumentChecks: z.boolean().default(false),
  /** Where what was learned about ffmpeg builds is cached (docs/ffmpeg.md); default `<dataDir>/ffmpeg-builds.json`. */
  ffmpegCacheFile: z.string().min(1).optional(),
  /** Scale out: with a Redis URL, commands go to a BullMQ queue for workers instead of running here (docs/scale-out.md). */
  redisUrl: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** With a Redis URL: also run a worker inside the service. */
  localWorker: z.coerce.boolean().default(false),
  /** With a Redis URL: a PROCESSING command no worker reports on for this long is re-queued (or INTERRUPTED). */
  workerLostSeconds: z.coerce.number().min(1).default(90),
});

export type Config = z.infer<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

/** Reads `FFDESK_*` variables; explicit overrides win. Invalid values fail fast with the variable named. */
export function loadConfig(overrides: Partial<ConfigInput> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const fromEnv: Record<string, unknown> = {
    host: env.FFDESK_HOST,
    port: env.FFDESK_PORT,
    dataDir: env.FFDESK_DATA_DIR || defaultDataDir(env),
    apiKey: env.FFDESK_API_KEY || undefined,
    publicUrl: env.FFDESK_PUBLIC_URL || undefined,
    allowedHosts: env.FFDESK_ALLOWED_HOSTS,
    allowedOrigins: env.FFDESK_ALLOWED_ORIGINS,
    vcpuBudget: env.FFDESK_VCPU_BUDGET,
    maxInputBytes: env.FFDESK_MAX_INPUT_BYTES,
    inputHostsDeny: env.FFDESK_INPUT_HOSTS_DENY,
    inputHostsAllow: env.FFDESK_INPUT_HOSTS_ALLOW,
    storeFileRatePerMinute: env.FFDESK_STORE_FILE_RATE_PER_MINUTE,
    samples: env.FFDESK_SAMPLES === undefined ? undefined : env.FFDESK_SAMPLES === '1',
    samplesCacheDir: env.FFDESK_SAMPLES_CACHE_DIR || undefined,
    webRoot: env.FFDESK_WEB_ROOT || undefined,
    quiet: env.FFDESK_QUIET === '1' ? true : undefined,
    jobTimings: env.FFDESK_JOB_TIMINGS === '1' ? true : undefined,
    sandbox: env.FFDESK_SANDBOX || undefined,
    bwrapPath: env.FFDESK_BWRAP_PATH || undefined,
    maxOutputFileBytes: env.FFDESK_MAX_OUTPUT_FILE_BYTES,
    maxJobFolderBytes: env.FFDESK_MAX_JOB_FOLDER_BYTES,
    trialJobFolderBytes: env.FFDESK_TRIAL_JOB_FOLDER_BYTES,
    proJobFolderBytes: env.FFDESK_PRO_JOB_FOLDER_BYTES,
    minFreeDiskBytes: env.FFDESK_MIN_FREE_DISK_BYTES,
    ffmpegCacheFile: env.FFDESK_FFMPEG_CACHE_FILE || undefined,
    redisUrl: env.FFDESK_REDIS_URL || undefined,
    localWorker: env.FFDESK_LOCAL_WORKER === undefined ? undefined : env.FFDESK_LOCAL_WORKER === '1',
    workerLostSeconds: env.FFDESK_WORKER_LOST_SECONDS || undefined,
  };
  const merged = { ...stripUndefined(fromEnv), ...stripUndefined(overrides) };
  // Parsed once per start: zod's generated parser for this object cost ~12 ms to build, more than
  // the parse it speeds up (docs/performance.md, "Start-up").
  const parsed = ConfigSchema.safeParse(merged, { jitless: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.dataDir) };
}

function stripUndefined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}
