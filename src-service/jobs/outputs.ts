import path from 'node:path';
import { JobFailure } from '../errors';
import type { BlobInfo, BlobStore } from '../storage/blob-store';
import { writeZip } from '../storage/zip';
import { type CheckedFile, openUnder, UntrustedFileError } from '../storage/no-follow';
import type { Confiner } from '../media/confine';
import { mapProbe, probeFile } from '../media/probe';
import { mapBounded } from '../work/map-bounded';
import { timeStage } from '../work/job-timings';
import { NO_READY_PROBES, PROBE_TIMEOUT_MS, PROBES_AT_ONCE, type ReadyProbes } from './ready-probes';

/** A command output ready to become a stored-file record. */
export interface StoredOutput {
  alias: string;
  filename: string;
  blob: BlobInfo;
  sizeBytes: number;
  sizeCompressedBytes: number | null;
  fileCount: number | null;
  media: Record<string, unknown>;
}

export const isPlaylistAlias = (alias: string) => alias.startsWith('out_playlist_');

/**
 * Stores what the command produced: declared outputs one by one (a playlist with all its
 * segments as one folder blob), or `OUTPUT_FOLDER` as one zip of only the files the
 * command wrote (docs/api.md §4.10). Blobs are written before the database commit; if the commit
 * never happens the start-up sweep removes them.
 */
export async function storeOutputs(
  deps: { blobs: BlobStore; ffprobePath: string; confiner: Confiner },
  outputs: Record<string, string> | 'OUTPUT_FOLDER',
  work: string,
  produced: string[],
  commandId: string,
  signal: AbortSignal,
  ready: ReadyProbes = NO_READY_PROBES,
): Promise<StoredOutput[]> {
  if (outputs === 'OUTPUT_FOLDER') return [await storeFolderZip(deps.blobs, work, produced, commandId)];
  const declared = new Set(Object.values(outputs));
  const groups = groupPlaylists(outputs, produced, declared);
  const entries = Object.entries(outputs);
  // Opened once, without following links, and stored from these descriptors (docs/sandbox.md, "What comes back out").
  const opened: CheckedFile[] = [];
  try {
    for (const [alias, name] of entries) opened.push(await openOutput(work, alias, name));
    // ffmpeg ends well with an output it wrote nothing into ("Output file is empty, nothing was encoded"): a 0-byte
    // file is no result, and SUCCESS handed a script an empty download (docs/api.md, "Commands").
    entries.forEach(([alias, name], i) => {
      if (!isPlaylistAlias(alias) && opened[i]?.stat.size === 0) throw new JobFailure('MISSING_OUTPUT_FILE', emptyOutput(alias, name));
    });
    // Each probe is a process start (tens of ms for a dynamically linked ffprobe): the outputs are probed side by side,
    // and flushed to disk meanwhile (the blob store's own fsync then finds nothing left to write).
    const flushed = Promise.all(opened.map((f) => f.fh.sync().catch(() => undefined))); // a failure surfaces in putChecked's own fsync
    const probes = await timeStage('output-probe', () =>
      mapBounded(entries, PROBES_AT_ONCE, ([alias, name]) => {
        const probe = () =>
          probeFile(deps.ffprobePath, path.join(work, name), {
            confiner: deps.confiner,
            sees: isPlaylistAlias(alias) ? 'folder' : 'file',
            signal,
            timeoutMs: PROBE_TIMEOUT_MS,
          });
        // A probe made ready while ffmpeg ran (ready-probes.ts) starts now that the output is checked; if its
        // sandbox failed meanwhile, a fresh probe decides, as without it.
        const early = ready.release(alias);
        return (early ? early.catch(() => (signal.aborted ? null : probe())) : probe()).catch(() => null);
      }),
    );
    await flushed;
    const stored: StoredOutput[] = [];
    for (const [i, [alias, name]] of entries.entries()) {
      signal.throwIfAborted();
      const file = opened[i] as CheckedFile;
      const media = mapProbe(probes[i] ?? null, name, file.stat.size);
      if (isPlaylistAlias(alias)) {
        stored.push(await storePlaylist(deps.blobs, work, alias, name, groups.get(alias) ?? [name], media));
      } else {
        const blob = await deps.blobs.putChecked(file).catch((err: unknown) => {
          throw refused(err, alias, name);
        });
        stored.push({ alias, filename: name, blob, sizeBytes: blob.sizeBytes, sizeCompressedBytes: null, fileCount: null, media: { ...media } });
      }
    }
    return stored;
  } finally {
    await Promise.all(opened.map((f) => f.fh.close()));
  }
}

async function openOutput(work: string, alias: string, name: string): Promise<CheckedFile> {
  try {
    return await openUnder(work, name);
  } catch (err) {
    if (err instanceof UntrustedFileError && err.missing)
      throw new JobFailure('MISSING_OUTPUT_FILE', `Output ${alias} (${name}) was not produced by the command`);
    throw refused(err, alias, name);
  }
}

const emptyOutput = (alias: string, name: string) =>
  `Output ${alias} (${name}) is empty: ffmpeg wrote no frame or sample into it (a filter such as select that keeps nothing, or -ss or -t past the input's end)`;

/** A file the command left that the service will not store: the command fails, naming it. */
function refused(err: unknown, alias: string, name: string): unknown {
  if (!(err instanceof UntrustedFileError)) return err;
  return new JobFailure('PROCESSING_ERROR', `Output ${alias} (${name}) refused: ${err.rel} ${err.why}; outputs must be regular files written by the command`, {
    cause: err,
  });
}

async function storePlaylist(blobs: BlobStore, work: string, alias: string, manifest: string, files: string[], media: object): Promise<StoredOutput> {
  const blob = await blobs.putDir(work, files, { untrusted: true }).catch((err: unknown) => {
    throw refused(err, alias, manifest);
  });
  return {
    alias,
    filename: manifest,
    blob,
    sizeBytes: blob.sizeBytes,
    sizeCompressedBytes: null,
    fileCount: blob.fileCount,
    media: { ...media, file_type: 'output_manifest' },
  };
}

async function storeFolderZip(blobs: BlobStore, work: string, produced: string[], commandId: string): Promise<StoredOutput> {
  if (produced.length === 0) throw new JobFailure('MISSING_OUTPUT_FILE', 'The command produced no files for OUTPUT_FOLDER');
  const target = await blobs.createWriteTarget();
  try {
    const zip = await writeZip(work, produced, target.path).catch((err: unknown) => {
      throw refused(err, 'OUTPUT_FOLDER', err instanceof UntrustedFileError ? err.rel : '');
    });
    const blob = await target.commit();
    return {
      alias: 'OUTPUT_FOLDER',
      filename: `${commandId}.zip`,
      blob,
      sizeBytes: zip.uncompressedBytes,
      sizeCompressedBytes: zip.compressedBytes,
      fileCount: zip.fileCount,
      media: { file_type: 'zip', file_format: 'zip', mime_type: 'application/zip' },
    };
  } catch (err) {
    await target.discard();
    throw err;
  }
}

/**
 * Which produced files belong to which playlist: everything the command wrote that is not
 * another declared output. With several playlists, a file goes to the playlist whose
 * manifest's base name prefixes it (`a.m3u8` owns `a0.ts`); the rest go to the first.
 */
function groupPlaylists(outputs: Record<string, string>, produced: string[], declared: Set<string>): Map<string, string[]> {
  const playlists = Object.entries(outputs).filter(([alias]) => isPlaylistAlias(alias));
  const extras = produced.filter((p) => !declared.has(p));
  const groups = new Map<string, string[]>(playlists.map(([alias, name]) => [alias, [name]]));
  if (playlists.length === 1) groups.get(playlists[0]![0])!.push(...extras);
  else if (playlists.length > 1) {
    for (const extra of extras) {
      const owner = playlists.find(([, name]) => extra.startsWith(path.posix.basename(name, path.posix.extname(name)))) ?? playlists[0]!;
      groups.get(owner[0])!.push(extra);
    }
  }
  return groups;
}
