import path from 'node:path';
import type { Tools } from './compute';
import { runConfined } from './run-confined';

/*
 * A text subtitle track as WebVTT, for the clip view's player to show over the picture while the
 * editor cuts (docs/gui.md, "Subtitles in the player"): made once per file and track inside the
 * sandbox, its times counted from the container's start as the picture's and the sound's are.
 */

/** Cached beside the file's other facts; the fact URL route serves it (fact-urls.ts). */
export const subtitlesFile = (track: number): string => `subs${track}.vtt`;
export const SUBTITLES_FILE_NAME = /^subs([1-9]|[1-5]\d|6[0-4])\.vtt$/;

/** A text track this long reads in seconds; a run past it is a file built to stall. */
const SUBTITLES_TIMEOUT_MS = 120_000;

/** Writes subtitle track `track` (1-based among subtitle streams) of `input` as WebVTT into `work`; the file's path. */
export async function makeSubtitleText(tools: Tools, input: string, track: number, work: string): Promise<string> {
  const out = path.join(work, 'subs.vtt');
  const argv = ['-v', 'error', '-nostdin', '-protocol_whitelist', 'file', '-i', path.resolve(input), '-map', `0:s:${track - 1}`];
  argv.push('-c:s', 'webvtt', '-f', 'webvtt', '-y', out);
  await runConfined({
    confiner: tools.confiner,
    bin: tools.ffmpegPath,
    argv,
    input,
    workDir: work,
    timeoutMs: SUBTITLES_TIMEOUT_MS,
    signal: tools.signal,
    what: `Reading subtitle track ${track}`,
  });
  return out;
}
