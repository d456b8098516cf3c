import type { Account } from './account';
import type { Db } from '../db/open';
import { createRecordCountsRepo, type RecordKind } from './record-counts-repo';
import { TooManyRecordsError, ValidationError } from '../errors';

const KIB = 1024;
const MIB = 1024 * KIB;
const DAY_MS = 24 * 3600 * 1000;

export type { RecordKind };

/** The local account (the machine's owner) has its own column: bounded by the disk, not by a plan. */
export type LimitTier = 'trial' | 'pro' | 'local';

export interface RecordLimits {
  /** JSON bytes of one request (under the service-wide FFDESK_MAX_JSON_BYTES, which answers 413). */
  requestBytes: number;
  /** Items of one batch. */
  batchItems: number;
  /** Rendered requests one batch stores, JSON bytes of all items together. */
  storedRequestBytes: number;
  /** JSON bytes of one preset definition. */
  presetBytes: number;
  /** New records of each kind per account in any 24 hours. */
  perDay: Record<RecordKind, number>;
  /** Watch folders an account holds at once. */
  watchFolders: number;
}

const NONE = Number.POSITIVE_INFINITY;

/**
 * What each plan may make the service store (docs/sandbox.md, "Per-plan limits"): every record
 * has a price, so no key can grow the database without bound. Over a size → 422; over a count
 * → 429 with Retry-After. Checked before anything is stored.
 */
export const RECORD_LIMITS: Record<LimitTier, RecordLimits> = {
  trial: {
    requestBytes: 64 * KIB,
    batchItems: 100,
    storedRequestBytes: 2 * MIB,
    presetBytes: 32 * KIB,
    perDay: { commands: 1_000, batches: 50, presetVersions: 100, files: 2_000 },
    watchFolders: 100,
  },
  pro: {
    requestBytes: NONE,
    batchItems: 1_000,
    storedRequestBytes: 64 * MIB,
    presetBytes: 256 * KIB,
    perDay: { commands: 100_000, batches: 2_000, presetVersions: 2_000, files: 200_000 },
    watchFolders: 100,
  },
  local: {
    requestBytes: NONE,
    batchItems: 1_000,
    storedRequestBytes: 64 * MIB,
    presetBytes: NONE,
    perDay: { commands: NONE, batches: NONE, presetVersions: NONE, files: NONE },
    watchFolders: 100,
  },
};

const NOUN: Record<RecordKind, string> = { commands: 'commands', batches: 'batches', presetVersions: 'preset versions', files: 'files' };

const tooLong = (loc: (string | number)[], msg: string) => new ValidationError([{ loc, msg, type: 'too_long' }]);

type Who = Pick<Account, 'id' | 'plan'>;

export function tierOf(account: Who, localAccountId: string | undefined): LimitTier {
  return account.id === localAccountId ? 'local' : account.plan;
}

function planName(account: Who, localAccountId: string | undefined): string {
  return tierOf(account, localAccountId) === 'local' ? 'the local account' : `the ${account.plan} plan`;
}

/** 429 when an account holding `held` watch folders may not create another. */
export function assertWatchFolderRoom(account: Who, localAccountId: string | undefined, held: number): void {
  const limit = RECORD_LIMITS[tierOf(account, localAccountId)].watchFolders;
  if (held >= limit)
    throw new TooManyRecordsError(
      1,
      `Too many watch folders: ${planName(account, localAccountId)} holds at most ${limit}`,
      'Delete a watch folder you no longer need, then create this one',
    );
}

/** 422 when a request body is larger than the account's plan takes (api/middleware/json-body.ts). */
export function assertRequestBytes(account: Who, localAccountId: string | undefined, bytes: number): void {
  const limit = RECORD_LIMITS[tierOf(account, localAccountId)].requestBytes;
  if (bytes > limit) throw tooLong(['body'], `This request has ${bytes} bytes; ${planName(account, localAccountId)} takes at most ${limit} bytes per request`);
}

/** The checks, bound to the database (the newest records of an account are found through indexes: the cost follows the limit, not the history). */
export function createRecordBudget(db: Db, localAccountId: () => string | undefined, now: () => number = Date.now) {
  const counts = createRecordCountsRepo(db);

  const limitsOf = (account: Who) => RECORD_LIMITS[tierOf(account, localAccountId())];
  const nameOf = (account: Who) => planName(account, localAccountId());

  return {
    limitsOf,

    /** 429 when `adding` new records of `kind` would pass the plan's count for the last 24 hours. */
    assertRoom(account: Who, kind: RecordKind, adding = 1): void {
      const limit = limitsOf(account).perDay[kind];
      if (!Number.isFinite(limit) || adding <= 0) return;
      const detail = `Too many ${NOUN[kind]}: ${nameOf(account)} stores at most ${limit} new ${NOUN[kind]} per account in 24 hours`;
      if (adding > limit) throw new TooManyRecordsError(DAY_MS / 1000, detail, `This request alone would add ${adding}; send fewer at a time`);
      // The (limit - adding + 1)-th newest record: when it is younger than a day, there is no room.
      const newestAt = counts.nthNewestAt(kind, account.id, limit - adding);
      const at = newestAt ? Date.parse(newestAt) : NaN;
      if (Number.isNaN(at) || at <= now() - DAY_MS) return;
      const retry = (at + DAY_MS - now()) / 1000;
      throw new TooManyRecordsError(retry, detail, `Retry after ${Math.ceil(retry)} seconds (Retry-After), when older ones leave the 24-hour window`);
    },

    /** 422 when a preset definition is larger than the plan stores. */
    assertPresetSize(account: Who, definition: object): void {
      const limit = limitsOf(account).presetBytes;
      if (!Number.isFinite(limit)) return;
      const bytes = Buffer.byteLength(JSON.stringify(definition));
      if (bytes > limit) throw tooLong(['body'], `This preset has ${bytes} bytes; ${nameOf(account)} stores presets of at most ${limit} bytes`);
    },

    /** 422 when a batch has more items than the plan allows, or its rendered requests would store more bytes. */
    assertStoredRequests(account: Who, requests: readonly object[]): void {
      const limits = limitsOf(account);
      if (requests.length > limits.batchItems) {
        throw tooLong(['body', 'inputs'], `A batch may have at most ${limits.batchItems} items on ${nameOf(account)}; this one has ${requests.length}`);
      }
      let bytes = 0;
      for (const r of requests) bytes += Buffer.byteLength(JSON.stringify(r));
      if (bytes > limits.storedRequestBytes) {
        throw tooLong(
          ['body', 'inputs'],
          `This batch would store ${bytes} bytes of rendered commands; ${nameOf(account)} allows ${limits.storedRequestBytes} per request (fewer items, or a shorter preset)`,
        );
      }
    },
  };
}

export type RecordBudget = ReturnType<typeof createRecordBudget>;
