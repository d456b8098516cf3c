import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type yauzl from 'yauzl';
import { JobFailure } from '../errors';
import { errorCode } from './fs-io';
import { entryKind, entryName, entryNameProblem, entryReader, openEntryStream, openZip } from './zip-entries';

export interface ZipLimits {
  /** Sum of bytes actually written (docs/api.md §8, quota rule 1 counts sizes after decompression). */
  maxTotalBytes: number;
  maxEntries: number;
  /** Uncompressed / compressed, per entry and for the whole archive. */
  maxRatio: number;
}

/** Small entries may compress better than any sane ratio (a blank frame): judged only past this. */
const RATIO_GRACE_BYTES = 1024 * 1024;

interface Extraction {
  root: string;
  limits: ZipLimits;
  zipSize: number;
  files: string[];
  totalBytes: number;
  seen: Map<string, string>;
  /** The topmost paths this extraction created, removed again on failure. */
  created: string[];
}

const invalid = (why: string, cause?: unknown) => new JobFailure('INVALID_INPUT_FILE', `Invalid zip: ${why}`, { cause });

/**
 * Extracts a zip into `destDir` (which should be new or empty), refusing anything hostile
 * with JobFailure INVALID_INPUT_FILE: names escaping the folder, links and special files,
 * duplicates (also by case), too many entries, too many bytes (counted as written) and
 * compression-ratio bombs. On failure everything it created is removed.
 */
export async function extractZip(zipPath: string, destDir: string, limits: ZipLimits): Promise<{ files: string[]; totalBytes: number }> {
  const zip = await openZip(zipPath).catch((err: unknown) => {
    throw invalid(`not a readable zip archive (${(err as Error).message})`, err);
  });
  const root = path.resolve(destDir);
  const x: Extraction = { root, limits, zipSize: zip.fileSize, files: [], totalBytes: 0, seen: new Map(), created: [] };
  try {
    if (zip.entryCount > limits.maxEntries) throw invalid(`too many entries (${zip.entryCount}, the limit is ${limits.maxEntries})`);
    await mkdirTracked(x, root);
    const next = entryReader(zip);
    for (let entry = await next(); entry; entry = await next()) await extractEntry(x, zip, entry);
    return { files: x.files, totalBytes: x.totalBytes };
  } catch (err) {
    await Promise.all(x.created.reverse().map((p) => fs.promises.rm(p, { recursive: true, force: true })));
    throw explain(err);
  } finally {
    zip.close();
  }
}

async function extractEntry(x: Extraction, zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  const name = entryName(entry);
  const problem = entryNameProblem(name);
  if (problem) throw invalid(`entry ${JSON.stringify(name)} ${problem}`);
  const kind = entryKind(entry, name);
  if (kind === 'symlink') throw invalid(`entry ${JSON.stringify(name)} is a symbolic link`);
  if (kind === 'special') throw invalid(`entry ${JSON.stringify(name)} is not a regular file or folder`);
  if (entry.isEncrypted()) throw invalid(`entry ${JSON.stringify(name)} is encrypted`);
  const rel = name.replace(/\/$/, '');
  checkDuplicate(x, rel);
  const target = path.resolve(x.root, ...rel.split('/'));
  if (!target.startsWith(x.root + path.sep)) throw invalid(`entry ${JSON.stringify(name)} would be written outside the folder`);
  if (kind === 'directory') return mkdirTracked(x, target);
  checkDeclaredSize(x, entry, rel);
  await mkdirTracked(x, path.dirname(target));
  await writeEntry(x, zip, entry, target, rel);
  x.files.push(rel);
}

function checkDuplicate(x: Extraction, rel: string): void {
  const folded = rel.normalize('NFC').toLowerCase();
  const earlier = x.seen.get(folded);
  if (earlier !== undefined) {
    const how = earlier === rel ? '' : ` (same as ${JSON.stringify(earlier)} ignoring case)`;
    throw invalid(`duplicate entry ${JSON.stringify(rel)}${how}`);
  }
  x.seen.set(folded, rel);
}

/** An early refusal from the headers; the real limits are enforced on the bytes written. */
function checkDeclaredSize(x: Extraction, entry: yauzl.Entry, rel: string): void {
  if (x.totalBytes + entry.uncompressedSize > x.limits.maxTotalBytes) throw tooLarge(x);
  if (isBomb(entry.uncompressedSize, entry.compressedSize, x.limits.maxRatio)) throw bomb(rel, entry.uncompressedSize, entry.compressedSize);
}

async function writeEntry(x: Extraction, zip: yauzl.ZipFile, entry: yauzl.Entry, target: string, rel: string): Promise<void> {
  const input = await openEntryStream(zip, entry);
  let written = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      x.totalBytes += chunk.length;
      if (x.totalBytes > x.limits.maxTotalBytes) return callback(tooLarge(x));
      if (isBomb(written, entry.compressedSize, x.limits.maxRatio)) return callback(bomb(rel, written, entry.compressedSize));
      if (isBomb(x.totalBytes, x.zipSize, x.limits.maxRatio)) return callback(bomb('the archive', x.totalBytes, x.zipSize));
      callback(null, chunk);
    },
  });
  const output = fs.createWriteStream(target, { flags: 'wx', mode: 0o644 });
  output.once('open', () => x.created.push(target));
  await pipeline(input, meter, output);
}

function isBomb(uncompressed: number, compressed: number, maxRatio: number): boolean {
  return uncompressed > RATIO_GRACE_BYTES && uncompressed > maxRatio * Math.max(compressed, 1);
}

const tooLarge = (x: Extraction) => invalid(`the files inside are larger than the limit of ${x.limits.maxTotalBytes} bytes`);

const bomb = (what: string, uncompressed: number, compressed: number) =>
  invalid(
    `${what === 'the archive' ? what : `entry ${JSON.stringify(what)}`} expands ${Math.round(uncompressed / Math.max(compressed, 1))}x or more (a decompression bomb?)`,
  );

async function mkdirTracked(x: Extraction, dir: string): Promise<void> {
  const first = await fs.promises.mkdir(dir, { recursive: true });
  if (first) x.created.push(first);
}

/** Our refusals pass through; yauzl and zlib format errors and name clashes become INVALID_INPUT_FILE; disk errors stay. */
function explain(err: unknown): unknown {
  if (err instanceof JobFailure) return err;
  const code = errorCode(err);
  if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR')
    return invalid('an entry clashes with another entry (a file and a folder of the same name)', err);
  if (code && (err as NodeJS.ErrnoException).syscall) return err; // ENOSPC, EACCES...: the disk, not the zip
  return invalid(`the archive is corrupt or unsupported (${(err as Error).message})`, err);
}
