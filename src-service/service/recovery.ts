import fs from 'node:fs/promises';
import path from 'node:path';
import { readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
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
  killOrphanedSandboxes(deps.dataDir, deps.log);
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

/** The file that says a service runs on this data dir; a clean stop removes it (see killOrphanedSandboxes). */
const RUN_MARK = 'service.pid';

/**
 * Sandboxes of a run before a kill -9 that were still being set up when it came (bwrap sets its
 * die-with-parent signal after it starts) outlive it, orphaned. Every sandbox of this service
 * binds something under its data dir (a job folder, a staged upload or URL download, a stored
 * file for its facts), so at start every bwrap whose command line binds something there is one
 * of ours and is killed (docs/sandbox.md, "No sandbox outlives its command"). The scan of every
 * process (tens of ms) runs only when the previous run did not stop cleanly: its run mark is
 * still there (a clean stop removes it), or it left a job folder or a staged upload behind. Then
 * this run's mark is written. Linux only: elsewhere there is no /proc.
 */
export function killOrphanedSandboxes(dataDir: string, log: (m: string) => void): number {
  const mark = path.join(dataDir, RUN_MARK);
  const previous = readMark(mark);
  writeMark(mark);
  if (process.platform !== 'linux') return 0;
  if (previous !== null && previous !== process.pid && holdsDatabase(previous, dataDir)) {
    log(`WARNING: another FFDesk service (pid ${previous}) seems to run on ${dataDir}; its sandboxes were left alone`);
    return 0;
  }
  const leftovers = ['jobs', 'uploads', 'staging'].some((f) => readdirOrEmpty(path.join(dataDir, f)).length > 0);
  if (previous === null && !leftovers) return 0;
  const under = `${dataDir}/`;
  let killed = 0;
  for (const entry of readdirOrEmpty('/proc')) {
    if (String(Number(entry)) !== entry || Number(entry) === process.pid) continue; // pids only
    const argv = cmdline(entry);
    if (path.basename(argv[0] ?? '') !== 'bwrap' || !argv.some((a) => a.startsWith(under))) continue;
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

/** On a clean stop, once nothing of this run is left running: the next start need not look for orphans. */
export function clearRunMark(dataDir: string): void {
  const mark = path.join(dataDir, RUN_MARK);
  if (readMark(mark) === process.pid) rmSync(mark, { force: true });
}

function readMark(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return null;
  }
}

function writeMark(file: string): void {
  try {
    writeFileSync(file, `${process.pid}\n`);
  } catch {
    // a read-only data dir fails later, where it matters; the mark only saves a scan
  }
}

/** Whether the process of that pid has this data dir's database open: a service still running on it. */
function holdsDatabase(pid: number, dataDir: string): boolean {
  let db: string;
  try {
    db = realpathSync(path.join(dataDir, 'ffdesk.db'));
  } catch {
    return false;
  }
  return readdirOrEmpty(`/proc/${pid}/fd`).some((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === db;
    } catch {
      return false;
    }
  });
}

function cmdline(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return []; // ended meanwhile, or not ours to read
  }
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
