import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { binaries } from './media-fixtures';
import { envForBinary } from '../media/static-glibc';

/**
 * Frame-level checks of a cut (docs/cutting.md, "What is exact"), with the real ffmpeg and
 * ffprobe: decode errors, frame times, packet hashes, SSIM of one frame against another.
 * Async, so the test's event loop keeps serving the service under test while ffmpeg works
 * (a blocked loop lets keep-alive sockets expire under the client's feet).
 */
const { ffmpegPath, ffprobePath } = binaries;
const run = promisify(execFile);
// As the service runs them: a static build is kept away from the system's iconv modules, without which it crashes on MPEG-TS (static-glibc.ts).
const envOf = (bin: string) => envForBinary(bin, process.env);
const text = async (bin: string, args: string[]) => (await run(bin, args, { encoding: 'utf8', maxBuffer: 1 << 26, env: envOf(bin) })).stdout;
const bytes = async (bin: string, args: string[]) => (await run(bin, args, { encoding: 'buffer', maxBuffer: 1 << 28, env: envOf(bin) })).stdout;
const lines = (s: string) => s.split('\n').filter((l) => l.trim() !== '');

/**
 * How loud a tone of `hz` is in audio stream `track` of a file (mean volume in dB of a narrow
 * band-pass around it, from ffmpeg's volumedetect): about −20 to −25 dB where the tone is, below −45 dB
 * where it is not.
 */
export async function toneLevel(file: string, track: number, hz: number): Promise<number> {
  const args = ['-hide_banner', '-nostats', '-i', file, '-map', `0:a:${track}`, '-af', `bandpass=f=${hz}:width_type=q:w=30,volumedetect`, '-f', 'null', '-'];
  const { stderr } = await run(ffmpegPath, args, { encoding: 'utf8', env: envOf(ffmpegPath) });
  const m = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  return m && m[1] !== '-inf' ? Number(m[1]) : -Infinity;
}

/** stderr of a full decode with `-v error`: empty when the file decodes cleanly. */
export async function decodeErrors(file: string): Promise<string> {
  try {
    return (await run(ffmpegPath, ['-hide_banner', '-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' })).stderr.trim();
  } catch (err) {
    return `${(err as { stderr?: string }).stderr ?? ''} ${(err as Error).message}`.trim();
  }
}

/** The container's start time (ffprobe's format start_time; 0 when it has none). */
export async function formatStart(file: string): Promise<number> {
  return formatField(file, 'start_time');
}

/** The container's duration (ffprobe's format duration). */
export async function formatDuration(file: string): Promise<number> {
  return formatField(file, 'duration');
}

async function formatField(file: string, field: string): Promise<number> {
  const out = (await text(ffprobePath, ['-v', 'error', '-show_entries', `format=${field}`, '-of', 'csv=p=0', file])).trim();
  const t = Number(out);
  return out === '' || !Number.isFinite(t) ? 0 : t;
}

/** Video frame times (packet pts, display order). */
export async function frameTimesOf(file: string): Promise<number[]> {
  const out = await text(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file]);
  return lines(out)
    .map((l) => l.split(',')[0]?.trim() ?? '')
    .filter((l) => l !== 'N/A')
    .map(Number)
    .sort((a, b) => a - b);
}

/** Decoded video frames. */
export async function decodedFrameCount(file: string): Promise<number> {
  const out = await text(ffprobePath, [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=nb_read_frames',
    '-of',
    'csv=p=0',
    file,
  ]);
  // The first line: a rotated stream's display matrix follows as lines of its own.
  return Number(lines(out)[0]?.split(',')[0]);
}

/**
 * Video packets in decode order: time, keyframe flag and MD5 of the data. With
 * `withoutParameterSets` (H.265 in MP4), a leading run of VPS/SPS/PPS (and the prefix SEI an
 * hvcC holds) in a packet is set aside before hashing: a smart cut puts the source's back in
 * front of each copied keyframe (docs/cutting.md). Every other byte counts.
 */
export async function packetList(file: string, opts: { withoutParameterSets?: boolean } = {}): Promise<{ pts: number; key: boolean; hash: string }[]> {
  const md5 = lines(await text(ffmpegPath, ['-hide_banner', '-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5', '-'])).filter(
    (l) => !l.startsWith('#'),
  );
  const rows = lines(await text(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file]));
  let hashes = md5.map((l) => (l.split(',').pop() ?? '').trim());
  if (opts.withoutParameterSets) {
    // framemd5's sizes split the raw packet data (`-f data`) back into packets.
    const data = await bytes(ffmpegPath, ['-hide_banner', '-v', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'data', '-']);
    let at = 0;
    hashes = md5.map((l) => {
      const size = Number(l.split(',')[4]);
      const packet = data.subarray(at, at + size);
      at += size;
      return crypto.createHash('md5').update(withoutLeadingParameterSets(packet)).digest('hex');
    });
  }
  return rows.map((row, i) => {
    const [pts, flags] = row.split(',');
    return { pts: Number(pts), key: (flags ?? '').startsWith('K'), hash: hashes[i] ?? '' };
  });
}

/** The MD5 of each packet of the first audio stream, in order (framemd5 of a stream copy). */
export async function audioPacketHashes(file: string): Promise<string[]> {
  const md5 = lines(await text(ffmpegPath, ['-hide_banner', '-v', 'error', '-i', file, '-map', '0:a:0', '-c', 'copy', '-f', 'framemd5', '-']));
  // The packet's own hash is the sixth field; side data (a copied track's first packet: skip samples) follows it.
  return md5.filter((l) => !l.startsWith('#')).map((l) => (l.split(',')[5] ?? '').trim());
}

/** An H.265 MP4 sample (4-byte NAL lengths) without its leading VPS (32), SPS (33), PPS (34) and prefix SEI (39) units. */
function withoutLeadingParameterSets(packet: Buffer): Buffer {
  let at = 0;
  while (at + 5 < packet.length) {
    const length = packet.readUInt32BE(at);
    const type = ((packet[at + 4] as number) >> 1) & 0x3f;
    if (![32, 33, 34, 39].includes(type) || at + 4 + length >= packet.length) break;
    at += 4 + length;
  }
  return packet.subarray(at);
}

/** The frames `indexes` (display order) of a file as 8-bit gray pictures, and their size. */
async function grayFrames(file: string, indexes: number[]): Promise<{ frames: Map<number, Buffer>; size: string }> {
  // The first line: an MPEG-TS lists its streams again under its program.
  const size =
    lines(await text(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', file]))[0]?.trim() ??
    '';
  const [w, h] = size.split('x').map(Number) as [number, number];
  const stored = `${w}x${h}`;
  const wanted = [...new Set(indexes)].sort((a, b) => a - b);
  const select = `select='${wanted.map((n) => `eq(n,${n})`).join('+')}',format=gray`;
  // The pictures as stored (a rotated stream's display matrix follows the size in ffprobe's line, and is not applied).
  const raw = await bytes(ffmpegPath, [
    '-hide_banner',
    '-v',
    'error',
    '-noautorotate',
    '-i',
    file,
    '-vf',
    select,
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    '-',
  ]);
  const frames = new Map<number, Buffer>();
  wanted.forEach((n, k) => frames.set(n, raw.subarray(k * w * h, (k + 1) * w * h)));
  return { frames, size: stored };
}

/**
 * SSIM (All, ffmpeg's ssim filter) of each pair [frame of `out`, frame of `src`]: the frames are
 * extracted once per file, laid out in pair order, and compared in one ffmpeg run.
 */
export async function ssimPairs(out: string, src: string, pairs: [number, number][], tmpDir: string): Promise<number[]> {
  const a = await grayFrames(
    out,
    pairs.map(([o]) => o),
  );
  const b = await grayFrames(
    src,
    pairs.map(([, i]) => i),
  );
  const fileA = path.join(tmpDir, `ssim-${process.pid}-${Math.random().toString(36).slice(2)}.gray`);
  const fileB = `${fileA}.src`;
  fs.writeFileSync(fileA, Buffer.concat(pairs.map(([o]) => a.frames.get(o) ?? Buffer.alloc(0))));
  fs.writeFileSync(fileB, Buffer.concat(pairs.map(([, i]) => b.frames.get(i) ?? Buffer.alloc(0))));
  try {
    const raw = (f: string, size: string) => ['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', size, '-i', f];
    const stats = await text(ffmpegPath, [
      '-hide_banner',
      '-v',
      'error',
      ...raw(fileA, a.size),
      ...raw(fileB, b.size),
      '-lavfi',
      'ssim=stats_file=-',
      '-f',
      'null',
      '-',
    ]);
    const values = [...stats.matchAll(/All:([0-9.]+)/g)].map((m) => Number(m[1]));
    if (values.length !== pairs.length) throw new Error(`ssim gave ${values.length} values for ${pairs.length} pairs (frames missing?)`);
    return values;
  } finally {
    fs.rmSync(fileA, { force: true });
    fs.rmSync(fileB, { force: true });
  }
}

/** Start times of the first video and audio streams. */
export async function streamStarts(file: string): Promise<{ video: number | null; audio: number | null }> {
  const read = async (sel: string) => {
    // The first field of the first line: a rotated stream's display matrix follows on lines of its own.
    const out = (lines(await text(ffprobePath, ['-v', 'error', '-select_streams', sel, '-show_entries', 'stream=start_time', '-of', 'csv=p=0', file]))[0] ?? '')
      .split(',')[0]!
      .trim();
    return out === '' || out === 'N/A' ? null : Number(out);
  };
  return { video: await read('v:0'), audio: await read('a:0') };
}

/** The first video stream's stored size and display rotation, unsigned ("160x90 rotated 90"). */
export async function storedGeometry(file: string): Promise<string> {
  const out = await text(ffprobePath, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height:stream_side_data=rotation',
    '-of',
    'json',
    file,
  ]);
  const s = (JSON.parse(out) as { streams?: { width?: number; height?: number; side_data_list?: { rotation?: number }[] }[] }).streams?.[0];
  const rotation = s?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0;
  return `${s?.width}x${s?.height} rotated ${Math.abs(rotation)}`;
}

/** The first video stream's codec tag ("avc1", "hev1", "hvc1"). */
export async function codecTag(file: string): Promise<string> {
  return (await text(ffprobePath, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_tag_string', '-of', 'csv=p=0', file])).trim();
}

/**
 * The profile_idc of every H.264 sequence parameter set of a file's video, the track's own (avcC)
 * and those in-band, without repeats, in the order met: a smart cut's edges declare the source's
 * profile (66 Baseline, 77 Main, 100 High), not only decode under it.
 */
export async function h264ProfileIdcs(file: string): Promise<number[]> {
  const args = ['-hide_banner', '-nostats', '-i', file, '-map', '0:v:0', '-c', 'copy', '-bsf:v', 'trace_headers', '-f', 'null', '-'];
  const { stderr } = await run(ffmpegPath, args, { encoding: 'utf8', maxBuffer: 1 << 26, env: envOf(ffmpegPath) });
  return [...new Set([...stderr.matchAll(/ profile_idc +[01]+ = (\d+)/g)].map((m) => Number(m[1])))];
}

/** Each stream's type and codec, in file order ("video:vp9", "audio:opus"). */
export async function streamCodecs(file: string): Promise<string[]> {
  const out = await text(ffprobePath, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'csv=p=0', file]);
  return lines(out).map((l) => {
    const [codec, type] = l.split(',').map((s) => s.trim());
    return `${type}:${codec}`;
  });
}

/** Each audio stream's channel count, in stream order. */
export async function audioChannels(file: string): Promise<number[]> {
  const out = await text(ffprobePath, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=channels', '-of', 'csv=p=0', file]);
  return lines(out).map((l) => Number(l.trim()));
}

/** Each audio stream's duration in seconds, as its container states it, in stream order. */
export async function audioDurations(file: string): Promise<number[]> {
  const out = await text(ffprobePath, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file]);
  return lines(out).map((l) => Number(l.trim()));
}

/** A subtitle stream's events as ffmpeg decodes them (read as SRT, `-copyts`): start and end in seconds of the file's own timeline, text. */
export async function subtitleEvents(file: string, track = 0): Promise<{ start: number; end: number; text: string }[]> {
  const srt = await text(ffmpegPath, ['-v', 'error', '-copyts', '-i', file, '-map', `0:s:${track}`, '-c:s', 'srt', '-f', 'srt', '-']);
  const clock = (s: string) => {
    const [h, m, rest] = s.trim().split(':');
    return Number(h) * 3600 + Number(m) * 60 + Number((rest ?? '').replace(',', '.'));
  };
  return srt
    .replace(/\r/g, '')
    .split(/\n\n+/)
    .map((block) => block.split('\n'))
    .filter((l) => (l[1] ?? '').includes('-->'))
    .map((l) => {
      const [a, b] = (l[1] as string).split('-->');
      return { start: clock(a ?? ''), end: clock(b ?? ''), text: l.slice(2).join('\n') };
    });
}

/** Each subtitle stream's codec and language tag ("mov_text:eng"), in stream order. */
export async function subtitleStreams(file: string): Promise<string[]> {
  const out = await text(ffprobePath, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name:stream_tags=language', '-of', 'csv=p=0', file]);
  return lines(out)
    .map((l) => l.split(',').map((s) => s.trim()))
    .filter((f) => f[1] === 'subtitle')
    .map((f) => [f[0], ...f.slice(2)].join(':'));
}
