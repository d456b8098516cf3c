import type { Config } from '../config';
import type { FilesRepo } from '../files/files-repo';
import type { Confiner } from '../media/confine';
import type { Keyring } from '../storage/signing';
import type { UrlBuilder } from '../files/urls';
import type { Command } from '../jobs/commands-repo';
import { JobFailure } from '../errors';
import { parseStoredRequest } from '../jobs/submit';
import { checkStorageRef } from '../files/storage-access';
import { signToken } from '../storage/signing';
import type { SandboxMode } from '../media/confine';

/** What a worker needs to run one command: everything but the service's disk and database. */
export interface JobPlan {
  command_id: string;
  /** Steps as tokens with `{{alias}}` placeholders; the worker substitutes its local paths. */
  steps: string[][];
  /** alias -> URL; the service's own files become signed paths (`/storage/s/...`) relative to the service URL. */
  inputs: Record<string, string>;
  input_zip_url: string | null;
  outputs: Record<string, string> | 'OUTPUT_FOLDER';
  /** Chained commands: files passed between steps, never stored. */
  interims: Record<string, string>;
  max_run_seconds: number;
  /** The service's sandbox mode: the worker confines ffmpeg the same way (docs/sandbox.md). */
  sandbox_mode: SandboxMode;
  vcpu_count: number;
  limits: {
    maxInputBytes: number;
    downloadConnectTimeoutMs: number;
    downloadIdleTimeoutMs: number;
    zipMaxTotalBytes: number;
    zipMaxEntries: number;
    zipMaxRatio: number;
    inputHostsAllow: string[];
    inputHostsDeny: string[];
    maxOutputFileBytes: number;
    maxJobFolderBytes: number;
    minFreeDiskBytes: number;
  };
}

/** Signed input URLs live as long as the longest command may run, plus an hour for queueing and retries. */
const INPUT_URL_SLACK_SECONDS = 3600;
const NO_LIMIT_INPUT_URL_SECONDS = 7 * 24 * 3600;

/** What building a worker's plan reads. */
export interface PlanDeps {
  config: Config;
  confiner: Confiner;
  files: FilesRepo;
  keyring: Keyring;
  urls: Pick<UrlBuilder, 'parseOwnStorageUrl'>;
}

export function buildPlan(deps: PlanDeps, row: Command): JobPlan {
  const req = parseStoredRequest(row.request);
  // Without a run-time limit, input URLs are signed for a week (docs/choices.md, "Run-time limits").
  const ttl = (row.maxRunSeconds > 0 ? row.maxRunSeconds : NO_LIMIT_INPUT_URL_SECONDS) + INPUT_URL_SLACK_SECONDS;
  const sign = (url: string) => signedInput(deps, url, ttl);
  const c = deps.config;
  return {
    command_id: row.id,
    steps: req.steps,
    inputs: Object.fromEntries(Object.entries(req.inputs).map(([alias, url]) => [alias, sign(url)])),
    input_zip_url: req.inputZipUrl ? sign(req.inputZipUrl) : null,
    outputs: req.outputs,
    interims: req.interims,
    max_run_seconds: row.maxRunSeconds,
    sandbox_mode: deps.confiner.status().mode,
    vcpu_count: row.vcpuCount,
    limits: {
      maxInputBytes: c.maxInputBytes,
      downloadConnectTimeoutMs: c.downloadConnectTimeoutMs,
      downloadIdleTimeoutMs: c.downloadIdleTimeoutMs,
      zipMaxTotalBytes: c.zipMaxTotalBytes,
      zipMaxEntries: c.zipMaxEntries,
      zipMaxRatio: c.zipMaxRatio,
      inputHostsAllow: c.inputHostsAllow,
      inputHostsDeny: c.inputHostsDeny,
      maxOutputFileBytes: c.maxOutputFileBytes,
      maxJobFolderBytes: c.maxJobFolderBytes,
      minFreeDiskBytes: c.minFreeDiskBytes,
    },
  };
}

/**
 * A URL into this service's storage is checked here, with the same rules as the embedded
 * runner, and handed to the worker as a freshly signed path: the worker may sit on another
 * machine where the user's `127.0.0.1` URL means nothing, and a private file needs a grant.
 */
function signedInput(deps: PlanDeps, url: string, ttlSeconds: number): string {
  const ref = deps.urls.parseOwnStorageUrl(url);
  if (!ref) return url;
  const now = Math.floor(Date.now() / 1000);
  const access = checkStorageRef(deps.files, deps.keyring, ref, now);
  if (!access.ok) throw new JobFailure('UNREACHABLE_INPUT_FILE', `Could not read ${url}: ${access.refusal.detail}`);
  const target = access.target;
  const token = signToken(deps.keyring, `file:${target.row.id}`, now + ttlSeconds);
  const inner = ref.innerPath.split('/').map(encodeURIComponent).join('/');
  return `/storage/s/${token}/${target.row.id}/${inner}`;
}
