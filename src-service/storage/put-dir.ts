import fs from 'node:fs/promises';
import path from 'node:path';
import { resolveInner } from './blob-paths';
import { forEachLimit, fsyncPath, linkOrCopy, listFilesRecursive } from './fs-io';

/** fsync is the slow part with thousands of HLS segments: a few at a time. */
const PARALLEL = 8;

/**
 * Builds a folder blob in `staged` (a fresh temp folder) from `relPaths` of `srcDir`: each
 * file is hard-linked (or copied) and fsynced, then every folder is fsynced, so a rename of
 * `staged` publishes it whole. Sources are left in place; the caller removes `moved` once
 * the folder is installed (so a failure half-way loses nothing).
 */
export async function putDirInto(
  srcDir: string,
  relPaths: string[] | undefined,
  staged: string,
): Promise<{ sizeBytes: number; fileCount: number; moved: string[] }> {
  const rels = relPaths ?? (await listFilesRecursive(srcDir));
  if (rels.length === 0) throw new Error(`No files to store from ${srcDir}`);
  if (new Set(rels).size !== rels.length) throw new Error('Duplicate paths in a folder blob');
  await fs.mkdir(staged);
  const dirs = new Set<string>([staged]);
  const pairs = rels.map((rel) => ({ src: resolveInner(srcDir, rel), dest: resolveInner(staged, rel) }));
  for (const { dest } of pairs) {
    for (let d = path.dirname(dest); d.length > staged.length; d = path.dirname(d)) dirs.add(d);
    await fs.mkdir(path.dirname(dest), { recursive: true });
  }
  let sizeBytes = 0;
  await forEachLimit(pairs, PARALLEL, async ({ src, dest }) => {
    const st = await fs.lstat(src);
    if (!st.isFile()) throw new Error(`Not a regular file: ${src}`);
    await linkOrCopy(src, dest);
    await fsyncPath(dest);
    sizeBytes += st.size;
  });
  await forEachLimit([...dirs], PARALLEL, fsyncPath);
  return { sizeBytes, fileCount: rels.length, moved: pairs.map((p) => p.src) };
}
