import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { resolveBinaries } from '../../../src-service/media/binaries';

export const binaries = resolveBinaries();

/** Runs the bundled ffmpeg directly (the baseline); resolves with the wall time in seconds. */
export function runFfmpeg(args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(binaries.ffmpegPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let tail = '';
    child.stderr.on('data', (d: Buffer) => {
      tail = (tail + d.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve(seconds);
      else reject(new Error(`ffmpeg ${args.join(' ')} exited ${code}:\n${tail}`));
    });
  });
}

export async function ffmpegVersion(): Promise<string> {
  const out = await capture(binaries.ffmpegPath, ['-hide_banner', '-version']);
  return (out.split('\n')[0] ?? '')
    .replace(/^ffmpeg version /, '')
    .replace(/ Copyright.*$/, '')
    .trim();
}

/** A test clip: testsrc2 video + a sine tone, H.264 (ultrafast) + AAC in MP4. Made at bench time, never committed. */
export async function makeClip(file: string, o: { seconds: number; width: number; height: number; fps: number }): Promise<void> {
  const d = o.seconds.toFixed(3);
  await runFfmpeg(
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${o.width}x${o.height}:rate=${o.fps}:duration=${d}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${d}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ],
    process.cwd(),
  );
}

function capture(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('close', () => resolve(out));
  });
}
