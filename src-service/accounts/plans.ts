import type { Account } from '../db/accounts-repo';
import { ForbiddenError, QuotaExceededError } from '../errors';

/** What each plan allows (docs/choices.md: Accounts, plans, quotas). */
export const PLAN_LIMITS = {
  trial: { privateStorage: false, directUpload: false, maxRunSeconds: 600 },
  pro: { privateStorage: true, directUpload: true, maxRunSeconds: 24 * 3600 },
} as const;

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
