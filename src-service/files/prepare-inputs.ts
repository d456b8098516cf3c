import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { FilesRepo } from './files-repo';
import { JobFailure } from '../errors';
import type { BlobStore } from '../storage/blob-store';
import { downloadToFile } from '../storage/fetch-url';
import { extractZip } from '../storage/zip';
import type { Keyring } from '../storage/signing';
import type { Confiner } from '../media/confine';
import { probeFile } from '../media/probe';
import { checkStorageRef, isFolderBlob, mediaOf } from './storage-access';
import type { UrlBuilder } from './urls';
import { isHostAllowed } from '../storage/host-policy';
import { mapBounded } from '../work/map-bounded';
import { timeStage } from '../work/job-timings';

/** What fetching inputs over HTTP needs (a worker on another machine has only this). */
export interface DownloadDeps {
  config: Pick<
    Config,
    | 'maxInputBytes'
    | 'downloadConnectTimeoutMs'
    | 'downloadIdleTimeoutMs'
    | 'zipMaxTotalBytes'
    | 'zipMaxEntries'
    | 'zipMaxRatio'
    | 'inputHostsAllow'
    | 'inputHostsDeny'
  >;
  ffprobePath: string;
  confiner: Confiner;
}

/** The service also reads its own stored files straight from disk. */
export interface InputDeps extends DownloadDeps {
  config: Config;
  files: FilesRepo;
  blobs: BlobStore;
  keyring: Keyring;
  urls: UrlBuilder;
}

const hasOwnStorage = (deps: DownloadDeps): deps is InputDeps => 'urls' in deps && 'files' in deps;

export interface PreparedInputs {
  /** alias -> path relative to the job folder, substituted for `{{alias}}`. */
  paths: Record<string, string>;
  /** Input bytes after decompression (docs/api.md §8, quota rule 1). */
  bytes: number;
  /** Known input durations, for the progress percentage. */
  durations: number[];
  /**
   * With `probeLater`: the durations of downloaded inputs whose probe still runs while ffmpeg
   * starts (the progress percentage appears a moment later; docs/performance.md). Never rejects.
   */
  durationsLater?: Promise<number[]>;
  /** SHA-256 of downloaded inputs by job-folder path, computed while downloading when asked (result cache). */
  sha256ByPath: Record<string, string>;
}

interface OneInput {
  relPath: string;
  bytes: number;
  duration: number | null;
  /** The duration still being probed (`probeLater`). */
  later?: Promise<number | null>;
  sha256?: string;
}

/**
 * Inputs of one command fetched at once: enough to overlap slow servers, few enough that a
 * request declaring hundreds of inputs does not open hundreds of sockets in one go.
 */
const INPUT_FETCHES_AT_ONCE = 8;

/** Fetches every declared input into `<work>/<alias>/<name>`, or extracts the zipped folder into `<work>`. */
export async function prepareInputs(
  deps: DownloadDeps,
  req: { inputs: Record<string, string>; inputZipUrl: string | null },
  dirs: { work: string; scratch: string },
  signal: AbortSignal,
  opts: { sha256?: boolean; probeLater?: boolean } = {},
): Promise<PreparedInputs> {
  if (req.inputZipUrl) return prepareZip(deps, req.inputZipUrl, dirs, signal);
  const entries = Object.entries(req.inputs);
  const results = await mapBounded(entries, INPUT_FETCHES_AT_ONCE, ([alias, url]) => fetchInput(deps, alias, url, dirs.work, signal, opts));
  const paths: Record<string, string> = {};
  entries.forEach(([alias], i) => (paths[alias] = (results[i] as OneInput).relPath));
  return {
    paths,
    bytes: results.reduce((n, r) => n + r.bytes, 0),
    durations: results.flatMap((r) => (r.duration === null ? [] : [r.duration])),
    sha256ByPath: Object.fromEntries(results.flatMap((r) => (r.sha256 ? [[r.relPath, r.sha256]] : []))),
    ...laterDurations(results),
  };
}

function laterDurations(results: OneInput[]): Pick<PreparedInputs, 'durationsLater'> {
  const later = results.flatMap((r) => (r.later ? [r.later] : []));
  if (later.length === 0) return {};
  return { durationsLater: Promise.all(later).then((ds) => ds.filter((d): d is number => d !== null)) };
}

async function fetchInput(
  deps: DownloadDeps,
  alias: string,
  url: string,
  work: string,
  signal: AbortSignal,
  opts: { sha256?: boolean; probeLater?: boolean },
): Promise<OneInput> {
  const dir = path.join(work, alias);
  await fs.mkdir(dir, { recursive: true });
  const local = hasOwnStorage(deps) ? await copyFromOwnStorage(deps, url, dir) : null;
  if (local) return { ...local, relPath: `${alias}/${local.relPath}` };
  const file = await download(deps, url, dir, signal, opts.sha256 === true);
  const got = { relPath: `${alias}/${file.fileName}`, bytes: file.sizeBytes, sha256: file.sha256 };
  // A stored input's duration is in its record (never probed again); a download's is probed, alongside ffmpeg when asked.
  if (opts.probeLater) return { ...got, duration: null, later: probeDuration(deps, file.path, signal) };
  return { ...got, duration: await timeStage('input-probe', () => probeDuration(deps, file.path, signal)) };
}

/** The input's duration from ffprobe, or null when it cannot tell (not media, aborted). */
async function probeDuration(deps: DownloadDeps, file: string, signal: AbortSignal): Promise<number | null> {
  const probe = await probeFile(deps.ffprobePath, file, { confiner: deps.confiner, signal, timeoutMs: 30_000 }).catch(() => null);
  const duration = Number(probe?.format?.duration);
  return Number.isFinite(duration) ? duration : null;
}

/** A URL naming a file stored here is read from disk, with no HTTP round trip (docs/choices.md: Requests). */
async function copyFromOwnStorage(deps: InputDeps, url: string, dir: string): Promise<OneInput | null> {
  const ref = deps.urls.parseOwnStorageUrl(url);
  if (!ref) return null;
  const access = checkStorageRef(deps.files, deps.keyring, ref, Math.floor(Date.now() / 1000));
  if (!access.ok) throw new JobFailure('UNREACHABLE_INPUT_FILE', `Could not read ${url}: ${access.refusal.detail}`);
  const target = access.target;
  const folder = isFolderBlob(target.row);
  const src = deps.blobs.localPath(target.blobKey, folder ? undefined : target.innerPath);
  if (!src) return null; // a remote blob store: fall back to an HTTP download
  if (folder) {
    await fs.cp(src, dir, { recursive: true });
  } else {
    await fs.copyFile(src, path.join(dir, target.fileName), fs.constants.COPYFILE_FICLONE);
  }
  const duration = Number(mediaOf(target.row).duration);
  const relPath = folder ? (target.innerPath ?? target.row.filename) : target.fileName;
  return { relPath, bytes: target.row.sizeBytes ?? 0, duration: Number.isFinite(duration) ? duration : null };
}

function download(deps: DownloadDeps, url: string, dir: string, signal: AbortSignal, sha256 = false) {
  const c = deps.config;
  return downloadToFile(url, dir, {
    maxBytes: c.maxInputBytes,
    connectTimeoutMs: c.downloadConnectTimeoutMs,
    idleTimeoutMs: c.downloadIdleTimeoutMs,
    maxRedirects: 10,
    signal,
    sha256,
    isHostAllowed: (host) => isHostAllowed(c, host),
  });
}

async function prepareZip(deps: DownloadDeps, url: string, dirs: { work: string; scratch: string }, signal: AbortSignal): Promise<PreparedInputs> {
  await fs.mkdir(dirs.scratch, { recursive: true });
  const own = hasOwnStorage(deps) ? await copyFromOwnStorage(deps, url, dirs.scratch) : null;
  const zipPath = own ? path.join(dirs.scratch, own.relPath) : (await download(deps, url, dirs.scratch, signal)).path;
  const c = deps.config;
  const { totalBytes } = await extractZip(zipPath, dirs.work, {
    maxTotalBytes: c.zipMaxTotalBytes,
    maxEntries: c.zipMaxEntries,
    maxRatio: c.zipMaxRatio,
  });
  await fs.rm(zipPath, { force: true });
  return { paths: {}, bytes: totalBytes, durations: [], sha256ByPath: {} };
}
