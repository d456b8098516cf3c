import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { Keyring } from '../storage/signing';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors';
import { signToken, verifyToken } from '../storage/signing';
import { pathOf } from '../contract/endpoint';
import { workerProtocolEndpoints } from '../contract/endpoints/worker-protocol';

/** Parts of an output upload; big enough that a typical output is one or a few PUTs. */
export const OUTPUT_PART_BYTES = 64 * 1024 * 1024;
/** Part URLs are valid this long (a worker asks again for a new upload when they expire). */
const PART_URL_SECONDS = 6 * 3600;
const PART_PATH = workerProtocolEndpoints.workerUploadPart.path;

interface Upload {
  commandId: string;
  relPath: string;
  sizeBytes: number;
  partCount: number;
  staging: string;
  parts: Map<number, { etag: string; size: number }>;
}

/**
 * Output files coming back from a worker, by signed multipart upload. Parts land at their
 * offset in a staging file outside the command's output folder; only a complete, checked
 * upload is renamed into the folder, so a worker that fails halfway leaves no half file.
 */
export function createOutputUploads(deps: { keyring: Keyring; jobsDir: string }, folderOf: (commandId: string) => string) {
  const uploads = new Map<string, Upload>();
  const stagingDir = (commandId: string) => path.join(deps.jobsDir, `${commandId}.stage`);

  function init(commandId: string, relPath: string, sizeBytes: number) {
    const problem = relPathProblem(relPath);
    if (problem) throw new BadRequestError(`Invalid output path ${JSON.stringify(relPath)}: ${problem}`);
    const id = crypto.randomUUID();
    const partCount = Math.max(1, Math.ceil(sizeBytes / OUTPUT_PART_BYTES));
    fs.mkdirSync(stagingDir(commandId), { recursive: true });
    const staging = path.join(stagingDir(commandId), id);
    const fd = fs.openSync(staging, 'w', 0o600);
    fs.ftruncateSync(fd, sizeBytes);
    fs.closeSync(fd);
    uploads.set(id, { commandId, relPath, sizeBytes, partCount, staging, parts: new Map() });
    const exp = Math.floor(Date.now() / 1000) + PART_URL_SECONDS;
    const upload_urls = Array.from(
      { length: partCount },
      (_, i) => `${pathOf(PART_PATH, { upload_id: id, part_number: i + 1 })}?token=${encodeURIComponent(signToken(deps.keyring, `wpart:${id}:${i + 1}`, exp))}`,
    );
    return { upload_id: id, part_size: OUTPUT_PART_BYTES, part_count: partCount, upload_urls };
  }

  async function putPart(id: string, n: number, token: string, body: Readable): Promise<string> {
    const verdict = verifyToken(deps.keyring, `wpart:${id}:${n}`, token, Math.floor(Date.now() / 1000));
    if (verdict !== 'ok') throw new ForbiddenError(verdict === 'expired' ? 'The upload URL has expired' : 'The upload URL is invalid');
    const u = uploads.get(id);
    if (!u) throw new NotFoundError('Upload not found (the service restarted or the command ended): start the upload again');
    if (n < 1 || n > u.partCount) throw new BadRequestError(`Part ${n} is beyond the ${u.partCount} parts of this upload`);
    const expected = Math.min(OUTPUT_PART_BYTES, u.sizeBytes - (n - 1) * OUTPUT_PART_BYTES);
    const md5 = crypto.createHash('md5');
    let written = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        written += chunk.length;
        if (written > expected) return cb(new BadRequestError(`Part ${n} must be ${expected} bytes, got more`));
        md5.update(chunk);
        cb(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, fs.createWriteStream(u.staging, { flags: 'r+', start: (n - 1) * OUTPUT_PART_BYTES }));
    } catch (err) {
      // The command ended (cancel, takeover) while the bytes came in: its staging folder is gone.
      if (!uploads.has(id)) throw new BadRequestError('The upload ended while this part was being sent', { cause: err });
      throw err;
    }
    if (written !== expected) throw new BadRequestError(`Part ${n} must be ${expected} bytes, got ${written}`);
    const etag = `"${md5.digest('hex')}"`;
    if (!uploads.has(id)) throw new BadRequestError('The upload ended while this part was being sent');
    u.parts.set(n, { etag, size: written });
    return etag;
  }

  /** All parts there with the ETags the worker saw: the file moves into the output folder in one rename. */
  async function complete(id: string, etags: string[]): Promise<void> {
    const u = uploads.get(id);
    if (!u) throw new NotFoundError('Upload not found (the service restarted or the command ended): start the upload again');
    if (etags.length !== u.partCount) throw new BadRequestError(`Expected ${u.partCount} parts, got ${etags.length}`);
    etags.forEach((etag, i) => {
      const have = u.parts.get(i + 1);
      if (!have) throw new BadRequestError(`Part ${i + 1} was not uploaded`);
      if (have.etag !== etag) throw new BadRequestError(`ETag mismatch for part ${i + 1}`);
    });
    const target = path.join(folderOf(u.commandId), u.relPath);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(u.staging, target);
    uploads.delete(id);
  }

  /** Which of `files` have not arrived complete in the command's output folder. */
  async function missing(commandId: string, files: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const f of files) {
      if (relPathProblem(f)) throw new BadRequestError(`Invalid output path ${JSON.stringify(f)}`);
      const st = await fs.promises.stat(path.join(folderOf(commandId), f)).catch(() => null);
      if (!st?.isFile()) out.push(f);
    }
    return out;
  }

  function forget(commandId: string): void {
    for (const [id, u] of uploads) if (u.commandId === commandId) uploads.delete(id);
    fs.rmSync(stagingDir(commandId), { recursive: true, force: true });
  }

  const commandOf = (uploadId: string) => uploads.get(uploadId)?.commandId;
  return { init, putPart, complete, missing, forget, commandOf };
}

/** A produced file's path must stay inside the job folder: relative, forward slashes, no `.`/`..` segments. */
export function relPathProblem(p: string): string | null {
  if (p.length === 0 || p.length > 1024) return 'empty or too long';
  if (p.startsWith('/') || p.includes('\\') || p.includes('\0')) return 'must be a relative path with forward slashes';
  if (p.split('/').some((s) => s === '' || s === '.' || s === '..')) return 'must not contain empty, . or .. segments';
  return null;
}
