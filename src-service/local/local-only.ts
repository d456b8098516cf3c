import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors';
import { isLoopbackHost } from '../media/confine/policy';
import { errorCode } from '../storage/fs-io';

/**
 * The local-folder endpoints reach the user's own disk, so they answer only the local account
 * of a service bound to a loopback address (docs/api.md, "Local folders"): on a shared or
 * reachable service, an API key must never turn into a way to read folder names or write files.
 */
export function assertLocalOnly(accountId: string, localAccountId: string | undefined, boundHost: string): void {
  if (!isLoopbackHost(boundHost)) {
    throw new ForbiddenError('Local folders are only available when the service listens on a loopback address (127.0.0.1 or ::1), not on a network address');
  }
  if (accountId !== localAccountId) throw new ForbiddenError("Local folders are only available to this computer's local account, not to other API keys");
}

/** The user's home folder, resolved (it may itself be a symlink). */
export async function realHome(): Promise<string> {
  return fs.realpath(os.homedir());
}

/**
 * The real path of `requested`, which must be absolute and, once every symlink is resolved, the
 * home folder or inside it: a symlink that leads out of home is refused like any outside path.
 */
export async function resolveInsideHome(requested: string, home: string, field: string, what: 'folder' | 'file' = 'folder'): Promise<string> {
  if (!path.isAbsolute(requested)) throw new BadRequestError(`${field} must be an absolute path`);
  let real: string;
  try {
    real = await fs.realpath(requested);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new NotFoundError(`No such ${what}: ${requested}`);
    if (code === 'EACCES') throw new ForbiddenError(`Not allowed to read ${requested}`);
    throw err;
  }
  if (!isInside(real, home)) throw new ForbiddenError(`${field} must be inside your home folder (${home})`);
  return real;
}

export function isInside(candidate: string, root: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
