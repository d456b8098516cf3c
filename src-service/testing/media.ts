import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { binaries } from './media-fixtures';
import { mimeTypeFor } from '../media/probe';

const { ffmpegPath } = binaries;

/** Runs the real ffmpeg to make test media (no shell). */
export function ffmpeg(args: string[], cwd?: string): void {
  execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface TinyMedia {
  dir: string;
  video: string;
  image: string;
  audio: string;
  srt: string;
}

/**
 * Tiny media made at test time: a 2 s 320x240 H.264/AAC video (a keyframe every 12 frames, so stream-copy segmenting yields several files), a PNG, an MP3, an SRT.
 * The three encodes run once per test run for each length and are copied from there (the same
 * arguments to the same ffmpeg make the same bytes): about thirty files call this, and each call
 * was three ffmpeg starts (docs/contributing.md, "Where a run's CPU goes").
 */
export function makeTinyMedia(dir: string, opts: { seconds?: number } = {}): TinyMedia {
  fs.mkdirSync(dir, { recursive: true });
  const s = String(opts.seconds ?? 2);
  const made = madeOnce(`tiny-${s}s`, (into) => encodeTinyMedia(into, s));
  for (const name of ['video.mp4', 'image.png', 'audio.mp3']) fs.copyFileSync(path.join(made, name), path.join(dir, name));
  const srt = path.join(dir, 'subs.srt');
  fs.writeFileSync(srt, '1\n00:00:00,000 --> 00:00:01,500\nHello FFDesk\n\n2\n00:00:01,500 --> 00:00:02,000\nSecond line\n');
  return { dir, video: path.join(dir, 'video.mp4'), image: path.join(dir, 'image.png'), audio: path.join(dir, 'audio.mp3'), srt };
}

/**
 * The edit tests' clip (src-service/edits): 6 s of 160x90 H.264 at 25 fps with a keyframe every
 * 2 s and AAC audio, written to `<dir>/clip.mp4`; encoded once per run and copied.
 */
export function makeEditClip(dir: string): string {
  const made = madeOnce('edit-clip', (into) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-c:a', 'aac', '-shortest', path.join(into, 'clip.mp4')],
    ]),
  );
  const file = path.join(dir, 'clip.mp4');
  fs.copyFileSync(path.join(made, 'clip.mp4'), file);
  return file;
}

/**
 * A folder of test media made once per run by `make` and named `name`, in this run's temp root
 * (TMPDIR, removed with it; no `ffdesk-` prefix, so the leftovers check does not count it). The
 * same arguments to the same ffmpeg make the same bytes, so every later caller copies from it.
 * Made in a folder of its own and renamed into place: test processes running side by side never
 * see half of it.
 */
export function madeOnce(name: string, make: (dir: string) => void): string {
  const root = path.join(os.tmpdir(), 'media-made-once');
  const done = path.join(root, name);
  if (fs.existsSync(done)) return done;
  fs.mkdirSync(root, { recursive: true });
  const building = fs.mkdtempSync(path.join(root, `${name}-building-`));
  make(building);
  try {
    fs.renameSync(building, done);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another process made it first
  }
  return done;
}

function encodeTinyMedia(dir: string, s: string): void {
  const video = path.join(dir, 'video.mp4');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=320x240:rate=25:duration=${s}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${s}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '12',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    video,
  ]);
  const image = path.join(dir, 'image.png');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=1', '-frames:v', '1', image]);
  const audio = path.join(dir, 'audio.mp3');
  ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=330:duration=${s}`, '-c:a', 'libmp3lame', audio]);
}

export interface MediaServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A plain static file server on 127.0.0.1 standing in for "a publicly accessible URL". */
export async function startMediaServer(dir: string): Promise<MediaServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': mimeTypeFor(file), 'Content-Length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
