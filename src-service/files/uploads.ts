import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { Db } from '../db/open';
import type { Keyring } from '../storage/signing';
import type { UrlBuilder } from './urls';
import type { Account } from '../accounts/account';
import type { StoredFile } from './stored-file';
import { createUploadsRepo, type Upload, type UploadPart } from './uploads-repo';
import { nowIso } from '../db/time';
import { BadRequestError, ForbiddenError, InsufficientStorageError, NO_SPACE_DETAIL, NotFoundError } from '../errors';
import { assertPrivateAllowed, assertUploadAllowed, assertWithinQuota } from '../accounts/plans';
import { verifyToken } from '../storage/signing';
import { expectedPartSize, planUpload } from './upload-plan';
import { probeAndStore, type ProbeStoreDeps } from './probe-and-store';
import { writePartBody } from './part-writer';
import { createRangeHasher } from '../storage/hash-worker';
import { createBlockHasher, type PartBlocks } from '../storage/block-hasher';
import { contentHashOfUpload } from './upload-content-hash';
import { createWorkQueue } from '../work/work-queue';
import { fifoSource, periodicSource } from '../work/sources';

export interface PartOptions {
  /** The request's `Content-MD5` header (base64 MD5 of the part), if any. */
  contentMd5?: string | null;
}

export interface PartResult {
  etag: string;
  /** Where the part's time went, in ms (sent back as `Server-Timing`). */
  timings: { receiveMs: number; hashMs: number };
}

/** `Content-MD5` is the base64 of a 16-byte digest: 22 characters and `==`. */
function parseContentMd5(header: string): string {
  const value = header.trim();
  if (!/^[A-Za-z0-9+/]{22}==$/.test(value)) throw new BadRequestError('Content-MD5 must be the base64 MD5 digest of the part (24 characters)');
  return value;
}

/** Upload sessions and part URLs live 6 hours (docs/api.md §8). */
const SESSION_MS = 6 * 3600_000;
/** How often expired upload sessions are swept. */
const SWEEP_MS = 10 * 60_000;
/** How long stop() waits for aborted stores to tidy up. */
const STOP_GRACE_MS = 10_000;

/** An upload to store: `failOnError` when complete-upload asked (a sweep's failure is only logged, the next sweep retries). */
interface StoreTask {
  row: StoredFile;
  staging: string;
  failOnError: boolean;
  /** The content-hash block digests the parts computed while they arrived (none after a restart). */
  blocks: PartBlocks[];
}

/**
 * Multipart direct upload (docs/api.md §4.8). Parts are written straight to their offset in one
 * preallocated staging file, so completing needs no second pass over the bytes: the
 * staging file is renamed into the blob store.
 */
export interface UploadDeps extends ProbeStoreDeps {
  config: Pick<Config, 'dataDir'>;
  db: Db;
  keyring: Keyring;
  urls: Pick<UrlBuilder, 'partUrl'>;
  log(msg: string): void;
}

export function createUploads(deps: UploadDeps) {
  const repo = createUploadsRepo(deps.db);
  const stagingDir = path.join(deps.config.dataDir, 'uploads');
  fs.mkdirSync(stagingDir, { recursive: true });
  const partLocks = new Map<string, Promise<unknown>>();
  const hasher = createRangeHasher();
  const blockHasher = createBlockHasher();
  /** Per upload in progress, per part number: the block digests of its last complete write (memory only). */
  const partBlocks = new Map<string, Map<number, PartBlocks>>();
  // Storing and sweeping run on work queues (src-service/work/work-queue.ts): one store per file at a time.
  const toStore = fifoSource<StoreTask>((t) => t.row.id);
  const stores = createWorkQueue<StoreTask>({
    name: 'store upload',
    key: (t) => t.row.id,
    source: toStore,
    handle: storeTask,
    log: deps.log,
    stopGraceMs: STOP_GRACE_MS,
  });
  const sweeps = createWorkQueue<string>({
    name: 'upload',
    key: (k) => k,
    source: periodicSource('sweep', SWEEP_MS, Date.now() + SWEEP_MS),
    handle: async () => sweep(),
    log: deps.log,
  });

  function store(task: StoreTask): void {
    toStore.push(task);
    stores.notify();
  }

  function init(account: Account, body: { filename: string; size_bytes: number; is_private?: boolean; part_size?: number }) {
    assertUploadAllowed(account);
    assertPrivateAllowed(account, body.is_private);
    assertWithinQuota(account, { storageUsedBytes: () => deps.files.storageUsedBytes(account.id) }, body.size_bytes);
    const { partSize, partCount } = planUpload(body.size_bytes, body.part_size);
    assertDiskRoom(body.size_bytes);
    const id = crypto.randomUUID();
    const staging = path.join(stagingDir, `${id}.upload`);
    const fd = fs.openSync(staging, 'w', 0o600);
    fs.ftruncateSync(fd, body.size_bytes); // sparse preallocation; parts land at their offsets
    fs.closeSync(fd);
    const expiresAt = Date.now() + SESSION_MS;
    deps.db.transaction(() => {
      deps.files.insert({
        id,
        accountId: account.id,
        serviceStoreType: 'STORED_FILE',
        status: 'UPLOADING',
        isPrivate: body.is_private === true,
        filename: body.filename,
        sizeBytes: body.size_bytes,
      });
      repo.insert({
        fileId: id,
        sizeBytes: body.size_bytes,
        partSize,
        partCount,
        stagingPath: staging,
        expiresAt: new Date(expiresAt).toISOString(),
      });
    })();
    const expSec = Math.floor(expiresAt / 1000);
    const upload_urls = Array.from({ length: partCount }, (_, i) => deps.urls.partUrl(id, i + 1, expSec));
    deps.events.publish(account.id, 'file', { file_id: id, status: 'UPLOADING', is_deleted: false });
    return { file_id: id, part_size: partSize, part_count: partCount, upload_urls, expires_at: new Date(expiresAt).toISOString() };
  }

  /**
   * The staging file is sparse, so init would succeed on a full disk and every part then
   * fail: refuse up front (507) what cannot fit now. Parallel uploads can still overflow;
   * their part PUTs then answer 507 too (error handler).
   */
  function assertDiskRoom(sizeBytes: number): void {
    const { bavail, bsize } = fs.statfsSync(stagingDir);
    const free = bavail * bsize;
    if (sizeBytes > free) throw new InsufficientStorageError(`${NO_SPACE_DETAIL} for this upload: it needs ${sizeBytes} bytes, ${free} are free`);
  }

  /**
   * A part PUT: no key, the signed URL is the grant. The ETag is opaque (docs/performance.md):
   * the quoted MD5 when the client sent `Content-MD5` (verified, off the event loop), else
   * part number, size and a random token, so complete-upload still proves it saw this write.
   */
  async function putPart(
    fileId: string,
    partNumber: number,
    token: string,
    body: Readable,
    declaredLength: number | null,
    opts: PartOptions = {},
  ): Promise<PartResult> {
    const verdict = verifyToken(deps.keyring, `part:${fileId}:${partNumber}`, token, Math.floor(Date.now() / 1000));
    if (verdict === 'expired') throw new ForbiddenError('The upload URL has expired');
    if (verdict !== 'ok') throw new ForbiddenError('The upload URL is invalid');
    const md5 = opts.contentMd5 === undefined || opts.contentMd5 === null ? null : parseContentMd5(opts.contentMd5);
    const { upload } = requireInProgress(fileId);
    const expected = expectedPartSize(upload.sizeBytes, upload.partSize, partNumber);
    if (partNumber > upload.partCount) throw new BadRequestError(`Part ${partNumber} is beyond the ${upload.partCount} parts of this upload`);
    if (declaredLength !== null && declaredLength !== expected) {
      throw new BadRequestError(`Part ${partNumber} must be ${expected} bytes, got ${declaredLength}`);
    }
    const lockKey = `${fileId}:${partNumber}`;
    const previous = partLocks.get(lockKey) ?? Promise.resolve();
    const work = previous.catch(() => undefined).then(() => writePart(upload, partNumber, expected, body, md5));
    partLocks.set(lockKey, work);
    try {
      return await work;
    } finally {
      if (partLocks.get(lockKey) === work) partLocks.delete(lockKey);
    }
  }

  async function writePart(upload: Upload, n: number, expected: number, body: Readable, md5: string | null): Promise<PartResult> {
    // The bytes at this offset are about to change: an earlier record of the part must not vouch for them.
    repo.forgetPart(upload.fileId, n);
    partBlocks.get(upload.fileId)?.delete(n);
    const start = (n - 1) * upload.partSize;
    // The content hash's blocks are hashed on a thread as the bytes reach the disk (docs/performance.md).
    const blockStream = blockHasher.open(start, start + expected, upload.sizeBytes);
    let written;
    let blocks: PartBlocks;
    let hashMs: number;
    try {
      written = await writePartBody(upload.stagingPath, start, expected, body, `Part ${n}`, (chunks) => blockStream.push(chunks));
      const began = performance.now();
      blocks = await blockStream.finish();
      hashMs = performance.now() - began;
    } catch (err) {
      blockStream.cancel();
      if (!isInProgress(upload.fileId)) throw endedMeanwhile(err);
      throw err;
    }
    let etag = `"${n}-${expected.toString(16)}-${crypto.randomBytes(8).toString('hex')}"`;
    if (md5 !== null) {
      const began = performance.now();
      const got = await hasher.digest(upload.stagingPath, start, expected, 'md5');
      hashMs += performance.now() - began;
      if (got !== md5) throw new BadRequestError(`Content-MD5 mismatch for part ${n}: the bytes received do not have the digest sent`);
      etag = `"${Buffer.from(got, 'base64').toString('hex')}"`;
    }
    // Aborted, deleted or completed while the bytes came in: no session is left to hold the part (it was a 500).
    if (!isInProgress(upload.fileId)) throw endedMeanwhile();
    repo.recordPart(upload.fileId, n, written.bytes, etag);
    let known = partBlocks.get(upload.fileId);
    if (!known) partBlocks.set(upload.fileId, (known = new Map()));
    known.set(n, blocks);
    return { etag, timings: { receiveMs: written.receiveMs, hashMs } };
  }

  function isInProgress(fileId: string): boolean {
    return repo.get(fileId) !== undefined && deps.files.getAny(fileId)?.status === 'UPLOADING';
  }

  function endedMeanwhile(cause?: unknown): BadRequestError {
    return new BadRequestError('The upload was completed, aborted or deleted while this part was being sent', { cause });
  }

  function requireInProgress(fileId: string, accountId?: string) {
    const row = accountId ? deps.files.get(accountId, fileId) : deps.files.getAny(fileId);
    if (!row) throw new NotFoundError('File not found');
    const upload = repo.get(fileId);
    if (row.status !== 'UPLOADING' || !upload) {
      throw new BadRequestError(`The file is not an upload in progress (status ${row.status}${row.errorStatus ? `, ${row.errorStatus}` : ''})`);
    }
    if (Date.parse(upload.expiresAt) < Date.now()) {
      expire(upload);
      throw new BadRequestError('The upload session expired; start a new upload with init-upload');
    }
    return { row, upload };
  }

  async function complete(account: Account, fileId: string, parts: { part_number: number; etag: string }[]) {
    const { row, upload } = requireInProgress(fileId, account.id);
    checkParts(upload, repo.parts(fileId), parts);
    if (!deps.files.setStatus(fileId, 'UPLOADING', 'UPLOADED')) throw new BadRequestError('The upload was completed or aborted meanwhile');
    repo.remove(fileId);
    const blocks = [...(partBlocks.get(fileId)?.values() ?? [])];
    partBlocks.delete(fileId);
    deps.events.publish(account.id, 'file', { file_id: fileId, status: 'UPLOADED', is_deleted: false });
    store({ row, staging: upload.stagingPath, failOnError: true, blocks });
    return deps.files.get(account.id, fileId);
  }

  function abort(account: Account, fileId: string) {
    const { upload } = requireInProgress(fileId, account.id);
    if (!deps.files.setFailed(fileId, 'UPLOADING', 'UPLOAD_ABORTED', 'The upload was aborted'))
      throw new BadRequestError('The upload was completed or aborted meanwhile');
    discard(upload);
    deps.events.publish(account.id, 'file', { file_id: fileId, status: 'FAILED', is_deleted: false });
    return deps.files.get(account.id, fileId);
  }

  function expire(upload: Upload): void {
    if (deps.files.setFailed(upload.fileId, 'UPLOADING', 'UPLOAD_EXPIRED', 'The upload session expired before it was completed')) discard(upload);
  }

  function discard(upload: Upload): void {
    fs.rmSync(upload.stagingPath, { force: true });
    repo.remove(upload.fileId);
    partBlocks.delete(upload.fileId);
  }

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

  /** Expired sessions are failed and swept from disk; so are stagings of sessions that ended, or that no record owns. */
  function sweep(): void {
    for (const u of repo.expired(nowIso())) expire(u);
    for (const u of repo.finished()) discard(u);
    const owners = new Set(deps.files.inStatus('UPLOADING').map((r) => r.id));
    for (const row of deps.files.inStatus('UPLOADED')) {
      owners.add(row.id);
      const staging = path.join(stagingDir, `${row.id}.upload`);
      if (fs.existsSync(staging)) {
        store({ row, staging, failOnError: false, blocks: [] }); // one already storing is not stored twice
      } else {
        deps.files.setFailed(row.id, 'UPLOADED', 'INTERRUPTED', 'The service stopped before the upload was stored');
      }
    }
    // Left by a crash: a staging file whose init never committed, or whose upload was stored.
    for (const name of fs.readdirSync(stagingDir)) {
      if (!owners.has(name.split('.')[0] as string)) fs.rmSync(path.join(stagingDir, name), { force: true });
    }
  }

  return {
    init,
    putPart,
    complete,
    abort,
    /** A first sweep now (what a crash or a stop left), then one every SWEEP_MS. */
    start(): void {
      stores.start();
      sweep();
      sweeps.start();
    },
    /** Aborts the stores under way (the next start's sweep stores them) and waits for them. */
    async stop(): Promise<void> {
      await sweeps.stop();
      await stores.stop();
      await blockHasher.close();
    },
  };
}

function checkParts(upload: Upload, stored: UploadPart[], sent: { part_number: number; etag: string }[]): void {
  if (sent.length !== upload.partCount) throw new BadRequestError(`Expected ${upload.partCount} parts, got ${sent.length}`);
  const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
  let total = 0;
  sent.forEach((p, i) => {
    if (p.part_number !== i + 1) throw new BadRequestError('Parts must be listed in order, numbered from 1');
    const have = byNumber.get(p.part_number);
    if (!have) throw new BadRequestError(`Part ${p.part_number} was not uploaded`);
    if (normaliseEtag(have.etag) !== normaliseEtag(p.etag)) throw new BadRequestError(`ETag mismatch for part ${p.part_number}`);
    total += have.sizeBytes;
  });
  if (total !== upload.sizeBytes) throw new BadRequestError(`Uploaded ${total} bytes, but size_bytes is ${upload.sizeBytes}`);
}

const normaliseEtag = (e: string) => e.trim().replace(/^W\//, '').replace(/^"|"$/g, '').toLowerCase();

export type Uploads = ReturnType<typeof createUploads>;
