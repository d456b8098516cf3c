import type { AccountRow } from '../db/accounts-repo';
import { ForbiddenError } from '../errors';

/** What each plan allows (decisions: Accounts, plans, quotas). */
export const PLAN_LIMITS = {
  trial: { privateStorage: false, directUpload: false, maxRunSeconds: 600 },
  pro: { privateStorage: true, directUpload: true, maxRunSeconds: 24 * 3600 },
} as const;

export function assertPrivateAllowed(account: AccountRow, isPrivate: boolean | undefined): void {
  if (isPrivate && !PLAN_LIMITS[account.plan].privateStorage) {
    throw new ForbiddenError('Private storage is not available on the trial plan');
  }
}

export function assertUploadAllowed(account: AccountRow): void {
  if (!PLAN_LIMITS[account.plan].directUpload) {
    throw new ForbiddenError('Direct upload is not available on the trial plan');
  }
}

export interface Usage {
  storageUsedBytes: number;
  processingUsedBytes: number;
}

/**
 * 403 when a quota is used up (nothing more could be stored: used >= quota), or, for
 * init-upload, when `extraStorageBytes` would not fit (used + size > quota, so a file that
 * exactly fills the quota is accepted).
 */
export function assertWithinQuota(account: AccountRow, usage: Usage, extraStorageBytes = 0): void {
  const storage = account.storage_quota_bytes;
  const over = (quota: number) => (extraStorageBytes > 0 ? usage.storageUsedBytes + extraStorageBytes > quota : usage.storageUsedBytes >= quota);
  if (storage !== null && over(storage)) {
    throw new ForbiddenError(
      extraStorageBytes > 0
        ? `size_bytes would exceed the storage quota (${usage.storageUsedBytes} of ${storage} bytes used)`
        : `Storage quota exceeded (${usage.storageUsedBytes} of ${storage} bytes used)`,
    );
  }
  const processing = account.processing_quota_bytes;
  if (processing !== null && usage.processingUsedBytes >= processing) {
    throw new ForbiddenError(`Processing quota exceeded (${usage.processingUsedBytes} of ${processing} bytes used)`);
  }
}
