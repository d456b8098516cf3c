import fs from 'node:fs/promises';
import { createWriteStream, type Dirent, type WriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { mapBounded } from '../work/map-bounded';

/**
 * Resolves once a file write stream has closed its file. A pipeline that fails rejects at the
 * first error, even while the file's open is still queued in libuv's thread pool; removing the
 * partial file then could run before the open created it, and the file stayed (seen once on a
 * loaded machine). Await this before removing a failed pipeline's file.
 */
export function whenClosed(out: WriteStream): Promise<void> {
  return new Promise((resolve) => (out.closed ? resolve() : out.once('close', () => resolve())));
}

/** Flushes a file's bytes (or a directory's entries) to disk. */
export async function fsyncPath(p: string): Promise<void> {
  const fh = await fs.open(p, 'r');
  try {
    await fh.sync();
  } catch (err) {
    // Some filesystems (and Windows, for directories) refuse fsync on a directory handle:
    // nothing more can be done there, the rename itself is still atomic.
    if (!isFsyncUnsupported(err)) throw err;
  } finally {
    await fh.close();
  }
}

function isFsyncUnsupported(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EINVAL' || code === 'EPERM' || code === 'EISDIR' || code === 'ENOTSUP';
}

export function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

/**
 * Renames `src` onto `dest` (same filesystem: atomic). Across devices (EXDEV) the bytes are
 * copied to `viaTemp` (on dest's filesystem), fsynced, renamed onto `dest`, then `src` is
 * unlinked, so `dest` still appears whole or not at all.
 */
export async function moveFile(src: string, dest: string, viaTemp: string): Promise<void> {
  try {
    await fs.rename(src, dest);
    return;
  } catch (err) {
    if (errorCode(err) !== 'EXDEV') throw err;
  }
  try {
    await fs.copyFile(src, viaTemp);
    await fsyncPath(viaTemp);
    await fs.rename(viaTemp, dest);
  } catch (err) {
    await fs.rm(viaTemp, { force: true });
    throw err;
  }
  await fs.unlink(src);
}

/** Hard-links `src` to `dest`, or copies when links are impossible (other device, no support). */
export async function linkOrCopy(src: string, dest: string): Promise<void> {
  try {
    await fs.link(src, dest);
  } catch (err) {
    const code = errorCode(err);
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw err;
    await fs.copyFile(src, dest, fs.constants.COPYFILE_EXCL);
  }
}

/** Runs `fn` over `items` with at most `limit` in flight; rejects on the first failure. */
export async function forEachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  await mapBounded(items, limit, fn);
}

/** Every regular file under `dir`, relative, with `/` separators, sorted. */
export async function listFilesRecursive(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Copies every byte of an open file (from offset 0) to a new file at `dest`; the handle stays open. */
export async function copyFromHandle(fh: fs.FileHandle, dest: string): Promise<void> {
  await pipeline(fh.createReadStream({ start: 0, autoClose: false, highWaterMark: 1024 * 1024 }), createWriteStream(dest, { flags: 'wx', mode: 0o644 }));
}

/**
 * One recursive listing of `dir`: its regular files and its odd entries (as listOddEntries),
 * relative, sorted. A job folder is listed before and after its steps; one walk instead of two.
 */
export async function listFolder(dir: string): Promise<{ files: string[]; odd: string[] }> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const rel = (e: Dirent) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
  return {
    files: entries
      .filter((e) => e.isFile())
      .map(rel)
      .sort(),
    odd: entries
      .filter((e) => !e.isFile() && !e.isDirectory())
      .map(rel)
      .sort(),
  };
}

/** Entries under `dir` that are neither regular files nor folders (links, FIFOs, sockets, devices), relative, sorted. */
export async function listOddEntries(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isFile() && !e.isDirectory())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
