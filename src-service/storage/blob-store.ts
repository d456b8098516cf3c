import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { NotFoundError } from '../errors';
import { blobPathOf, assertBlobKey, isBlobKey, newBlobKey, resolveInner } from './blob-paths';
import { copyFromHandle, errorCode, fsyncPath, moveFile } from './fs-io';
import { type CheckedFile, openStoredNoFollow, UntrustedFileError } from './no-follow';
import { putDirInto } from './put-dir';

export { InvalidBlobPathError } from './blob-paths';

/**
 * Where stored bytes live. Keys are generated ids, never user paths. The filesystem store
 * is the default; a remote (S3-like) store can implement the same interface later, and
 * then returns null from `localPath` so callers fall back to HTTP.
 */
export interface BlobStore {
  /** Moves a finished file in (rename; copy + fsync + unlink across devices): appears whole or not at all. */
  putFile(srcPath: string): Promise<BlobInfo>;
  /**
   * Stores a file opened and checked by storage/no-follow.ts (a job output): renamed in, then
   * the stored name must be the checked inode; across devices the bytes are copied from the
   * descriptor. The handle is left open for the caller to close.
   */
  putChecked(file: CheckedFile): Promise<BlobInfo>;
  /** Moves `relPaths` (default: every file) of `srcDir` in as one folder blob, atomically; `untrusted`: a job folder (storage/no-follow.ts). */
  putDir(srcDir: string, relPaths?: string[], opts?: { untrusted?: boolean }): Promise<BlobInfo>;
  /** A temp file for streamed writes (zips, assembled uploads); commit() makes it a blob. */
  createWriteTarget(): Promise<WriteTarget>;
  /** A readable file (innerPath for folder blobs), or null: missing, or a folder without innerPath. */
  stat(key: string, innerPath?: string): Promise<{ sizeBytes: number; mtimeMs: number } | null>;
  /** `range` is inclusive on both ends, like HTTP. Throws BlobNotFoundError. */
  openRead(key: string, innerPath?: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  /** A real path for the filesystem store (not checked for existence); null for remote stores. */
  localPath(key: string, innerPath?: string): string | null;
  /** Idempotent; folder blobs are removed recursively. */
  delete(key: string): Promise<void>;
  /** Every stored key, for the start-up sweep of unreferenced blobs. */
  listKeys(): AsyncIterable<string>;
  /** Removes abandoned write targets older than `olderThanMs` (0: all); returns how many. */
  sweepTemp(olderThanMs: number): Promise<number>;
}

export interface BlobInfo {
  key: string;
  sizeBytes: number;
  fileCount: number;
}

export interface WriteTarget {
  path: string;
  commit(): Promise<BlobInfo>;
  discard(): Promise<void>;
}

export class BlobNotFoundError extends NotFoundError {
  constructor(
    readonly key: string,
    readonly innerPath?: string,
  ) {
    super('File not found');
  }
}

export function createFsBlobStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  const tmpDir = path.join(root, '.tmp');
  // Not memoised: one cheap syscall, and the store recovers if its folder is removed under it.
  const ensureTmp = () => fs.mkdir(tmpDir, { recursive: true });
  const tempPath = (suffix: string) => path.join(tmpDir, `${crypto.randomBytes(12).toString('hex')}${suffix}`);

  const filePath = (key: string, innerPath?: string) => (innerPath === undefined ? blobPathOf(root, key) : resolveInner(blobPathOf(root, key), innerPath));

  /** Moves a finished file or folder into place under a fresh key, then makes the rename durable. */
  async function installWith(move: (dest: string) => Promise<void>): Promise<string> {
    const key = newBlobKey();
    const dest = blobPathOf(root, key);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await move(dest);
    await fsyncPath(path.dirname(dest));
    return key;
  }
  const install = (src: string) => installWith((dest) => fs.rename(src, dest));

  return {
    async putFile(srcPath) {
      await ensureTmp();
      const st = await fs.lstat(srcPath);
      if (!st.isFile()) throw new Error(`Not a regular file: ${srcPath}`);
      await fsyncPath(srcPath);
      const key = await installWith((dest) => moveFile(srcPath, dest, tempPath('.copy')));
      return { key, sizeBytes: st.size, fileCount: 1 };
    },

    async putChecked(file) {
      await ensureTmp();
      await file.fh.sync();
      const key = await installWith(async (dest) => {
        try {
          await fs.rename(file.full, dest);
        } catch (err) {
          if (errorCode(err) !== 'EXDEV') throw err;
          const temp = tempPath('.copy');
          await copyFromHandle(file.fh, temp).catch(async (e: unknown) => {
            await fs.rm(temp, { force: true });
            throw e;
          });
          await fsyncPath(temp);
          await fs.rename(temp, dest);
          return;
        }
        const now = await fs.lstat(dest);
        if (now.ino !== file.stat.ino || now.dev !== file.stat.dev) {
          await fs.rm(dest, { recursive: true, force: true });
          throw new UntrustedFileError(file.rel, 'was replaced while it was being stored');
        }
      });
      const { size } = await file.fh.stat();
      return { key, sizeBytes: size, fileCount: 1 };
    },

    async putDir(srcDir, relPaths, opts) {
      await ensureTmp();
      const staged = tempPath('.dir');
      try {
        const { sizeBytes, fileCount, moved } = await putDirInto(srcDir, relPaths, staged, opts?.untrusted === true);
        const key = await install(staged);
        await Promise.all(moved.map((p) => fs.rm(p, { force: true })));
        return { key, sizeBytes, fileCount };
      } catch (err) {
        await fs.rm(staged, { recursive: true, force: true });
        throw err;
      }
    },

    async createWriteTarget() {
      await ensureTmp();
      return createTarget(tempPath('.part'), install);
    },

    async stat(key, innerPath) {
      try {
        const st = await fs.lstat(filePath(key, innerPath));
        return st.isFile() ? { sizeBytes: st.size, mtimeMs: st.mtimeMs } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async openRead(key, innerPath, range) {
      const p = filePath(key, innerPath);
      const bounds = range ? checkRange(range) : {};
      // Never through a link, even in the service's own folder (docs/sandbox.md, "What comes back out").
      const opened = await openStoredNoFollow(p);
      if (!opened) throw new BlobNotFoundError(key, innerPath);
      // 1 MiB reads: fewer syscalls and larger socket writes for big media.
      return opened.fh.createReadStream({ ...bounds, highWaterMark: 1024 * 1024 });
    },

    localPath: (key, innerPath) => filePath(key, innerPath),

    async delete(key) {
      assertBlobKey(key);
      await ensureTmp();
      // Renamed out of sight first, so a folder blob never appears half-deleted.
      const doomed = tempPath('.del');
      try {
        await fs.rename(blobPathOf(root, key), doomed);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      await fs.rm(doomed, { recursive: true, force: true });
    },

    listKeys: () => listKeysUnder(root),

    async sweepTemp(olderThanMs) {
      await ensureTmp();
      return sweepDir(tmpDir, olderThanMs);
    },
  };
}

function createTarget(tempFile: string, install: (src: string) => Promise<string>): Promise<WriteTarget> {
  let state: 'open' | 'committed' | 'discarded' = 'open';
  const target: WriteTarget = {
    path: tempFile,
    async commit() {
      if (state !== 'open') throw new Error(`Write target already ${state}`);
      await fsyncPath(tempFile);
      const st = await fs.stat(tempFile);
      const key = await install(tempFile);
      state = 'committed';
      return { key, sizeBytes: st.size, fileCount: 1 };
    },
    async discard() {
      if (state !== 'open') return;
      state = 'discarded';
      await fs.rm(tempFile, { recursive: true, force: true });
    },
  };
  return fs.writeFile(tempFile, '', { flag: 'wx', mode: 0o600 }).then(() => target);
}

function checkRange(range: { start: number; end: number }): { start: number; end: number } {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
  return { start, end };
}

function isMissing(err: unknown): boolean {
  const code = errorCode(err);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function* listKeysUnder(root: string): AsyncIterable<string> {
  const shards = await fs.readdir(root, { withFileTypes: true }).catch((err: unknown) => {
    if (isMissing(err)) return [];
    throw err;
  });
  for (const shard of shards) {
    if (!shard.isDirectory() || !/^[0-9a-f]{2}$/.test(shard.name)) continue;
    for (const name of await fs.readdir(path.join(root, shard.name))) {
      if (isBlobKey(name) && name.startsWith(shard.name)) yield name;
    }
  }
}

async function sweepDir(dir: string, olderThanMs: number): Promise<number> {
  const now = Date.now();
  let removed = 0;
  for (const name of await fs.readdir(dir)) {
    const p = path.join(dir, name);
    const st = await fs.lstat(p).catch(() => null); // gone meanwhile: nothing to sweep
    if (!st || (olderThanMs > 0 && now - st.mtimeMs < olderThanMs)) continue;
    await fs.rm(p, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
