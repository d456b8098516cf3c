import fs from 'node:fs/promises';
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { Command } from '../jobs/command';
import type { FilesRepo } from '../files/files-repo';
import type { BlobStore } from '../storage/blob-store';
import { dropState } from '../segmented/manifest';

/** A command interrupted this many times is failed instead of re-run (it may be what kills us). */
const MAX_ATTEMPTS = 2;

/**
 * Boot-time recovery (conventions rule 4, docs/choices.md: States): no command stays PROCESSING
 * across a restart, half-written job folders go (a segmented encode's finished segments stay for its re-run), and blobs that no record references
 * (written before a crash hit the commit) are swept. Returns the commands it failed, so the
 * caller can announce them (events, webhooks) once those are running.
 */
export async function recoverOnStart(deps: {
  commands: CommandsRepo;
  files: FilesRepo;
  blobs: BlobStore;
  jobsDir: string;
  /** The upload staging folder: an upload's probe binds its staged file there. */
  uploadsDir?: string;
  log(m: string): void;
  remoteWorkers?: boolean;
  /** With workers, the requests the service runs itself (edits): recovered here as without workers. */
  runsInService?(request: unknown): boolean;
}): Promise<Command[]> {
  const failed: Command[] = [];
  // With scale-out workers a PROCESSING command may still be running on a worker, which reports back once we are up again.
  const ours = deps.commands.findProcessing().filter((row) => !deps.remoteWorkers || deps.runsInService?.(row.request) === true);
  for (const row of ours) {
    if (row.attempts < MAX_ATTEMPTS) {
      deps.commands.requeue(row.id);
    } else {
      deps.commands.markFailed(row.id, 'PROCESSING', {
        errorStatus: 'INTERRUPTED',
        errorMessage: `The service stopped while the command ran (${row.attempts} attempts); it was not run again`,
      });
      await dropState(deps.jobsDir, row.id); // a segmented encode's finished segments are not wanted any more
      const after = deps.commands.getAny(row.id);
      if (after) failed.push(after);
    }
  }
  killOrphanedSandboxes([deps.jobsDir, ...(deps.uploadsDir ? [deps.uploadsDir] : [])], deps.log);
  await fs.rm(deps.jobsDir, { recursive: true, force: true });
  await fs.mkdir(deps.jobsDir, { recursive: true });
  await sweepBlobs(deps);
  return failed;
}

/** Keys looked up in the database at a time while the blob folders are listed. */
const SWEEP_BATCH = 500;

/**
 * Removes the blobs no record references. It asks the database about the keys found on disk, a
 * batch at a time, rather than loading every record's key: with 100k records that load was most
 * of what a large database added to the start (docs/performance.md, "A large database at start").
 */
export async function sweepBlobs(deps: { files: FilesRepo; blobs: BlobStore; log(m: string): void }): Promise<number> {
  await deps.blobs.sweepTemp(0);
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const live = deps.files.referencedBlobKeys(batch);
    for (const key of batch) {
      if (live.has(key)) continue;
      await deps.blobs.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const key of deps.blobs.listKeys()) {
    batch.push(key);
    if (batch.length >= SWEEP_BATCH) await flush();
  }
  await flush();
  if (removed > 0) deps.log(`recovery: removed ${removed} unreferenced blob(s)`);
  return removed;
}

/**
 * Sandboxes of a run before a kill -9 that were still being set up when it came (bwrap sets its
 * die-with-parent signal after it starts) outlive it, orphaned: at start, every process whose
 * command line binds something under one of these folders of this service (the jobs folder, the
 * upload staging folder) is one of ours and is killed (docs/sandbox.md, "No sandbox outlives its
 * command"). Linux only: elsewhere there is no /proc.
 */
export function killOrphanedSandboxes(folders: string[], log: (m: string) => void): number {
  if (process.platform !== 'linux') return 0;
  // An orphan binds its job's folder or its staged upload, which the kill -9 left behind: with
  // none there, the scan of every process (tens of ms before listening) is skipped.
  const marks = folders.filter((f) => readdirOrEmpty(f).length > 0).map((f) => `${f}/`);
  if (marks.length === 0) return 0;
  let killed = 0;
  for (const entry of readdirOrEmpty('/proc')) {
    if (String(Number(entry)) !== entry || Number(entry) === process.pid) continue; // pids only
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // ended meanwhile, or not ours to read
    }
    if (path.basename(argv[0] ?? '') !== 'bwrap' || !argv.some((a) => marks.some((m) => a.startsWith(m)))) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed++;
    } catch {
      continue;
    }
  }
  if (killed > 0) log(`recovery: killed ${killed} sandbox process(es) left by the previous run`);
  return killed;
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
