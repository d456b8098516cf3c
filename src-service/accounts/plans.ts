import type { Account } from './account';
import { ForbiddenError, QuotaExceededError } from '../errors';

/**
 * What each plan allows (docs/choices.md: Accounts, plans, quotas; docs/sandbox.md, "Limits").
 * The job-folder budget of each plan (how large one command's folder may grow, inputs,
 * temporary and output files together) is a setting: FFDESK_TRIAL_JOB_FOLDER_BYTES,
 * FFDESK_PRO_JOB_FOLDER_BYTES (config.ts).
 */
export const PLAN_LIMITS = {
  trial: { privateStorage: false, directUpload: false, maxRunSeconds: 600 },
  pro: { privateStorage: true, directUpload: true, maxRunSeconds: 24 * 3600 },
} as const;

/** How large one command's job folder may grow, and what the failure message calls that bound. */
export interface JobFolderBudget {
  bytes: number;
  name: string;
}

export interface JobFolderBudgets {
  trialJobFolderBytes: number;
  proJobFolderBytes: number;
}

/**
 * The job-folder budget of a command of `account`: its plan's, except for the local account
 * (none: only FFDESK_MAX_JOB_FOLDER_BYTES and the disk hold it). Undefined: no plan budget.
 */
export function jobFolderBudget(
  account: Pick<Account, 'id' | 'plan'> | undefined,
  localAccountId: string | undefined,
  budgets: JobFolderBudgets,
): JobFolderBudget | undefined {
  if (!account || account.id === localAccountId) return undefined;
  return account.plan === 'trial'
    ? { bytes: budgets.trialJobFolderBytes, name: "the trial plan's job-folder budget (FFDESK_TRIAL_JOB_FOLDER_BYTES)" }
    : { bytes: budgets.proJobFolderBytes, name: "the pro plan's job-folder budget (FFDESK_PRO_JOB_FOLDER_BYTES)" };
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
 * Whether `extraStorageBytes` more would take the account past its storage quota (used + size >
 * quota, so a file that exactly fills it fits): the figures when it would, null when it fits or
 * there is no quota. init-upload's size_bytes and store-file's downloaded file are checked by it.
 */
export function storageShortfall(account: Account, usage: Pick<Usage, 'storageUsedBytes'>, extraStorageBytes: number): { used: number; quota: number } | null {
  const quota = account.storageQuotaBytes;
  if (quota === null) return null;
  const used = usage.storageUsedBytes();
  return used + extraStorageBytes > quota ? { used, quota } : null;
}

/**
 * QuotaExceededError (403) when a quota is used up (nothing more could be stored: used >= quota), or, for
 * init-upload, when `extraStorageBytes` would not fit (storageShortfall).
 */
export function assertWithinQuota(account: Account, usage: Usage, extraStorageBytes = 0): void {
  const storage = account.storageQuotaBytes;
  if (storage !== null) {
    if (extraStorageBytes > 0) {
      const short = storageShortfall(account, usage, extraStorageBytes);
      if (short) throw new QuotaExceededError(`size_bytes would exceed the storage quota (${short.used} of ${short.quota} bytes used)`);
    } else {
      const used = usage.storageUsedBytes();
      if (used >= storage) throw new QuotaExceededError(`Storage quota exceeded (${used} of ${storage} bytes used)`);
    }
  }
  const processing = account.processingQuotaBytes;
  if (processing !== null && usage.processingUsedBytes) {
    const used = usage.processingUsedBytes();
    if (used >= processing) throw new QuotaExceededError(`Processing quota exceeded (${used} of ${processing} bytes used)`);
  }
}
