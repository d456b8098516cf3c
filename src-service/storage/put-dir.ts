import fs from 'node:fs/promises';
import path from 'node:path';
import { resolveInner } from './blob-paths';
import { copyFromHandle, forEachLimit, fsyncPath, linkOrCopy, listFilesRecursive } from './fs-io';
import { openUnder, UntrustedFileError } from './no-follow';

/** fsync is the slow part with thousands of HLS segments: a few at a time. */
const PARALLEL = 8;

/**
 * Builds a folder blob in `staged` (a fresh temp folder) from `relPaths` of `srcDir`: each
 * file is hard-linked (or copied) and fsynced, then every folder is fsynced, so a rename of
 * `staged` publishes it whole. Sources are left in place; the caller removes `moved` once
 * the folder is installed (so a failure half-way loses nothing). With `untrusted` (a job
 * folder) each file is opened without following links and checked on its descriptor first
 * (storage/no-follow.ts); the stored name must then be that same inode.
 */
export async function putDirInto(
  srcDir: string,
  relPaths: string[] | undefined,
  staged: string,
  untrusted = false,
): Promise<{ sizeBytes: number; fileCount: number; moved: string[] }> {
  const rels = relPaths ?? (await listFilesRecursive(srcDir));
  if (rels.length === 0) throw new Error(`No files to store from ${srcDir}`);
  if (new Set(rels).size !== rels.length) throw new Error('Duplicate paths in a folder blob');
  await fs.mkdir(staged);
  const dirs = new Set<string>([staged]);
  const pairs = rels.map((rel) => ({ src: resolveInner(srcDir, rel), dest: resolveInner(staged, rel), rel }));
  for (const { dest } of pairs) {
    for (let d = path.dirname(dest); d.length > staged.length; d = path.dirname(d)) dirs.add(d);
    await fs.mkdir(path.dirname(dest), { recursive: true });
  }
  let sizeBytes = 0;
  await forEachLimit(pairs, PARALLEL, async ({ src, dest, rel }) => {
    const size = untrusted ? await linkChecked(srcDir, rel, dest) : await linkTrusted(src, dest);
    sizeBytes += size;
    await fsyncPath(dest);
  });
  await forEachLimit([...dirs], PARALLEL, fsyncPath);
  return { sizeBytes, fileCount: rels.length, moved: pairs.map((p) => p.src) };
}

async function linkTrusted(src: string, dest: string): Promise<number> {
  const st = await fs.lstat(src);
  if (!st.isFile()) throw new Error(`Not a regular file: ${src}`);
  await linkOrCopy(src, dest);
  return st.size;
}

/** Links the checked file's name, then proves the new name is the checked inode; copies from the descriptor where links are impossible. */
async function linkChecked(srcDir: string, rel: string, dest: string): Promise<number> {
  const f = await openUnder(srcDir, rel);
  try {
    try {
      await fs.link(f.full, dest);
    } catch {
      await copyFromHandle(f.fh, dest);
      return f.stat.size;
    }
    const now = await fs.lstat(dest);
    if (now.ino !== f.stat.ino || now.dev !== f.stat.dev) {
      await fs.rm(dest, { force: true });
      throw new UntrustedFileError(rel, 'was replaced while it was being stored');
    }
    return now.size;
  } finally {
    await f.fh.close();
  }
}
