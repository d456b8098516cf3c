import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { resolveBinaries } from '../media/binaries';
import { createProbeCache } from '../media/probe-cache';
import { sharedFfmpegCacheFile } from './suite-leftovers';
import { trackedTempDir } from './temp-dirs';

/** Shared by every test process (and test service), so the candidate binaries are probed once. */
export const TEST_FFMPEG_CACHE_FILE = sharedFfmpegCacheFile();

/** Test helpers for this folder: real binaries (the ones the service would pick), real media made at test time (conventions rule 8). */
export const binaries = resolveBinaries({ cache: createProbeCache(TEST_FFMPEG_CACHE_FILE) });

/** A fresh temp folder; removed when the test file ends if the test did not remove it (temp-dirs.ts). */
export function makeTempDir(prefix: string): string {
  return trackedTempDir(`ffdesk-${prefix}-`);
}

/** Runs the real ffmpeg (no shell) to write `name` into `dir`; returns its path. */
export function makeMedia(dir: string, name: string, args: string[]): string {
  const out = path.join(dir, name);
  execFileSync(binaries.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args, out], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  return out;
}

/** A 2 s 320x240 H.264 + AAC MP4. */
export const VIDEO_ARGS = [
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=320x240:rate=25',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440',
  '-t',
  '2',
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
];
