import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConflictError } from '../errors';
import { errorCode } from '../storage/fs-io';
import { numberedName } from './save-names';

const MAX_SUFFIX = 9999;

/** A new file `name` in `dir`, or `name (1)`, `name (2)`… where it exists: never over a file of the user's. */
async function createExclusive(dir: string, name: string): Promise<{ target: string; handle: fs.FileHandle }> {
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
  for (let n = 0; n <= MAX_SUFFIX; n += 1) {
    const target = path.join(dir, numberedName(name, n));
    try {
      return { target, handle: await fs.open(target, flags, 0o644) };
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
    }
  }
  throw new ConflictError(`Every name from ${name} to ${numberedName(name, MAX_SUFFIX)} is taken in ${dir}`);
}

/**
 * Streams `source` into a new file of `dir` named `name` (numbered where the name is taken:
 * createExclusive), and answers its path. Save to and the CLI's --download write this way; a failed
 * write leaves no half file under a name the user sees.
 */
export async function writeExclusive(dir: string, name: string, source: NodeJS.ReadableStream): Promise<string> {
  const { target, handle } = await createExclusive(dir, name);
  try {
    await pipeline(source, handle.createWriteStream());
    return target;
  } catch (err) {
    await fs.rm(target, { force: true });
    throw err;
  } finally {
    await handle.close().catch(() => undefined); // the write stream closed it already on success
  }
}
