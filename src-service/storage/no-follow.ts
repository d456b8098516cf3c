import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files that come out of a job folder or a watch folder are untrusted (SECURITY.md, "What the
 * service trusts"): code running inside ffmpeg, or anyone who can write into a drop folder, may
 * have left a symbolic link, a FIFO, a device or a hard link where a file was expected. Such a
 * file is opened once, without following links, checked on the open descriptor, and then only
 * used through that descriptor (docs/sandbox.md, "What comes back out").
 */

/** `O_NOFOLLOW` is missing on Windows: there the final check compares the descriptor with the path instead. */
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const NONBLOCK = fs.constants.O_NONBLOCK ?? 0;
/** O_NONBLOCK: opening a FIFO must not wait for a writer; it makes no difference to regular files. */
export const OPEN_UNTRUSTED = fs.constants.O_RDONLY | NOFOLLOW | NONBLOCK;
const OPEN_DIR = fs.constants.O_RDONLY | NOFOLLOW | (fs.constants.O_DIRECTORY ?? 0);

/** Why a file was refused; `rel` names it as the command or the folder knows it. */
export class UntrustedFileError extends Error {
  constructor(
    readonly rel: string,
    readonly why: string,
    readonly missing = false,
  ) {
    super(`${rel} ${why}`);
    this.name = 'UntrustedFileError';
  }
}

export interface CheckedFile {
  /** Open read-only on the checked file; the caller closes it (or hands it to a stream that does). */
  fh: FileHandle;
  stat: fs.Stats;
  full: string;
  rel: string;
}

/**
 * Opens `rel` (forward slashes) under `base`, refusing a link in any component below `base`, and
 * anything but a regular file with exactly one name. `base` itself is the service's own folder
 * and is trusted.
 */
export async function openUnder(base: string, rel: string): Promise<CheckedFile> {
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw new UntrustedFileError(rel, 'is not a plain relative path');
  const root = await fs.promises.realpath(base);
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = path.join(dir, part);
    await checkDirectory(dir, rel);
  }
  const full = path.join(root, ...parts);
  let fh: FileHandle;
  try {
    fh = await fs.promises.open(full, OPEN_UNTRUSTED);
  } catch (err) {
    throw refusalOf(err, rel);
  }
  try {
    const stat = await fh.stat();
    const problem = kindProblem(stat);
    if (problem) throw new UntrustedFileError(rel, problem);
    await assertSameFile(fh, stat, full, rel);
    return { fh, stat, full, rel };
  } catch (err) {
    await fh.close();
    throw err;
  }
}

/** What is wrong with an opened file, or null for a regular file with one name. */
export function kindProblem(st: fs.Stats): string | null {
  if (st.isSymbolicLink()) return 'is a symbolic link';
  if (st.isFIFO()) return 'is a FIFO (named pipe)';
  if (st.isSocket()) return 'is a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'is a device';
  if (st.isDirectory()) return 'is a folder';
  if (!st.isFile()) return 'is not a regular file';
  if (st.nlink !== 1) return `is a hard link (${st.nlink} names for the same file)`;
  return null;
}

async function checkDirectory(dir: string, rel: string): Promise<void> {
  let fh: FileHandle;
  try {
    fh = await fs.promises.open(dir, OPEN_DIR);
  } catch (err) {
    throw refusalOf(err, rel, 'has a folder in its path that is a symbolic link or not a folder');
  }
  await fh.close();
}

/**
 * The descriptor must be the file at `full` as the path reads now with no link followed. On
 * Linux the kernel names the open file (/proc/self/fd/N), which settles a folder swapped for a
 * link between the checks and the open; elsewhere the resolved path and the inode must match.
 */
async function assertSameFile(fh: FileHandle, stat: fs.Stats, full: string, rel: string): Promise<void> {
  if (process.platform === 'linux') {
    const opened = await fs.promises.readlink(`/proc/self/fd/${fh.fd}`).catch(() => null);
    if (opened !== null) {
      if (opened !== full) throw new UntrustedFileError(rel, 'was reached through a symbolic link');
      return;
    }
  }
  const now = await fs.promises.lstat(full).catch(() => null);
  const real = await fs.promises.realpath(full).catch(() => null);
  if (!now || now.ino !== stat.ino || now.dev !== stat.dev || real !== full) throw new UntrustedFileError(rel, 'was replaced while it was being opened');
}

function refusalOf(err: unknown, rel: string, linkWhy = 'is a symbolic link'): UntrustedFileError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new UntrustedFileError(rel, 'does not exist', true);
  if (code === 'ELOOP' || code === 'ENOTDIR' || code === 'EMLINK') return new UntrustedFileError(rel, linkWhy);
  if (code === 'ENXIO') return new UntrustedFileError(rel, 'is a socket or a device');
  return new UntrustedFileError(rel, `could not be opened (${code ?? String(err)})`);
}

/** Opens a file the service itself stored (a blob) without following a link, as a regular file, or null when it is missing or not a file. */
export async function openStoredNoFollow(full: string): Promise<{ fh: FileHandle; stat: fs.Stats } | null> {
  let fh: FileHandle;
  try {
    fh = await fs.promises.open(full, OPEN_UNTRUSTED);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' || code === 'EISDIR' || code === 'ENXIO') return null;
    throw err;
  }
  const stat = await fh.stat();
  if (!stat.isFile()) {
    await fh.close();
    return null;
  }
  return { fh, stat };
}
