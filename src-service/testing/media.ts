import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
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

/** Tiny media made at test time: a 2 s 320x240 H.264/AAC video (a keyframe every 12 frames, so stream-copy segmenting yields several files), a PNG, an MP3, an SRT. */
export function makeTinyMedia(dir: string, opts: { seconds?: number } = {}): TinyMedia {
  fs.mkdirSync(dir, { recursive: true });
  const s = String(opts.seconds ?? 2);
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
  const srt = path.join(dir, 'subs.srt');
  fs.writeFileSync(srt, '1\n00:00:00,000 --> 00:00:01,500\nHello FFDesk\n\n2\n00:00:01,500 --> 00:00:02,000\nSecond line\n');
  return { dir, video, image, audio, srt };
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
