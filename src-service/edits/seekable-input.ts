import fs from 'node:fs/promises';
import path from 'node:path';
import type { Confiner } from '../media/confine';
import { runConfined } from '../facts/run-confined';
import type { Progress } from '../media/progress';

/**
 * An input ffmpeg cannot seek exactly is first copied, stream by stream, into Matroska
 * (docs/cutting.md, "Inputs other than MP4/MOV"). MPEG-TS (camcorders' .mts/.m2ts, broadcast
 * recordings) and MPEG-PS (.mpg, .vob) have no index: a seek there is a search by timestamps
 * that lands near the target, sometimes after it or on a frame that is not a keyframe, so the
 * packets read around a segment and every part's `-ss` would miss frames. The copy reads the
 * input once (no decoding) and has an index; its times are the input's counted from its start,
 * as a cut's are.
 */

/** MPEG-TS: a sync byte every 188 bytes (192 in M2TS, after a 4-byte timestamp); MPEG-PS: a pack header first. */
export function isUnindexedMpeg(head: Uint8Array): boolean {
  const sync = (first: number, step: number) => head.length > first + 2 * step && [0, 1, 2].every((k) => head[first + k * step] === 0x47);
  if (sync(0, 188) || sync(4, 192)) return true;
  return head.length >= 4 && head[0] === 0 && head[1] === 0 && head[2] === 1 && head[3] === 0xba;
}

const HEAD_BYTES = 600;
/** A copy of a camcorder's hour of video is disk-bound: a generous deadline. */
const REMUX_TIMEOUT_MS = 30 * 60_000;

export interface SeekableDeps {
  confiner: Confiner;
  ffmpegPath: string;
}

/** Copied past the last second an edit needs: the reorder delay of the last frames and a smart cut's seek lead fit well inside. */
export const REMUX_MARGIN_SECONDS = 10;

export interface SeekableOptions {
  /** Seconds of the input (from its start) the edit needs: the copy stops there plus a margin (none: the whole file). */
  until?: number;
  /** The copy's progress, read from ffmpeg's `-progress` over the part copied. */
  onProgress?: (p: Progress) => void;
}

/**
 * The input as it is, or its Matroska copy in a fresh folder beside the job folder (`scratch`,
 * which holds the input too; only the new folder is writable for the copy). Video and audio are
 * copied (the subtitles of such files are pictures or teletext, which a cut does not keep), up to
 * `until` plus a margin: a cut of the first minute of a camcorder's hour copies a minute.
 */
export async function seekableInput(
  deps: SeekableDeps,
  input: string,
  scratch: string,
  signal: AbortSignal,
  opts: SeekableOptions = {},
): Promise<{ input: string; remuxed: boolean; log?: string }> {
  const head = Buffer.alloc(HEAD_BYTES);
  const handle = await fs.open(input, 'r');
  let read: number;
  try {
    ({ bytesRead: read } = await handle.read(head, 0, HEAD_BYTES, 0));
  } finally {
    await handle.close();
  }
  if (!isUnindexedMpeg(head.subarray(0, read))) return { input, remuxed: false };
  const workDir = path.join(scratch, 'seekable');
  await fs.mkdir(workDir, { recursive: true });
  const out = path.join(workDir, 'source.mkv');
  const seconds = opts.until === undefined ? null : Math.ceil(opts.until) + REMUX_MARGIN_SECONDS;
  let copied = 0;
  // Times as the input's from its start: nothing shifted to keep them above zero (B-frames start below it).
  const argv = ['-v', 'error', '-nostdin', ...(seconds === null ? [] : ['-t', String(seconds)]), '-i', input];
  argv.push('-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-sn', '-dn', '-avoid_negative_ts', 'disabled', '-f', 'matroska', '-y', out);
  await runConfined({
    confiner: deps.confiner,
    bin: deps.ffmpegPath,
    argv,
    input,
    workDir,
    timeoutMs: REMUX_TIMEOUT_MS,
    signal,
    what: 'Copying the MPEG-TS/PS input into Matroska (for exact seeking)',
    progress: {
      durationSeconds: seconds,
      onProgress: (p) => {
        copied = p.out_time_seconds;
        opts.onProgress?.(p);
      },
    },
  });
  const upTo = seconds === null ? 'the whole file' : `up to ${seconds} s from its start`;
  return { input: out, remuxed: true, log: `--- the MPEG-TS/PS input copied into Matroska for exact seeking (${upTo}): ${copied.toFixed(1)} s copied` };
}
