import fs from 'node:fs/promises';
import path from 'node:path';
import { JobFailure } from '../errors';
import { listFilesRecursive } from '../storage/fs-io';
import { OPEN_UNTRUSTED } from '../storage/no-follow';
import { yieldToEventLoop } from '../ffmpeg-args/request-limits';
import { checkListFileText, sniffListFileKind, type ListFileKind } from '../ffmpeg-args/sandbox';

/** How much of each file is read to tell text (a possible list) from binary media. */
const HEAD_BYTES = 4096;
/**
 * The largest list (playlist, manifest, concat list) checked: a day of 2-second HLS segments is
 * about 2 MiB. The checks are linear and run on the event loop, so this also bounds how long
 * one check holds it (docs/sandbox.md, "Work on the event loop"). Larger → the command fails.
 */
export const MAX_LIST_BYTES = 4 * 1024 * 1024;
/** A text file that is not a list may be larger (subtitles); it is searched for list lines in slices of this size. */
const SLICE_BYTES = 1024 * 1024;
/** Text larger than this cannot be told from a list cheaply and is refused. */
const MAX_TEXT_BYTES = 32 * 1024 * 1024;

/**
 * Lists that ffmpeg follows (HLS/DASH manifests, concat lists) must not point outside the
 * job folder. Run before every step over the whole folder, so it covers downloaded and
 * own-storage inputs, extracted zips and files an earlier chained step wrote, whatever
 * their extension, since ffmpeg picks a demuxer by content too (escape catalogue).
 */
export async function checkJobFolderLists(work: string): Promise<void> {
  for (const rel of await listFilesRecursive(work)) {
    await yieldToEventLoop(); // one file at a time: other requests run in between
    const text = await readListText(path.join(work, rel), rel);
    if (text === 'too-large')
      throw new JobFailure(
        'INVALID_INPUT_FILE',
        `${rel}: a list file (playlist, manifest or concat list) larger than ${MAX_LIST_BYTES} bytes (4 MiB) is not accepted`,
      );
    if (text === null) continue;
    const kind = sniffListFileKind(text) ?? kindByExtension(rel);
    if (!kind) continue;
    const reason = await checkInSlices(text, kind);
    if (reason) throw new JobFailure('INVALID_INPUT_FILE', `${rel}: ${reason}`);
  }
}

/** Characters checked between two turns of the event loop. */
const CHECK_SLICE_CHARS = 64 * 1024;

/**
 * Line lists (HLS, concat) are checked line by line, so they are checked in slices cut at line
 * ends with the event loop free in between; a DASH manifest (XML, whose elements span lines) is
 * checked whole, by indexOf scans bounded by MAX_LIST_BYTES.
 */
async function checkInSlices(text: string, kind: ListFileKind): Promise<string | null> {
  if (kind === 'mpd' || text.length <= CHECK_SLICE_CHARS) return checkListFileText(text, kind);
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + CHECK_SLICE_CHARS);
    if (to < text.length) {
      const cut = Math.max(text.lastIndexOf('\n', to), text.lastIndexOf('\r', to));
      to = cut > from ? cut + 1 : to; // one line longer than a slice is checked whole
      if (cut <= from) to = nextLineEnd(text, to);
    }
    const reason = checkListFileText(text.slice(from, to), kind);
    if (reason) return reason;
    from = to;
    await yieldToEventLoop();
  }
  return null;
}

function nextLineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i + 1;
  }
  return text.length;
}

/**
 * The file as text to check, or null for media (a NUL byte in its head). ffmpeg's line
 * readers (HLS, concat) end a line at a NUL as at a newline, so a NUL does not make a list
 * binary: a file that starts like a list, or is named like one, is read whole with NULs as
 * line ends. A text file too large to check whole is refused ('too-large'): ffmpeg would
 * read all of it (escape catalogue, testing/hardening/escape-catalogue.service.test.ts).
 */
async function readListText(file: string, rel: string): Promise<string | null | 'too-large'> {
  // Never through a link, never blocking on a FIFO (storage/no-follow.ts): only regular files are lists.
  const handle = await fs.open(file, OPEN_UNTRUSTED).catch(() => null);
  if (!handle) return null;
  try {
    const st = await handle.stat();
    if (!st.isFile()) return null;
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    const headText = asLines(head.subarray(0, bytesRead));
    const looksLikeList = startsAsList(headText) || kindByExtension(rel) !== null;
    const isMedia = head.subarray(0, bytesRead).includes(0) && !looksLikeList;
    if (isMedia) return null;
    const { size } = st;
    if (size <= bytesRead) return headText;
    if (size > MAX_LIST_BYTES) return looksLikeList || (await hasListLines(handle, size)) ? 'too-large' : null;
    const all = Buffer.alloc(size);
    const { bytesRead: n } = await handle.read(all, 0, all.length, 0);
    return asLines(all.subarray(0, n));
  } finally {
    await handle.close();
  }
}

/**
 * Text the way ffmpeg's readers see it: UTF-16 with a byte-order mark (libxml2 reads such
 * DASH manifests), else UTF-8 with NULs as line ends.
 */
function asLines(bytes: Buffer): string {
  const even = (b: Buffer) => b.subarray(2, 2 + ((b.length - 2) & ~1));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return even(bytes).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(even(bytes)).swap16().toString('utf16le');
  return bytes.toString('utf8').replaceAll('\0', '\n');
}

/** A list named by its first bytes (HLS, ffconcat header, DASH XML), not by a `file` line somewhere. */
function startsAsList(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  return /^(#EXTM3U|ffconcat\s|<\?xml|<MPD)/.test(start);
}

function kindByExtension(rel: string): ListFileKind | null {
  const ext = path.extname(rel).toLowerCase();
  if (ext === '.m3u8' || ext === '.m3u') return 'm3u8';
  if (ext === '.mpd') return 'mpd';
  return null;
}

/**
 * Whether a large text file has a line ffmpeg's concat demuxer would take as a `file`
 * directive (the one list kind with no header, sniffed anywhere): read in slices, with the
 * event loop free between them. Beyond MAX_TEXT_BYTES it is not read at all: refused.
 */
async function hasListLines(handle: fs.FileHandle, size: number): Promise<boolean> {
  if (size > MAX_TEXT_BYTES) return true;
  const buf = Buffer.alloc(SLICE_BYTES + 8);
  let carry = '\n';
  for (let at = 0; at < size; at += SLICE_BYTES) {
    await yieldToEventLoop();
    const { bytesRead } = await handle.read(buf, 0, SLICE_BYTES, at);
    const text = carry + asLines(buf.subarray(0, bytesRead));
    if (/[\n\r]file\s/.test(text)) return true;
    carry = text.slice(-5);
  }
  return false;
}
