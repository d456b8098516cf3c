import fs from 'node:fs/promises';
import path from 'node:path';
import { JobFailure } from '../errors';
import { checkListFileText, sniffListFileKind, type ListFileKind } from './sandbox';

/** How much of each file is read to tell text (a possible list) from binary media. */
const HEAD_BYTES = 4096;
/** Lists are small text; a larger text file is read up to here (ffmpeg reads lists line by line). */
const MAX_TEXT_BYTES = 32 * 1024 * 1024;

/**
 * Lists that ffmpeg follows (HLS/DASH manifests, concat lists) must not point outside the
 * job folder. Run before every step over the whole folder, so it covers downloaded and
 * own-storage inputs, extracted zips and files an earlier chained step wrote, whatever
 * their extension, since ffmpeg picks a demuxer by content too (escape catalogue).
 */
export async function checkJobFolderLists(work: string): Promise<void> {
  for (const rel of await listFiles(work)) {
    const text = await readIfText(path.join(work, rel));
    if (text === null) continue;
    const kind = sniffListFileKind(text) ?? kindByExtension(rel);
    if (!kind) continue;
    const reason = checkListFileText(text, kind);
    if (reason) throw new JobFailure('INVALID_INPUT_FILE', `${rel.split(path.sep).join('/')}: ${reason}`);
  }
}

/** The file as text, or null for binary content (a NUL byte in its head). */
async function readIfText(file: string): Promise<string | null> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    if (head.subarray(0, bytesRead).includes(0)) return null;
    const { size } = await handle.stat();
    if (size <= bytesRead) return head.subarray(0, bytesRead).toString('utf8');
    const all = Buffer.alloc(Math.min(size, MAX_TEXT_BYTES));
    const { bytesRead: n } = await handle.read(all, 0, all.length, 0);
    return all.subarray(0, n).toString('utf8');
  } finally {
    await handle.close();
  }
}

function kindByExtension(rel: string): ListFileKind | null {
  const ext = path.extname(rel).toLowerCase();
  if (ext === '.m3u8' || ext === '.m3u') return 'm3u8';
  if (ext === '.mpd') return 'mpd';
  return null;
}

/** Regular files under `dir`, relative; symlinks are not followed (zip extraction makes none). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
