import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { Keyring } from '../storage/signing';
import type { Upload, UploadsRepo } from './uploads-repo';
import type { UploadSessions } from './upload-sessions';
import { BadRequestError, ForbiddenError } from '../errors';
import { verifyToken } from '../storage/signing';
import { expectedPartSize } from './upload-plan';
import { writePartBody } from './part-writer';
import { createRangeHasher } from '../storage/hash-worker';
import { createBlockHasher } from '../storage/block-hasher';
import type { PartBlocksRegistry } from './upload-blocks';

export interface PartOptions {
  /** The request's `Content-MD5` header (base64 MD5 of the part), if any. */
  contentMd5?: string | null;
}

export interface PartResult {
  etag: string;
  /** Where the part's time went, in ms (sent back as `Server-Timing`). */
  timings: { receiveMs: number; hashMs: number };
}

export interface PartDeps {
  keyring: Keyring;
  repo: UploadsRepo;
  sessions: Pick<UploadSessions, 'isInProgress' | 'requireInProgress'>;
  blocks: PartBlocksRegistry;
}

/**
 * The part PUTs of an upload (docs/api.md §4.8): each part is written straight to its offset
 * in the session's staging file, one write per part number at a time (a retried part waits
 * for the earlier attempt), and recorded with its ETag.
 */
export function createPartWriter(deps: PartDeps) {
  const partLocks = new Map<string, Promise<unknown>>();
  const hasher = createRangeHasher();
  const blockHasher = createBlockHasher();

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
    const { upload } = deps.sessions.requireInProgress(fileId);
    const expected = expectedPartSize(upload.sizeBytes, upload.partSize, partNumber);
    if (partNumber > upload.partCount) throw new BadRequestError(`Part ${partNumber} is beyond the ${upload.partCount} parts of this upload`);
    if (declaredLength !== null && declaredLength !== expected) {
      throw new BadRequestError(`Part ${partNumber} must be ${expected} bytes, got ${declaredLength}`);
    }
    return oneAtATime(`${fileId}:${partNumber}`, () => writePart(upload, partNumber, expected, body, md5));
  }

  /** Runs `write` after any earlier write under the same key has settled. */
  async function oneAtATime<T>(lockKey: string, write: () => Promise<T>): Promise<T> {
    const previous = partLocks.get(lockKey) ?? Promise.resolve();
    const work = previous.catch(() => undefined).then(write);
    partLocks.set(lockKey, work);
    try {
      return await work;
    } finally {
      if (partLocks.get(lockKey) === work) partLocks.delete(lockKey);
    }
  }

  async function writePart(upload: Upload, n: number, expected: number, body: Readable, md5: string | null): Promise<PartResult> {
    // The bytes at this offset are about to change: an earlier record of the part must not vouch for them.
    deps.repo.forgetPart(upload.fileId, n);
    deps.blocks.forget(upload.fileId, n);
    const start = (n - 1) * upload.partSize;
    // The content hash's blocks are hashed on a thread as the bytes reach the disk (docs/performance.md).
    const blockStream = blockHasher.open(start, start + expected, upload.sizeBytes);
    let written;
    let blocks;
    let hashMs: number;
    try {
      written = await writePartBody(upload.stagingPath, start, expected, body, `Part ${n}`, (chunks) => blockStream.push(chunks));
      const began = performance.now();
      blocks = await blockStream.finish();
      hashMs = performance.now() - began;
    } catch (err) {
      blockStream.cancel();
      if (!deps.sessions.isInProgress(upload.fileId)) throw endedMeanwhile(err);
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
    if (!deps.sessions.isInProgress(upload.fileId)) throw endedMeanwhile();
    deps.repo.recordPart(upload.fileId, n, written.bytes, etag);
    deps.blocks.record(upload.fileId, n, blocks);
    return { etag, timings: { receiveMs: written.receiveMs, hashMs } };
  }

  return { putPart, close: () => blockHasher.close() };
}

/** `Content-MD5` is the base64 of a 16-byte digest: 22 characters and `==`. */
function parseContentMd5(header: string): string {
  const value = header.trim();
  if (!/^[A-Za-z0-9+/]{22}==$/.test(value)) throw new BadRequestError('Content-MD5 must be the base64 MD5 digest of the part (24 characters)');
  return value;
}

function endedMeanwhile(cause?: unknown): BadRequestError {
  return new BadRequestError('The upload was completed, aborted or deleted while this part was being sent', { cause });
}
