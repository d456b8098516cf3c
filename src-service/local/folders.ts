import fs from 'node:fs/promises';
import path from 'node:path';
import type { LocalFoldersResponse } from '../contract/file-facts.schema';
import { extensionOf, KIND_EXTENSIONS } from '../contract/media-kinds';
import { BadRequestError, ConflictError, ForbiddenError } from '../errors';
import { errorCode } from '../storage/fs-io';
import { isInside, realHome, resolveInsideHome } from './local-only';

const MAX_ENTRIES = 2000;

/**
 * The files listed after the folders, by extension: what the clip view opens from disk
 * (`files=media`: video and audio), and what a job's input may read (`files=inputs`: pictures and
 * subtitles too, for a watermark, a still with a sound, subtitles to burn in).
 */
const LISTED_EXTENSIONS = {
  media: new Set([...KIND_EXTENSIONS.video, ...KIND_EXTENSIONS.audio]),
  inputs: new Set([...KIND_EXTENSIONS.video, ...KIND_EXTENSIONS.audio, ...KIND_EXTENSIONS.image, ...KIND_EXTENSIONS.subtitles]),
} as const;

/**
 * The sub-folders of a folder inside home, for the web folder picker (hidden ones left out); with
 * `files`, its files of those kinds after them, for opening a file from disk.
 */
export async function listFolders(requested: string | undefined, files?: keyof typeof LISTED_EXTENSIONS): Promise<LocalFoldersResponse> {
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
  const media: LocalFoldersResponse['entries'] = [];
  for (const d of dirents) {
    if (d.name.startsWith('.') || entries.length + media.length >= MAX_ENTRIES) continue;
    const full = path.join(folder, d.name);
    // A symlink is listed only when it leads to a folder inside home.
    if (d.isDirectory() || (d.isSymbolicLink() && (await isFolderInside(full, home)))) entries.push({ name: d.name, path: full });
    // Files as they are, not through links (opening one resolves it again: open-file.ts).
    else if (files && d.isFile() && LISTED_EXTENSIONS[files].has(extensionOf(d.name))) media.push({ name: d.name, path: full, size_bytes: await sizeOf(full) });
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { path: folder, parent: folder === home ? null : path.dirname(folder), home, entries: [...entries.sort(byName), ...media.sort(byName)] };
}

/**
 * `POST /v1/local/folders`: a folder `name` made in `parent` (inside home), then listed, so the
 * picker goes into it. One that is there already is listed as it is (the editor meant that one);
 * a file of that name is a 409. The new folder is listed through its real path, so a link of that
 * name leading out of home is refused as any path out of home is.
 */
export async function makeFolder(parent: string, name: string): Promise<LocalFoldersResponse> {
  const home = await realHome();
  const folder = await resolveInsideHome(parent, home, 'path');
  const made = path.join(folder, name);
  try {
    await fs.mkdir(made);
  } catch (err) {
    if (errorCode(err) === 'EACCES') throw new ForbiddenError(`Not allowed to make a folder in ${folder}`);
    if (errorCode(err) !== 'EEXIST') throw err;
    const there = await fs.lstat(made);
    // A link is listed as any path is: refused when it leads out of home, a 400 when not to a folder.
    if (!there.isDirectory() && !there.isSymbolicLink()) throw new ConflictError(`${made} is a file: choose another name`);
  }
  return listFolders(made);
}

async function isFolderInside(link: string, home: string): Promise<boolean> {
  try {
    const real = await fs.realpath(link);
    return isInside(real, home) && (await fs.stat(real)).isDirectory();
  } catch {
    return false; // a dangling or unreadable link is simply not offered
  }
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await fs.lstat(file)).size;
  } catch {
    return 0; // gone since the listing: opening it says so
  }
}
