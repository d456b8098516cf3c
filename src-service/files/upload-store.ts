import fs from 'node:fs';
import type { StoredFile } from './stored-file';
import { probeAndStore, type ProbeStoreDeps } from './probe-and-store';
import { createWorkQueue } from '../work/work-queue';
import { fifoSource } from '../work/sources';
import { createRangeHasher } from '../storage/hash-worker';
import type { PartBlocks } from '../storage/block-hasher';
import { contentHashOfUpload } from './upload-content-hash';

/** How long stop() waits for aborted stores to tidy up. */
const STOP_GRACE_MS = 10_000;

/** An upload to store: `failOnError` when complete-upload asked (a sweep's failure is only logged, the next sweep retries). */
export interface StoreTask {
  row: StoredFile;
  staging: string;
  failOnError: boolean;
  /** The content-hash block digests the parts computed while they arrived (none after a restart). */
  blocks: PartBlocks[];
}

export interface StoreDeps extends ProbeStoreDeps {
  log(msg: string): void;
}

/**
 * Completed uploads, stored one per file at a time on a work queue (src-service/work/work-queue.ts):
 * the staging file is probed and moved into the blob store, so completing needs no second
 * pass over the bytes.
 */
export function createUploadStore(deps: StoreDeps) {
  const hasher = createRangeHasher();
  const toStore = fifoSource<StoreTask>((t) => t.row.id);
  const stores = createWorkQueue<StoreTask>({
    name: 'store upload',
    key: (t) => t.row.id,
    source: toStore,
    handle: storeTask,
    log: deps.log,
    stopGraceMs: STOP_GRACE_MS,
  });

  /**
   * UPLOADED -> STORED without a window where a crash loses the bytes: the blob store takes
   * a hard link of the staging file (its rename moves the link), and the staging file goes
   * only once the record says STORED. A crash in between leaves the staging file, so the
   * next start stores it again (the unreferenced blob is swept).
   */
  async function storeUpload({ row, staging, blocks }: StoreTask, signal: AbortSignal): Promise<void> {
    const handoff = `${staging}.store`;
    try {
      await fs.promises.rm(handoff, { force: true });
      // A filesystem without hard links (FAT) gets a copy: slower, equally safe.
      await fs.promises.link(staging, handoff).catch(() => fs.promises.copyFile(staging, handoff));
      const contentHash = (file: string, sig?: AbortSignal) => contentHashOfUpload(file, blocks, hasher, sig);
      await probeAndStore(deps, row, 'UPLOADED', handoff, signal, contentHash);
      await fs.promises.rm(staging, { force: true });
    } finally {
      await fs.promises.rm(handoff, { force: true }); // still there only if it was not stored
    }
  }

  async function storeTask(task: StoreTask, signal: AbortSignal): Promise<void> {
    try {
      await storeUpload(task, signal);
    } catch (err) {
      if (signal.aborted || !task.failOnError) throw err; // logged by the queue (not at shutdown)
      deps.files.setFailed(task.row.id, 'UPLOADED', 'INVALID_INPUT_FILE', `Could not store the upload: ${(err as Error).message}`);
      fs.rmSync(task.staging, { force: true });
    }
  }

  return {
    /** Queues a completed upload; one already queued or storing is not stored twice. */
    store(task: StoreTask): void {
      toStore.push(task);
      stores.notify();
    },
    start: () => stores.start(),
    /** Aborts the stores under way (the next start's sweep stores them) and waits for them. */
    stop: () => stores.stop(),
  };
}
