import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FilesRepo } from './files-repo';
import { runProcess } from '../media/run-process';
import { writeZip } from '../storage/zip';
import { probeAndStore, type ProbeStoreDeps } from './probe-and-store';
import { binaryRecipe, madeOrCached } from './samples-cache';

export interface SampleDeps extends ProbeStoreDeps {
  files: FilesRepo;
  log(msg: string): void;
  /** Samples already made by a service given the same folder are copied from it (config `samplesCacheDir`). */
  cacheDir?: string | undefined;
}

/** Each sample: its stored name and the ffmpeg arguments that make it (no network needed). */
const SAMPLES: { name: string; args: string[] }[] = [
  {
    name: 'sample-video.mp4',
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=25:duration=8',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=8',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ],
  },
  { name: 'sample-audio.mp3', args: ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=8', '-c:a', 'libmp3lame'] },
  { name: 'sample-music.mp3', args: ['-f', 'lavfi', '-i', 'sine=frequency=523:duration=8', '-af', 'volume=0.4', '-c:a', 'libmp3lame'] },
  { name: 'sample-image.png', args: ['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=1', '-frames:v', '1'] },
  { name: 'sample-logo.png', args: ['-f', 'lavfi', '-i', 'color=c=orange:size=96x96', '-frames:v', '1'] },
];
const SUBTITLES = '1\n00:00:00,500 --> 00:00:03,000\nWelcome to FFDesk\n\n2\n00:00:03,500 --> 00:00:07,000\nEverything here runs on your machine\n';

/**
 * Offline demo (issue: desktop app, item 9): sample media made with ffmpeg at first start
 * appear as ordinary stored files of the local account, so every template runs with no
 * network. Runs in the background; an existing sample is never made twice.
 */
export async function ensureSamples(deps: SampleDeps, accountId: string, signal?: AbortSignal): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'ffdesk-samples-'));
  try {
    for (const sample of SAMPLES) {
      signal?.throwIfAborted();
      if (deps.files.findByName(accountId, sample.name)) continue;
      const out = path.join(tmp, sample.name);
      const argv = ['-hide_banner', '-nostdin', '-y', ...sample.args, sample.name];
      const recipe = await binaryRecipe(deps.media.binaries().ffmpegPath, argv);
      const made = await madeOrCached(deps.cacheDir, recipe, out, async () => {
        const r = await runConfined(deps, argv, tmp, { timeoutMs: 120_000, signal });
        if (r.exitCode !== 0) deps.log(`samples: could not make ${sample.name}: ${r.stderrTail.slice(-300)}`);
        return r.exitCode === 0;
      });
      if (!made) continue;
      await storeSample(deps, accountId, sample.name, out);
    }
    if (!deps.files.findByName(accountId, 'sample-subtitles.srt')) {
      await fs.writeFile(path.join(tmp, 'sample-subtitles.srt'), SUBTITLES);
      await storeSample(deps, accountId, 'sample-subtitles.srt', path.join(tmp, 'sample-subtitles.srt'));
    }
    if (!deps.files.findByName(accountId, 'sample-frames.zip')) await storeFramesZip(deps, accountId, tmp);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/** A zip of 30 numbered PNG frames, for the "frames zip → video" template. */
async function storeFramesZip(deps: SampleDeps, accountId: string, tmp: string): Promise<void> {
  const frames = path.join(tmp, 'frames');
  const zip = path.join(tmp, 'sample-frames.zip');
  const argv = ['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=3', 'frame_%03d.png'];
  const recipe = { zip: await binaryRecipe(deps.media.binaries().ffmpegPath, argv) };
  const made = await madeOrCached(deps.cacheDir, recipe, zip, async () => {
    await fs.mkdir(frames);
    const r = await runConfined(deps, argv, frames, { timeoutMs: 60_000 });
    if (r.exitCode !== 0) return false;
    await writeZip(frames, (await fs.readdir(frames)).sort(), zip);
    return true;
  });
  if (made) await storeSample(deps, accountId, 'sample-frames.zip', zip);
}

/** ffmpeg in the sandbox like any command (docs/sandbox.md), writing only into `cwd`. */
async function runConfined(deps: SampleDeps, argv: string[], cwd: string, opts: { timeoutMs: number; signal?: AbortSignal }) {
  const cmd = deps.confiner.wrap({
    bin: deps.media.binaries().ffmpegPath,
    argv,
    cwd,
    writable: [cwd],
    readable: [],
    limits: { cpuSeconds: opts.timeoutMs / 1000 },
  });
  return runProcess(cmd, { cwd, ...opts });
}

async function storeSample(deps: SampleDeps, accountId: string, name: string, file: string): Promise<void> {
  const id = crypto.randomUUID();
  deps.files.insert({ id, accountId, serviceStoreType: 'STORED_FILE', status: 'DOWNLOADED', isPrivate: false, filename: name });
  const row = deps.files.getAny(id);
  if (row) await probeAndStore(deps, row, 'DOWNLOADED', file);
}
