import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { InputDeps } from './prepare-inputs';
import type { Account } from '../accounts/account';
import type { AccountsRepo } from '../accounts/accounts-repo';
import type { StoredFile } from './stored-file';
import type { FileStatus } from './file-state';
import { JobFailure, NO_SPACE_DETAIL, isDiskFullError } from '../errors';
import { assertPrivateAllowed, assertWithinQuota, storageShortfall } from '../accounts/plans';
import { fileNameFromUrl } from '../storage/fetch-url';
import { prepareInputs } from './prepare-inputs';
import { DELETED_BEFORE_STORED, probeAndStore, type ProbeStoreDeps } from './probe-and-store';
import { createWorkQueue } from '../work/work-queue';
import { fifoSource } from '../work/sources';

/** At most this many store-file downloads run at once; the rest wait QUEUED. */
const CONCURRENCY = 4;
/** How long stop() waits for aborted downloads to tidy up. */
const STOP_GRACE_MS = 10_000;

/**
 * `POST /v1/files/store-file`: QUEUED -> DOWNLOADING -> DOWNLOADED -> STORED | FAILED
 * (docs/choices.md: States). Downloads reuse the command input path (limits, redirects, own
 * storage read from disk).
 */
export interface StoreFileDeps extends Omit<InputDeps, 'ffprobePath'>, ProbeStoreDeps {
  config: Config;
  accounts: Pick<AccountsRepo, 'getAccount'>;
  log(msg: string): void;
}

export function createStoreFileWorker(deps: StoreFileDeps) {
  const waiting = fifoSource<string>((id) => id);
  const queue = createWorkQueue<string>({
    name: 'store-file',
    key: (id) => id,
    source: waiting,
    concurrency: CONCURRENCY,
    handle: storeOne,
    log: deps.log,
    stopGraceMs: STOP_GRACE_MS,
  });
  const stagingRoot = path.join(deps.config.dataDir, 'staging');

  async function storeOne(id: string, stopping: AbortSignal): Promise<void> {
    const row = deps.files.getAny(id);
    if (row?.isDeleted) {
      // Deleted while it waited: nothing to fetch (docs/choices.md: States, it still ends FAILED).
      if (deps.files.setFailed(id, 'QUEUED', 'CANCELLED', DELETED_BEFORE_STORED)) {
        deps.fileEvents.emit({ accountId: row.accountId, fileId: id, status: 'FAILED', deleted: true });
      }
      return;
    }
    if (!row || !deps.files.setStatus(id, 'QUEUED', 'DOWNLOADING')) return;
    publish(row, 'DOWNLOADING');
    const dir = path.join(stagingRoot, id);
    try {
      await fs.rm(dir, { recursive: true, force: true });
      const inputs = await prepareInputs(
        { ...deps, ffprobePath: deps.media.binaries().ffprobePath },
        { inputs: { in_file: row.originalFileUrl as string }, inputZipUrl: null },
        { work: dir, scratch: `${dir}.zip` },
        AbortSignal.any([stopping, AbortSignal.timeout(6 * 3600_000)]),
      );
      const file = path.join(dir, inputs.paths.in_file as string);
      assertFits(row, (await fs.stat(file)).size);
      if (!deps.files.setStatus(id, 'DOWNLOADING', 'DOWNLOADED')) return;
      publish(row, 'DOWNLOADED');
      await probeAndStore(deps, row, 'DOWNLOADED', file, stopping);
    } catch (err) {
      if (stopping.aborted) return; // recovery re-queues it on the next start
      const failure =
        err instanceof JobFailure
          ? err
          : isDiskFullError(err)
            ? new JobFailure('STORAGE_ERROR', `${NO_SPACE_DETAIL}: could not store ${row.originalFileUrl}; free some space and store it again`)
            : new JobFailure('UNREACHABLE_INPUT_FILE', `Could not store ${row.originalFileUrl}: ${(err as Error).message}`);
      for (const from of ['DOWNLOADING', 'DOWNLOADED'] as const) deps.files.setFailed(id, from, failure.status, failure.message);
      publish(row, 'FAILED');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * The submit checked only that the quota was not used up: the URL's size is known once it is
   * downloaded. A file that would take the account past its storage quota fails QUOTA_EXCEEDED
   * there, as init-upload refuses its size_bytes (docs/api.md §8); it was stored before.
   */
  function assertFits(row: StoredFile, size: number): void {
    const account = deps.accounts.getAccount(row.accountId);
    const short = account && storageShortfall(account, { storageUsedBytes: () => deps.files.storageUsedBytes(row.accountId) }, size);
    if (short)
      throw new JobFailure(
        'QUOTA_EXCEEDED',
        `Storage quota exceeded: ${row.originalFileUrl} is ${size} bytes, and ${short.used} of ${short.quota} bytes are used`,
      );
  }

  function publish(row: StoredFile, status: FileStatus): void {
    deps.fileEvents.emit({ accountId: row.accountId, fileId: row.id, status, deleted: false });
  }

  return {
    submit(account: Account, body: { file_url: string; is_private?: boolean }): string {
      assertPrivateAllowed(account, body.is_private);
      assertWithinQuota(account, { storageUsedBytes: () => deps.files.storageUsedBytes(account.id) });
      const id = crypto.randomUUID();
      deps.files.insert({
        id,
        accountId: account.id,
        serviceStoreType: 'STORED_FILE',
        status: 'QUEUED',
        isPrivate: body.is_private === true,
        filename: fileNameFromUrl(body.file_url, 'file'),
        originalFileUrl: body.file_url,
      });
      deps.fileEvents.emit({ accountId: account.id, fileId: id, status: 'QUEUED', deleted: false });
      waiting.push(id);
      queue.notify();
      return id;
    },
    /**
     * At start: every staging folder is left over from a crash (nothing runs yet), so it goes;
     * downloads that were under way start again from the beginning, then the queue runs.
     */
    async start(): Promise<void> {
      await fs.rm(stagingRoot, { recursive: true, force: true });
      for (const status of ['DOWNLOADING', 'DOWNLOADED'] as const) {
        for (const row of deps.files.inStatus(status)) deps.files.setStatus(row.id, status, 'QUEUED');
      }
      for (const row of deps.files.inStatus('QUEUED')) waiting.push(row.id);
      queue.start();
    },
    /** Aborts the downloads under way (they are QUEUED again on the next start) and waits for them. */
    stop: () => queue.stop(),
  };
}

export type StoreFileWorker = ReturnType<typeof createStoreFileWorker>;
