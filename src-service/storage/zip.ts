import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { innerPathProblem } from './blob-paths';

export { extractZip, type ZipLimits } from './zip-extract';

export interface WrittenZip {
  /** Sum of the files' sizes (docs/api.md §8, quota rule 2: OUTPUT_FOLDER counts before compression). */
  uncompressedBytes: number;
  /** The zip's size on disk (quota rule 3: storage counts the stored zip). */
  compressedBytes: number;
  fileCount: number;
}

/** Already-compressed formats gain nothing from deflate but cost CPU: stored as is. */
const STORED_EXTENSIONS = new Set([
  'mp4',
  'm4v',
  'm4a',
  'm4s',
  'mov',
  'mkv',
  'webm',
  'ts',
  'mts',
  'm2ts',
  'mpg',
  'mpeg',
  'flv',
  'avi',
  'mp3',
  'aac',
  'ogg',
  'oga',
  'ogv',
  'opus',
  'flac',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'avif',
  'heic',
  'zip',
  'gz',
  '7z',
  'xz',
  'bz2',
]);

export function isAlreadyCompressed(name: string): boolean {
  return STORED_EXTENSIONS.has(path.extname(name).slice(1).toLowerCase());
}

/**
 * Writes `relPaths` of `srcDir` into a new zip at `destPath`, streamed (yazl reads each file
 * as it goes; nothing is held in memory whole). On failure the partial zip is removed.
 */
export async function writeZip(srcDir: string, relPaths: string[], destPath: string): Promise<WrittenZip> {
  const files = await statSources(srcDir, relPaths);
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => output.destroy(err)); // e.g. a source file changed size: fails the pipeline below
  for (const f of files) zip.addFile(f.full, f.rel, { compress: !isAlreadyCompressed(f.rel) });
  zip.end();
  try {
    await pipeline(output, fs.createWriteStream(destPath, { mode: 0o644 }));
  } catch (err) {
    await fs.promises.rm(destPath, { force: true });
    throw err;
  }
  const { size } = await fs.promises.stat(destPath);
  return { uncompressedBytes: files.reduce((n, f) => n + f.size, 0), compressedBytes: size, fileCount: files.length };
}

async function statSources(srcDir: string, relPaths: string[]): Promise<{ rel: string; full: string; size: number }[]> {
  if (new Set(relPaths).size !== relPaths.length) throw new Error('Duplicate paths given to writeZip');
  return Promise.all(
    relPaths.map(async (rel) => {
      const problem = innerPathProblem(rel);
      if (problem) throw new Error(`Cannot zip ${JSON.stringify(rel)}: ${problem}`);
      const full = path.join(srcDir, ...rel.split('/'));
      const st = await fs.promises.lstat(full);
      if (!st.isFile()) throw new Error(`Cannot zip ${JSON.stringify(rel)}: not a regular file`);
      return { rel, full, size: st.size };
    }),
  );
}
