import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Account } from '../accounts/account';
import type { Db } from '../db/open';
import type { Upload, UploadPart, UploadsRepo } from './uploads-repo';
import type { UrlBuilder } from './urls';
import type { StoreTask } from './upload-store';
import type { PartBlocksRegistry } from './upload-blocks';
import type { ProbeStoreDeps } from './probe-and-store';
import { BadRequestError, InsufficientStorageError, NO_SPACE_DETAIL, NotFoundError } from '../errors';
import { assertPrivateAllowed, assertUploadAllowed, assertWithinQuota } from '../accounts/plans';
import { planUpload } from './upload-plan';

/** Upload sessions and part URLs live 6 hours (docs/api.md §8). */
const SESSION_MS = 6 * 3600_000;

export interface SessionDeps extends Pick<ProbeStoreDeps, 'files' | 'fileEvents'> {
  db: Db;
  urls: Pick<UrlBuilder, 'partUrl'>;
  repo: UploadsRepo;
  /** Where the staging files live: `<file id>.upload`. */
  stagingDir: string;
  /** Hands a completed upload to the store queue (upload-store.ts). */
  store(task: StoreTask): void;
  /** The parts' content-hash digests (upload-blocks.ts): taken at complete, dropped with the session. */
  blocks: Pick<PartBlocksRegistry, 'take' | 'drop'>;
}

/** A new upload session: the file it will store and a signed URL per part (presented by api/files/files.presenter.ts). */
export interface UploadSession {
  fileId: string;
  partSize: number;
  partCount: number;
  uploadUrls: string[];
  expiresAt: string;
}

export type InitBody = { filename: string; size_bytes: number; is_private?: boolean; part_size?: number };

/**
 * An upload session's life (docs/api.md §4.8): init preallocates one sparse staging file and
 * signs a URL per part; complete checks the parts' ETags and hands the file to the store
 * queue; abort and expiry fail the file and drop the staging file.
 */
export function createUploadSessions(deps: SessionDeps) {
  const { repo } = deps;

  function init(account: Account, body: InitBody): UploadSession {
    assertUploadAllowed(account);
    assertPrivateAllowed(account, body.is_private);
    assertWithinQuota(account, { storageUsedBytes: () => deps.files.storageUsedBytes(account.id) }, body.size_bytes);
    const { partSize, partCount } = planUpload(body.size_bytes, body.part_size);
    assertDiskRoom(deps.stagingDir, body.size_bytes);
    const id = crypto.randomUUID();
    const staging = path.join(deps.stagingDir, `${id}.upload`);
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
      repo.insert({ fileId: id, sizeBytes: body.size_bytes, partSize, partCount, stagingPath: staging, expiresAt: new Date(expiresAt).toISOString() });
    })();
    const expSec = Math.floor(expiresAt / 1000);
    const uploadUrls = Array.from({ length: partCount }, (_, i) => deps.urls.partUrl(id, i + 1, expSec));
    deps.fileEvents.emit({ accountId: account.id, fileId: id, status: 'UPLOADING', deleted: false });
    return { fileId: id, partSize, partCount, uploadUrls, expiresAt: new Date(expiresAt).toISOString() };
  }

  function isInProgress(fileId: string): boolean {
    return repo.get(fileId) !== undefined && deps.files.getAny(fileId)?.status === 'UPLOADING';
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
    deps.fileEvents.emit({ accountId: account.id, fileId, status: 'UPLOADED', deleted: false });
    deps.store({ row, staging: upload.stagingPath, failOnError: true, blocks: deps.blocks.take(fileId) });
    return deps.files.get(account.id, fileId);
  }

  function abort(account: Account, fileId: string) {
    const { upload } = requireInProgress(fileId, account.id);
    if (!deps.files.setFailed(fileId, 'UPLOADING', 'UPLOAD_ABORTED', 'The upload was aborted'))
      throw new BadRequestError('The upload was completed or aborted meanwhile');
    discard(upload);
    deps.fileEvents.emit({ accountId: account.id, fileId, status: 'FAILED', deleted: false });
    return deps.files.get(account.id, fileId);
  }

  function expire(upload: Upload): void {
    if (deps.files.setFailed(upload.fileId, 'UPLOADING', 'UPLOAD_EXPIRED', 'The upload session expired before it was completed')) discard(upload);
  }

  function discard(upload: Upload): void {
    fs.rmSync(upload.stagingPath, { force: true });
    repo.remove(upload.fileId);
    deps.blocks.drop(upload.fileId);
  }

  return { init, complete, abort, isInProgress, requireInProgress, expire, discard };
}

export type UploadSessions = ReturnType<typeof createUploadSessions>;

/**
 * The staging file is sparse, so init would succeed on a full disk and every part then
 * fail: refuse up front (507) what cannot fit now. Parallel uploads can still overflow;
 * their part PUTs then answer 507 too (error handler).
 */
function assertDiskRoom(stagingDir: string, sizeBytes: number): void {
  const { bavail, bsize } = fs.statfsSync(stagingDir);
  const free = bavail * bsize;
  if (sizeBytes > free) throw new InsufficientStorageError(`${NO_SPACE_DETAIL} for this upload: it needs ${sizeBytes} bytes, ${free} are free`);
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
