import fs from 'node:fs/promises';
import path from 'node:path';
import { ConflictError } from '../errors';
import { errorCode } from '../storage/fs-io';
import { numberedName } from './save-names';

const MAX_SUFFIX = 9999;

/** A new file `name` in `dir`, or `name (1)`, `name (2)`… where it exists: never over a file of the user's (the CLI's --download too). */
export async function createExclusive(dir: string, name: string): Promise<{ target: string; handle: fs.FileHandle }> {
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
