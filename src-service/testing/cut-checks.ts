import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { binaries } from './media-fixtures';

/**
 * Frame-level checks of a cut (docs/cutting.md, "What is exact"), with the real ffmpeg and
 * ffprobe: decode errors, frame times, packet hashes, SSIM of one frame against another.
 */
const { ffmpegPath, ffprobePath } = binaries;

/** stderr of a full decode with `-v error`: empty when the file decodes cleanly. */
export function decodeErrors(file: string): string {
  const r = spawnSync(ffmpegPath, ['-hide_banner', '-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  return `${r.stderr}${r.status === 0 ? '' : `exit ${r.status}`}`.trim();
}

/** Video frame times (packet pts, display order). */
export function frameTimesOf(file: string): number[] {
  const out = execFileSync(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file], {
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .map((l) => l.split(',')[0]?.trim() ?? '')
    .filter((l) => l !== '' && l !== 'N/A')
    .map(Number)
    .sort((a, b) => a - b);
}

/** Decoded video frames. */
export function decodedFrameCount(file: string): number {
  const out = execFileSync(
    ffprobePath,
    ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file],
    {
      encoding: 'utf8',
    },
  );
  return Number(out.trim());
}

/** Video packets in decode order: time, keyframe flag and MD5 of the data (`-c copy -f framemd5`). */
export function packetList(file: string): { pts: number; key: boolean; hash: string }[] {
  const md5 = execFileSync(ffmpegPath, ['-hide_banner', '-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' });
  const rows = execFileSync(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((l) => l.trim() !== '');
  const hashes = md5
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => (l.split(',').pop() ?? '').trim());
  return rows.map((row, i) => {
    const [pts, flags] = row.split(',');
    return { pts: Number(pts), key: (flags ?? '').startsWith('K'), hash: hashes[i] ?? '' };
  });
}

/** The frames `indexes` (display order) of a file as 8-bit gray pictures, and their size. */
function grayFrames(file: string, indexes: number[]): { frames: Map<number, Buffer>; size: string } {
  const dims = execFileSync(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file], {
    encoding: 'utf8',
  }).trim();
  const [w, h] = dims.split('x').map(Number) as [number, number];
  const wanted = [...new Set(indexes)].sort((a, b) => a - b);
  const select = `select='${wanted.map((n) => `eq(n,${n})`).join('+')}',format=gray`;
  const raw = execFileSync(ffmpegPath, ['-hide_banner', '-v', 'error', '-i', file, '-vf', select, '-fps_mode', 'passthrough', '-f', 'rawvideo', '-'], {
    maxBuffer: 1 << 28,
  });
  const frames = new Map<number, Buffer>();
  wanted.forEach((n, k) => frames.set(n, raw.subarray(k * w * h, (k + 1) * w * h)));
  return { frames, size: dims };
}

/**
 * SSIM (All, ffmpeg's ssim filter) of each pair [frame of `out`, frame of `src`]: the frames are
 * extracted once per file, laid side by side in pair order, and compared in one ffmpeg run.
 */
export function ssimPairs(out: string, src: string, pairs: [number, number][], tmpDir: string): number[] {
  const a = grayFrames(
    out,
    pairs.map(([o]) => o),
  );
  const b = grayFrames(
    src,
    pairs.map(([, i]) => i),
  );
  const fileA = path.join(tmpDir, `ssim-a-${process.pid}-${Date.now()}.gray`);
  const fileB = `${fileA}.src`;
  fs.writeFileSync(fileA, Buffer.concat(pairs.map(([o]) => a.frames.get(o) ?? Buffer.alloc(0))));
  fs.writeFileSync(fileB, Buffer.concat(pairs.map(([, i]) => b.frames.get(i) ?? Buffer.alloc(0))));
  try {
    const raw = (f: string, size: string) => ['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', size, '-i', f];
    const stats = execFileSync(
      ffmpegPath,
      ['-hide_banner', '-v', 'error', ...raw(fileA, a.size), ...raw(fileB, b.size), '-lavfi', 'ssim=stats_file=-', '-f', 'null', '-'],
      {
        encoding: 'utf8',
      },
    );
    const values = [...stats.matchAll(/All:([0-9.]+)/g)].map((m) => Number(m[1]));
    if (values.length !== pairs.length) throw new Error(`ssim gave ${values.length} values for ${pairs.length} pairs (frames missing?)`);
    return values;
  } finally {
    fs.rmSync(fileA, { force: true });
    fs.rmSync(fileB, { force: true });
  }
}

/** Start times of the first video and audio streams. */
export function streamStarts(file: string): { video: number | null; audio: number | null } {
  const read = (sel: string) => {
    const out = execFileSync(ffprobePath, ['-v', 'error', '-select_streams', sel, '-show_entries', 'stream=start_time', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }).trim();
    return out === '' || out === 'N/A' ? null : Number(out);
  };
  return { video: read('v:0'), audio: read('a:0') };
}
