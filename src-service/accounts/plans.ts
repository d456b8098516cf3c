import type { Account } from './accounts-repo';
import { ForbiddenError, QuotaExceededError, ValidationError } from '../errors';

const GIB = 1024 * 1024 * 1024;

/**
 * What each plan allows (docs/choices.md: Accounts, plans, quotas; docs/sandbox.md, "Limits").
 * `jobFolderBytes`: how large one command's job folder may grow (inputs, temporary and output
 * files together) before the command is stopped; FFDESK_MAX_JOB_FOLDER_BYTES still caps every
 * plan, and the local account (the machine's owner) has only that cap and the disk's.
 */
export const PLAN_LIMITS = {
  trial: { privateStorage: false, directUpload: false, maxRunSeconds: 600, jobFolderBytes: 2 * GIB },
  pro: { privateStorage: true, directUpload: true, maxRunSeconds: 24 * 3600, jobFolderBytes: 100 * GIB },
} as const;

/** The job-folder budget of a command of `account`: the plan's, except for the local account (unbounded here; the service-wide cap applies). */
export function jobFolderBudget(account: Pick<Account, 'id' | 'plan'> | undefined, localAccountId: string | undefined): number {
  if (!account || account.id === localAccountId) return Number.POSITIVE_INFINITY;
  return PLAN_LIMITS[account.plan].jobFolderBytes;
}

export function assertPrivateAllowed(account: Account, isPrivate: boolean | undefined): void {
  if (isPrivate && !PLAN_LIMITS[account.plan].privateStorage) {
    throw new ForbiddenError('Private storage is not available on the trial plan');
  }
}

export function assertUploadAllowed(account: Account): void {
  if (!PLAN_LIMITS[account.plan].directUpload) {
    throw new ForbiddenError('Direct upload is not available on the trial plan');
  }
}

/**
 * How much an account uses, read only for a quota that is set: the sums visit the account's
 * whole history, and most accounts (the local one) have no quota.
 */
export interface Usage {
  storageUsedBytes(): number;
  processingUsedBytes?(): number;
}

/**
 * QuotaExceededError (403) when a quota is used up (nothing more could be stored: used >= quota), or, for
 * init-upload, when `extraStorageBytes` would not fit (used + size > quota, so a file that
 * exactly fills the quota is accepted).
 */
export function assertWithinQuota(account: Account, usage: Usage, extraStorageBytes = 0): void {
  const storage = account.storageQuotaBytes;
  if (storage !== null) {
    const used = usage.storageUsedBytes();
    if (extraStorageBytes > 0 && used + extraStorageBytes > storage) {
      throw new QuotaExceededError(`size_bytes would exceed the storage quota (${used} of ${storage} bytes used)`);
    }
    if (extraStorageBytes === 0 && used >= storage) throw new QuotaExceededError(`Storage quota exceeded (${used} of ${storage} bytes used)`);
  }
  const processing = account.processingQuotaBytes;
  if (processing !== null && usage.processingUsedBytes) {
    const used = usage.processingUsedBytes();
    if (used >= processing) throw new QuotaExceededError(`Processing quota exceeded (${used} of ${processing} bytes used)`);
  }
}

const MIB = 1024 * 1024;

/**
 * What one request may make the service store (docs/sandbox.md, "Limits"): a batch renders its
 * preset once per item and stores each rendered request, so a small body can ask for a large
 * database. Checked before anything is stored; over → 422.
 */
export const RECORD_LIMITS = {
  trial: { batchItems: 100, storedRequestBytes: 2 * MIB },
  pro: { batchItems: 1000, storedRequestBytes: 64 * MIB },
} as const;

/** 422 when a batch has more items than the plan allows, or its rendered requests would store more bytes. */
export function assertStoredRequestsAllowed(account: Pick<Account, 'plan'>, requests: readonly object[]): void {
  const limits = RECORD_LIMITS[account.plan];
  if (requests.length > limits.batchItems) {
    throw new ValidationError([
      {
        loc: ['body', 'inputs'],
        msg: `A batch may have at most ${limits.batchItems} items on the ${account.plan} plan; this one has ${requests.length}`,
        type: 'too_long',
      },
    ]);
  }
  let bytes = 0;
  for (const r of requests) bytes += Buffer.byteLength(JSON.stringify(r));
  if (bytes > limits.storedRequestBytes) {
    throw new ValidationError([
      {
        loc: ['body', 'inputs'],
        msg: `This batch would store ${bytes} bytes of rendered commands; the ${account.plan} plan allows ${limits.storedRequestBytes} per request (fewer items, or a shorter preset)`,
        type: 'too_long',
      },
    ]);
  }
}
