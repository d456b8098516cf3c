import fs from 'node:fs/promises';
import path from 'node:path';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { Command } from '../jobs/command';
import type { FilesRepo } from '../files/files-repo';
import type { BlobStore } from '../storage/blob-store';
import { dropState } from '../segmented/manifest';
import { killOrphanedSandboxes } from '../media/confine/orphaned-sandboxes';

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
  /** The data dir: every sandbox of this service (jobs, upload and URL probes, file facts) binds something under it. */
  dataDir: string;
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
  // Every sandbox binds something under the data dir; a clean stop leaves these folders empty.
  const leftovers = ['jobs', 'uploads', 'staging'].map((f) => path.join(deps.dataDir, f));
  killOrphanedSandboxes(deps.dataDir, deps.log, leftovers);
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
