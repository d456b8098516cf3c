import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { Account } from '../accounts/account';
import type { StoredFile } from './stored-file';
import { assertUploadAllowed, assertWithinQuota } from '../accounts/plans';
import { InsufficientStorageError, NO_SPACE_DETAIL, PayloadTooLargeError, ValidationError } from '../errors';
import { MultipartError, readMultipart, type PartSink } from './multipart-stream';
import { probeAndStore, type ProbeStoreDeps } from './probe-and-store';
import { whenClosed } from '../storage/fs-io';
import { contentHashOfFile } from './content-hash';

/**
 * `POST /v1/files/upload`: one file sent as a `multipart/form-data` form (field `upload_file`,
 * or `file`), the older one-request upload of the hosted service. The file part is streamed
 * to a staging file as it arrives, then probed and stored like any upload; the answer is the
 * stored-file record. Bigger files go through init-upload's parts (docs/compatibility.md).
 */
export const FORM_UPLOAD_MAX_BYTES = 5 * 1024 ** 3;

/** A file of the user's disk, checked for opening by local/open-file.ts (docs/api.md, "Local folders"). */
export interface LocalFile {
  /** Its real path: every symlink resolved, inside the home folder. */
  path: string;
  name: string;
  size: number;
}
export const FORM_FILE_FIELDS = ['upload_file', 'file'];

const PLAIN_NAME = /^[^\0/\\]{1,255}$/;

export interface FormUploadRequest {
  body: Readable;
  boundary: string;
  declaredLength: number | null;
}

export interface FormUploadDeps extends ProbeStoreDeps {
  config: Pick<Config, 'dataDir'>;
}

export function createFormUploads(deps: FormUploadDeps) {
  const stagingDir = path.join(deps.config.dataDir, 'uploads');

  /** Checks made before a byte of the body is read. */
  function precheck(account: Account, declaredLength: number | null): void {
    assertUploadAllowed(account);
    if (declaredLength !== null && declaredLength > FORM_UPLOAD_MAX_BYTES + 64 * 1024) throw tooLarge();
    precheckSize(account, declaredLength ?? 0);
  }

  /** The account's quota and the data disk's free space, for `bytes` more. */
  function precheckSize(account: Account, bytes: number): void {
    assertWithinQuota(account, { storageUsedBytes: () => deps.files.storageUsedBytes(account.id) }, bytes);
    if (bytes > 0) {
      fs.mkdirSync(stagingDir, { recursive: true });
      const { bavail, bsize } = fs.statfsSync(stagingDir);
      if (bytes > bavail * bsize) throw new InsufficientStorageError(`${NO_SPACE_DETAIL} for this upload`);
    }
  }

  async function upload(account: Account, req: FormUploadRequest): Promise<StoredFile> {
    precheck(account, req.declaredLength);
    fs.mkdirSync(stagingDir, { recursive: true });
    const id = crypto.randomUUID();
    const staging = path.join(stagingDir, `${id}.form`);
    try {
      const file = await receive(req, staging);
      if (!file)
        throw new ValidationError([{ loc: ['body', 'upload_file'], msg: 'Field required: send the file in the upload_file form field', type: 'missing' }]);
      if (file.size === 0) throw new ValidationError([{ loc: ['body', 'upload_file'], msg: 'The uploaded file is empty', type: 'value_error' }]);
      assertWithinQuota(account, { storageUsedBytes: () => deps.files.storageUsedBytes(account.id) }, file.size);
      return await storeStaging(account.id, id, file.name, file.size, staging);
    } finally {
      await fs.promises.rm(staging, { force: true });
    }
  }

  /** A staging file stored as an upload is: its row, then probed, hashed and moved in (probeAndStore). */
  async function storeStaging(accountId: string, id: string, filename: string, sizeBytes: number, staging: string): Promise<StoredFile> {
    deps.files.insert({ id, accountId, serviceStoreType: 'STORED_FILE', status: 'UPLOADED', isPrivate: false, filename, sizeBytes });
    await probeAndStore(deps, deps.files.getAny(id) as StoredFile, 'UPLOADED', staging);
    return deps.files.getAny(id) as StoredFile;
  }

  /** Streams the first file field to `staging`; null when the form has none. */
  async function receive(req: FormUploadRequest, staging: string): Promise<{ name: string; size: number } | null> {
    let found: { name: string; size: number } | null = null;
    let sink: (PartSink & { destroy(): Promise<void> }) | null = null;
    try {
      await readMultipart(req.body, req.boundary, (info) => {
        if (found || !FORM_FILE_FIELDS.includes(info.name)) return null;
        const name = plainName(info.filename);
        found = { name, size: 0 };
        sink = fileSink(staging, (n) => {
          (found as { size: number }).size += n;
          if ((found as { size: number }).size > FORM_UPLOAD_MAX_BYTES) throw tooLarge();
        });
        return sink;
      });
    } catch (err) {
      // Closed before the staging file is removed: an open still pending would create it again.
      await (sink as { destroy(): Promise<void> } | null)?.destroy();
      if (err instanceof MultipartError) throw new ValidationError([{ loc: ['body'], msg: err.message, type: 'value_error' }]);
      throw err;
    }
    return found;
  }

  /**
   * A file of the user's own disk (`POST /v1/local/open`, docs/api.md "Local folders"), stored as
   * an upload is, without its bytes crossing HTTP: an in-kernel copy (a reflink where the disk
   * makes them), then probed and stored. A file of that name and content stored before is that
   * file again (docs/choices.md, "Same content, one file"): reopening a recording comes back to its
   * facts and marked segments without a second copy.
   */
  async function fromDisk(account: Account, file: LocalFile): Promise<{ file: StoredFile; reused: boolean }> {
    assertUploadAllowed(account);
    // The same file opened again is a stored file (uploaded or opened, not a job's output) of its name, size and
    // content: the original is hashed (one more read of it) only where one of that name and size exists.
    const name = plainName(file.name);
    const candidates = deps.files.storedFilesNamed(account.id, name, file.size);
    const hash = candidates.length > 0 ? await contentHashOfFile(file.path) : null;
    const same = candidates.find((f) => f.contentHash === hash);
    if (same) return { file: same, reused: true };
    precheckSize(account, file.size); // makes the staging folder too (a file opened from disk is never empty)
    const id = crypto.randomUUID();
    const staging = path.join(stagingDir, `${id}.local`);
    try {
      await fs.promises.copyFile(file.path, staging, fs.constants.COPYFILE_FICLONE);
      // The copy is what is hashed and stored: what is stored is what its hash says, whatever the original does meanwhile.
      return { file: await storeStaging(account.id, id, name, (await fs.promises.stat(staging)).size, staging), reused: false };
    } finally {
      await fs.promises.rm(staging, { force: true });
    }
  }

  return { upload, fromDisk };
}

function tooLarge(): PayloadTooLargeError {
  return new PayloadTooLargeError(`File too large: a form upload takes at most ${FORM_UPLOAD_MAX_BYTES} bytes; use init-upload for bigger files`);
}

/** The file name the client gave, reduced to a plain name (no folders); `upload` when none is usable. */
function plainName(filename: string | null): string {
  const base = (filename ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  return PLAIN_NAME.test(base) && base !== '.' && base !== '..' ? base : 'upload';
}

/** A write stream honouring backpressure; `count` sees every chunk's size first (and may throw). */
function fileSink(target: string, count: (n: number) => void): PartSink & { destroy(): Promise<void> } {
  const out = fs.createWriteStream(target, { mode: 0o600, highWaterMark: 4 * 1024 * 1024 });
  let failed: Error | null = null;
  out.on('error', (err) => (failed = err));
  return {
    async write(chunk) {
      if (failed) throw failed;
      count(chunk.length);
      if (!out.write(chunk)) await new Promise<void>((resolve, reject) => out.once('drain', resolve).once('error', reject));
    },
    destroy: () => {
      const closed = whenClosed(out);
      out.destroy();
      return closed;
    },
    end: () =>
      new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        out.once('error', reject);
        out.end(() => resolve());
      }),
  };
}
