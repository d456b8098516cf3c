import fs from 'node:fs/promises';
import path from 'node:path';
import type { LocalFoldersResponse } from '../contract/file-facts.schema';
import { BadRequestError, ForbiddenError } from '../errors';
import { errorCode } from '../storage/fs-io';
import { isInside, realHome, resolveInsideHome } from './local-only';

const MAX_ENTRIES = 2000;

/** The sub-folders of a folder inside home, for the web folder picker (hidden ones left out). */
export async function listFolders(requested: string | undefined): Promise<LocalFoldersResponse> {
  const home = await realHome();
  const folder = await resolveInsideHome(requested ?? home, home, 'path');
  let dirents;
  try {
    dirents = await fs.readdir(folder, { withFileTypes: true });
  } catch (err) {
    if (errorCode(err) === 'ENOTDIR') throw new BadRequestError(`Not a folder: ${requested ?? folder}`);
    if (errorCode(err) === 'EACCES') throw new ForbiddenError(`Not allowed to read ${folder}`);
    throw err;
  }
  const entries: LocalFoldersResponse['entries'] = [];
  for (const d of dirents) {
    if (d.name.startsWith('.') || entries.length >= MAX_ENTRIES) continue;
    const full = path.join(folder, d.name);
    // A symlink is listed only when it leads to a folder inside home.
    if (d.isDirectory() || (d.isSymbolicLink() && (await isFolderInside(full, home)))) entries.push({ name: d.name, path: full });
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  return { path: folder, parent: folder === home ? null : path.dirname(folder), home, entries };
}

async function isFolderInside(link: string, home: string): Promise<boolean> {
  try {
    const real = await fs.realpath(link);
    return isInside(real, home) && (await fs.stat(real)).isDirectory();
  } catch {
    return false; // a dangling or unreadable link is simply not offered
  }
}
