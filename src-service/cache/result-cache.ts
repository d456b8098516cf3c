import path from 'node:path';
import type { Db } from '../db/open';
import type { Command } from '../jobs/commands-repo';
import type { FilesRepo } from '../files/files-repo';
import type { BlobStore } from '../storage/blob-store';
import type { UrlBuilder } from '../files/urls';
import { isFolderBlob } from '../files/storage-access';
import { readVersions } from '../media/binaries';
import type { Media } from '../media/media-module';
import { listFilesRecursive } from '../storage/fs-io';
import type { ParsedRequest } from '../jobs/submit';
import type { StoredOutput } from '../jobs/outputs';
import type { PreparedInputs } from '../files/prepare-inputs';
import { createCacheRepo, type CacheRepo } from './cache-repo';
import { cacheKey, hashFile } from './cache-key';
import { linkOutputs } from './link-outputs';

export interface CacheProbe {
  key: string;
  hit: { fromCommandId: string; stored: StoredOutput[] } | null;
}

export interface ResultCacheDeps {
  db: Db;
  files: FilesRepo;
  blobs: BlobStore;
  urls: UrlBuilder;
  /** Read at each lookup: the ffmpeg in use can change while the service runs. */
  media: Pick<Media, 'binaries'>;
  jobsDir: string;
  log(msg: string): void;
}

/**
 * The opt-in result cache (docs/presets.md, "Result cache"). Looked up once the inputs are in
 * the job folder: the key covers the split command, the outputs, every input file's name
 * and SHA-256, and the ffmpeg build. Accounts never share entries.
 */
export function createResultCache(deps: ResultCacheDeps) {
  const repo: CacheRepo = createCacheRepo(deps.db);

  /**
   * Every file in the job folder with its SHA-256: downloads were hashed as they streamed in,
   * stored blobs were hashed once before (their bytes never change), the rest is read now.
   */
  async function inputHashes(req: ParsedRequest, inputs: PreparedInputs, work: string, signal: AbortSignal): Promise<[string, string][]> {
    const known = storedBlobsByPath(req, inputs.paths);
    const out: [string, string][] = [];
    for (const rel of await listFilesRecursive(work)) {
      const blobKey = known.get(rel);
      let sha = inputs.sha256ByPath[rel] ?? (blobKey ? repo.blobHash(blobKey) : undefined);
      if (!sha) {
        sha = await hashFile(path.join(work, rel), signal);
        // Stored blobs never change: their hash is read once, then remembered.
        if (blobKey) repo.rememberBlobHash(blobKey, sha);
      }
      out.push([rel, sha]);
    }
    return out;
  }

  /** Inputs read from this service's own storage: job-folder path -> blob key. */
  function storedBlobsByPath(req: ParsedRequest, paths: Record<string, string>): Map<string, string> {
    const map = new Map<string, string>();
    for (const [alias, url] of Object.entries(req.inputs)) {
      const ref = deps.urls.parseOwnStorageUrl(url);
      const row = ref ? deps.files.getAny(ref.fileId) : undefined;
      const rel = paths[alias];
      if (row?.blobKey && !isFolderBlob(row) && rel) map.set(rel, row.blobKey);
    }
    return map;
  }

  async function reuse(row: Command, fromId: string): Promise<StoredOutput[] | null> {
    const outputs = deps.files.byCommand(fromId);
    const usable = outputs.length > 0 && outputs.every((f) => f.status === 'STORED' && !f.isDeleted && f.blobKey && deps.blobs.localPath(f.blobKey));
    if (!usable) return null;
    try {
      return await linkOutputs(deps.blobs, deps.jobsDir, outputs, row.id);
    } catch (err) {
      deps.log(`result cache: could not reuse the outputs of ${fromId}: ${(err as Error).message}`);
      return null;
    }
  }

  return {
    isWanted: (row: Command) => row.request.cache === true,
    async probe(row: Command, req: ParsedRequest, inputs: PreparedInputs, work: string, signal: AbortSignal): Promise<CacheProbe> {
      const media = deps.media.binaries();
      const versions = readVersions(media);
      const files = await inputHashes(req, inputs, work, signal);
      const key = cacheKey({ steps: req.steps, outputs: req.outputs, files, ffmpeg: `${media.ffmpegPath} ${versions.ffmpeg_version}` });
      const fromId = repo.find(row.accountId, key);
      const stored = fromId ? await reuse(row, fromId) : null;
      // An entry whose outputs were deleted meanwhile is dropped: the next success replaces it.
      if (fromId && !stored) repo.forget(row.accountId, key);
      repo.countLookup(row.accountId, key, stored !== null);
      return { key, hit: stored && fromId ? { fromCommandId: fromId, stored } : null };
    },
    /** Inside the success transaction: a fresh result becomes the entry; a hit records where it came from. */
    onSuccess(row: Command, probe: CacheProbe): void {
      if (probe.hit) repo.markCachedFrom(row.id, probe.hit.fromCommandId);
      else repo.remember(row.accountId, probe.key, row.id);
    },
  };
}

export type ResultCache = ReturnType<typeof createResultCache>;
