import type yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { innerPathProblem } from './blob-paths';

/**
 * yauzl is loaded by the first zip opened, not at start: it reads `zlib.crc32` when loaded, which
 * loads node's zlib (docs/performance.md, "Start-up"). Everything below but openZip works on what
 * openZip returned, so yauzl is loaded by then.
 */
let loaded: typeof yauzl | undefined;
async function yauzlLib(): Promise<typeof yauzl> {
  loaded ??= ((await import('yauzl')) as unknown as { default: typeof yauzl }).default;
  return loaded;
}

/** yauzl exports this at runtime (v3) but @types/yauzl does not declare it. */
const getFileNameLowLevel = (flags: number, raw: Buffer, extraFields: { id: number; data: Buffer }[], strictFileNames: boolean): string =>
  (
    loaded as unknown as {
      getFileNameLowLevel(flags: number, raw: Buffer, extraFields: { id: number; data: Buffer }[], strictFileNames: boolean): string;
    }
  ).getFileNameLowLevel(flags, raw, extraFields, strictFileNames);

export type EntryKind = 'file' | 'directory' | 'symlink' | 'special';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const DOS_DIRECTORY = 0x10;

/**
 * The entry's name, undecoded by yauzl (we open with decodeStrings: false so the checks
 * and their messages are ours): UTF-8 when flagged or via the Info-ZIP Unicode path
 * field, else CP437; backslashes kept so they can be refused.
 */
export function entryName(entry: yauzl.Entry): string {
  const raw = (entry as unknown as { fileNameRaw: Buffer }).fileNameRaw;
  return getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
}

/** Unix mode bits live in the high 16 bits of externalFileAttributes. */
export function entryKind(entry: yauzl.Entry, name: string): EntryKind {
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type === S_IFLNK) return 'symlink';
  if (type === S_IFDIR || name.endsWith('/') || (entry.externalFileAttributes & DOS_DIRECTORY) !== 0) return 'directory';
  if (type !== 0 && type !== S_IFREG) return 'special';
  return 'file';
}

/** Why a name must not be extracted (it could land outside the folder, or is not portable), or null. */
export function entryNameProblem(name: string): string | null {
  if (name.length === 0) return 'has an empty name';
  if (name.includes('\\')) return 'contains a backslash (a Windows path separator could escape the folder)';
  if (name.startsWith('/')) return 'is an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'starts with a drive letter';
  if (name.split('/').includes('..')) return 'would be written outside the folder (..)';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\x00-\x1f:]/.test(name)) return 'contains a control character or a colon';
  const problem = innerPathProblem(name.replace(/\/$/, ''));
  return problem ? `has an unsafe path (${problem})` : null;
}

/** yauzl's callback/event API as promises, with one permanent error listener (no unhandled 'error'). */
export async function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  const lib = await yauzlLib();
  return new Promise((resolve, reject) => {
    lib.open(zipPath, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false, strictFileNames: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    );
  });
}

export function entryReader(zip: yauzl.ZipFile): () => Promise<yauzl.Entry | null> {
  let failure: Error | null = null;
  let waiter: { resolve(e: yauzl.Entry | null): void; reject(err: Error): void } | null = null;
  const settle = (fn: (w: NonNullable<typeof waiter>) => void) => {
    const w = waiter;
    waiter = null;
    if (w) fn(w);
  };
  zip.on('entry', (entry: yauzl.Entry) => settle((w) => w.resolve(entry)));
  zip.on('end', () => settle((w) => w.resolve(null)));
  zip.on('error', (err: Error) => {
    failure ??= err;
    settle((w) => w.reject(err));
  });
  return () =>
    new Promise((resolve, reject) => {
      if (failure) return reject(failure);
      waiter = { resolve, reject };
      zip.readEntry();
    });
}

export function openEntryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}
