import fs from 'node:fs';
import path from 'node:path';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { innerPathProblem } from './blob-paths';
import { openUnder } from './no-follow';

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
 * Writes `relPaths` of `srcDir` into a new zip at `destPath`, streamed (each file is read as
 * the zip reaches it; nothing is held in memory whole). `srcDir` is a folder ffmpeg wrote
 * into: each member is opened without following links and checked on its descriptor when the
 * zip reaches it (storage/no-follow.ts), so a link, FIFO or hard link fails the zip with an
 * UntrustedFileError naming it. On failure the partial zip is removed.
 */
export async function writeZip(srcDir: string, relPaths: string[], destPath: string): Promise<WrittenZip> {
  checkNames(relPaths);
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => output.destroy(err)); // a member refused or changed size: fails the pipeline below
  const counted = { bytes: 0 };
  for (const rel of relPaths) addLazyMember(zip, rel, async () => (await openUnder(srcDir, rel)).fh, counted);
  zip.end();
  try {
    await pipeline(output, fs.createWriteStream(destPath, { mode: 0o644 }));
  } catch (err) {
    await fs.promises.rm(destPath, { force: true });
    throw err;
  }
  const { size } = await fs.promises.stat(destPath);
  return { uncompressedBytes: counted.bytes, compressedBytes: size, fileCount: relPaths.length };
}

function checkNames(relPaths: string[]): void {
  if (new Set(relPaths).size !== relPaths.length) throw new Error('Duplicate paths given to writeZip');
  for (const rel of relPaths) {
    const problem = innerPathProblem(rel);
    if (problem) throw new Error(`Cannot zip ${JSON.stringify(rel)}: ${problem}`);
  }
}

/**
 * Adds a member whose file is opened only when yazl reaches it (one descriptor at a time,
 * however many members); a failure to open or read becomes the zip's 'error'. `counted`
 * adds up the bytes read.
 */
export function addLazyMember(zip: yazl.ZipFile, name: string, open: () => Promise<FileHandle>, counted: { bytes: number } = { bytes: 0 }): void {
  zip.addReadStreamLazy(name, { compress: !isAlreadyCompressed(name) }, (cb) => {
    open().then(
      (fh) => {
        const stream = fh.createReadStream({ start: 0, highWaterMark: 1024 * 1024 });
        stream.on('data', (chunk: Buffer | string) => (counted.bytes += chunk.length));
        stream.on('error', (err: Error) => zip.emit('error', err));
        cb(null, stream);
      },
      (err: Error) => cb(err, undefined as unknown as Readable),
    );
  });
}
