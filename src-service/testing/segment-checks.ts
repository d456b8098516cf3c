import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { binaries } from './media-fixtures';

/**
 * Test helpers for segmented encodes: what ffprobe and ffmpeg say about an output. They run
 * the tools asynchronously: a test blocked in a synchronous child process leaves a dead
 * keep-alive socket behind (the service closes it meanwhile) and its next request fails.
 */

/** The ffprobe the service picked: the fastest-starting recent one (docs/ffmpeg.md), ~1 ms to start against ~80 ms for a dynamically linked build. */
const FFPROBE = binaries.ffprobePath;

function run(bin: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(bin, args, { maxBuffer: 256 * 1024 * 1024 }, (_err, stdout, stderr) => resolve({ stdout: String(stdout), stderr: String(stderr) }));
  });
}

/** The first video stream's time base, as ffprobe states it ("1/1000"). */
export async function videoTimeBase(file: string): Promise<string> {
  const out = await run(FFPROBE, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=time_base', '-of', 'csv=p=0', file]);
  return out.stdout.trim();
}

export async function videoDuration(file: string): Promise<number> {
  const out = await run(FFPROBE, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file]);
  const rows = out.stdout
    .trim()
    .split('\n')
    .map((l) => l.split(',').map(Number));
  const first = Math.min(...rows.map((r) => r[0] ?? 0));
  const last = Math.max(...rows.map((r) => (r[0] ?? 0) + (r[1] ?? 0)));
  return last - first;
}

/** Whether the video packets' decode timestamps rise strictly, in file order (a join that repeats or reorders frames breaks this). */
export async function videoDtsRise(file: string): Promise<boolean> {
  const out = await run(FFPROBE, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=dts', '-of', 'csv=p=0', file]);
  const dts = out.stdout
    .trim()
    .split('\n')
    .map(Number)
    .filter((t) => Number.isFinite(t));
  return dts.length > 1 && dts.every((t, i) => i === 0 || t > dts[i - 1]!);
}

/** ffmpeg's error lines when decoding the whole file (empty: clean). */
export async function decodeErrors(file: string): Promise<string> {
  return (await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'])).stderr.trim();
}

/**
 * Frame n of one file against frame n of the other, whatever their times: the ssim filter pairs
 * frames by timestamp, and an encoder's rounding of a first frame's time (23 ms written as one
 * 25 fps tick) would pair each frame with its neighbour. The times are checked apart.
 */
/** Frames paired by their index: both on one time base first, or N counts in each file's own ticks and the pairs slide apart. */
const BY_INDEX = '[0:v]settb=1/1000,setpts=N[a];[1:v]settb=1/1000,setpts=N[b];[a][b]';

export async function meanSsim(a: string, b: string): Promise<number> {
  const r = await run('ffmpeg', ['-hide_banner', '-i', a, '-i', b, '-lavfi', `${BY_INDEX}ssim`, '-f', 'null', '-']);
  const m = /All:([0-9.]+)/.exec(r.stderr);
  if (!m) throw new Error(`no SSIM: ${r.stderr.slice(-500)}`);
  return Number(m[1]);
}

export async function hasAudio(file: string): Promise<boolean> {
  const out = await run(FFPROBE, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file]);
  return out.stdout.includes('audio');
}

/** Presentation times of every video frame, in order (frames are decoded). */
export async function frameTimes(file: string): Promise<number[]> {
  const out = await run(FFPROBE, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file]);
  return out.stdout
    .trim()
    .split('\n')
    .map(Number)
    .filter((t) => Number.isFinite(t))
    .sort((x, y) => x - y);
}

/** The SSIM of every frame of `a` against `b` (ffmpeg's ssim filter, its stats_file), by frame index. */
export async function frameSsims(a: string, b: string, statsFile: string): Promise<number[]> {
  await run('ffmpeg', ['-hide_banner', '-i', a, '-i', b, '-lavfi', `${BY_INDEX}ssim=stats_file=${statsFile}`, '-f', 'null', '-']);
  const text = await fs.readFile(statsFile, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => Number(/All:([0-9.]+)/.exec(l)?.[1]));
}

/**
 * The SSIM of the frames next to each seam: the last frame before each segment start (after
 * the first) and the first frame from it, found by the output's frame times.
 */
export async function seamFrameSsims(seg: string, ref: string, starts: number[], statsFile: string): Promise<{ frame: number; ssim: number }[]> {
  const times = await frameTimes(seg);
  const ssims = await frameSsims(seg, ref, statsFile);
  const t0 = times[0] ?? 0;
  const out: { frame: number; ssim: number }[] = [];
  for (const start of starts.slice(1)) {
    const first = times.findIndex((t) => t - t0 >= start - starts[0]! - 1e-4);
    for (const frame of [first - 1, first]) if (frame >= 0 && frame < ssims.length) out.push({ frame, ssim: ssims[frame]! });
  }
  return out;
}
