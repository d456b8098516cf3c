import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfiner } from './confine';
import { mapProbe, probeFile, type MediaFields } from './probe';
import { binaries, makeMedia, makeTempDir, VIDEO_ARGS } from '../testing/media-fixtures';

let dir: string;
/** Confined where the machine allows it (bubblewrap), as the service runs ffprobe. */
const confiner = createConfiner({ mode: () => 'prefer', log: () => undefined });
const files: Record<string, string> = {};

/** Probes like the callers do: a file ffprobe cannot read maps as null. */
async function probeAndMap(name: string): Promise<MediaFields> {
  const file = files[name] ?? path.join(dir, name);
  const probe = await probeFile(binaries.ffprobePath, file, { confiner, sees: /\.(m3u8|mpd)$/.test(file) ? 'folder' : 'file' }).catch(() => null);
  return mapProbe(probe, path.basename(file), fs.statSync(file).size);
}

const sortedKeys = (o: object) => Object.keys(o).sort();
const BASE_KEYS = ['file_format', 'file_type', 'mime_type', 'size_mbytes'];

beforeAll(() => {
  dir = makeTempDir('probe');
  files.video = makeMedia(dir, 'video.mp4', VIDEO_ARGS);
  files.png = makeMedia(dir, 'still.png', ['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1']);
  files.jpeg = makeMedia(dir, 'photo.JPEG', ['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1']);
  files.gif = makeMedia(dir, 'anim.gif', ['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-t', '1']);
  files.wav = makeMedia(dir, 'tone.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1']);
  files.mp3 = makeMedia(dir, 'tone.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:a', 'libmp3lame']);
  files.cover = makeMedia(dir, 'cover.mp3', ['-i', files.mp3, '-i', files.png, '-map', '0', '-map', '1', '-c', 'copy', '-id3v2_version', '3']);
  files.vfr = makeMedia(dir, 'vfr.mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x120:rate=25',
    '-t',
    '2',
    '-vf',
    "select='lt(n\\,10)+not(mod(n\\,3))'",
    '-vsync',
    'vfr',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
  ]);
  files.mkv = makeMedia(dir, 'copy.mkv', ['-i', files.video, '-c', 'copy']);
  files.hls = makeMedia(dir, 'playlist.m3u8', ['-i', files.video, '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '0']);
  fs.copyFileSync(files.video, (files.noext = path.join(dir, 'clip')));
  fs.writeFileSync((files.srt = path.join(dir, 'subs.srt')), '1\n00:00:00,500 --> 00:00:02,000\nHello FFDesk\n');
  fs.writeFileSync((files.txt = path.join(dir, 'notes.txt')), 'file video.mp4\n');
  fs.writeFileSync((files.zip = path.join(dir, 'frames.zip')), Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('mapProbe on real ffprobe output', () => {
  it('an H.264/AAC MP4 is a video with every video field', async () => {
    const m = await probeAndMap('video');
    expect(m).toMatchObject({
      file_type: 'video',
      file_format: 'mp4',
      mime_type: 'video/mp4',
      width: 320,
      height: 240,
      codec: 'h264',
      frame_rate: 25,
      is_varying_frame_rate: false,
      pixel_format: 'yuv420p',
      timebase: '1/12800',
      sample_rate: 44100,
      channels: 1,
    });
    expect(m.duration).toBeCloseTo(2, 1);
    expect(m.video_profile_level).toMatch(/^(Constrained )?Baseline@\d\.\d$/);
    expect(m.bitrate_video_kb).toBeGreaterThan(10);
    expect(m.bitrate_audio_kb).toBeGreaterThan(10);
    expect(m.size_mbytes).toBeCloseTo(fs.statSync(files.video ?? '').size / 1048576, 6);
    expect(sortedKeys(m)).toEqual(
      [
        ...BASE_KEYS,
        'bitrate_audio_kb',
        'bitrate_video_kb',
        'channels',
        'codec',
        'duration',
        'frame_rate',
        'height',
        'is_varying_frame_rate',
        'pixel_format',
        'sample_rate',
        'subtitle_tracks',
        'timebase',
        'video_profile_level',
        'width',
      ].sort(),
    );
  });

  it('a PNG and a JPEG are images with dimensions only', async () => {
    const png = await probeAndMap('png');
    expect(png).toEqual({
      file_type: 'image',
      file_format: 'png',
      mime_type: 'image/png',
      size_mbytes: png.size_mbytes,
      width: 320,
      height: 240,
      pixel_format: 'rgb24',
    });
    const jpg = await probeAndMap('jpeg');
    expect(jpg).toMatchObject({ file_type: 'image', file_format: 'jpg', mime_type: 'image/jpeg', width: 320, height: 240 });
    expect(jpg.duration).toBeUndefined();
  });

  it('an animated GIF is an image with its duration and bitrate (the compare view shows them)', async () => {
    const gif = await probeAndMap('gif');
    expect(gif).toMatchObject({ file_type: 'image', file_format: 'gif', mime_type: 'image/gif', width: 160, height: 120, duration: 1 });
    expect(gif.bitrate_video_kb).toBeCloseTo((gif.size_mbytes * 1024 * 1024 * 8) / 1000, -1);
  });

  it('WAV and MP3 are audio, with the audio codec as codec and no video fields', async () => {
    const wav = await probeAndMap('wav');
    expect(wav).toMatchObject({
      file_type: 'audio',
      file_format: 'wav',
      mime_type: 'audio/wav',
      codec: 'pcm_s16le',
      duration: 1,
      sample_rate: 44100,
      channels: 1,
      bitrate_audio_kb: 705.6,
    });
    expect(sortedKeys(wav)).toEqual([...BASE_KEYS, 'bitrate_audio_kb', 'channels', 'codec', 'duration', 'sample_rate', 'timebase'].sort());
    expect(await probeAndMap('mp3')).toMatchObject({ file_type: 'audio', codec: 'mp3', mime_type: 'audio/mpeg', bitrate_audio_kb: 64 });
  });

  it('an MP3 with cover art is still audio', async () => {
    const m = await probeAndMap('cover');
    expect(m).toMatchObject({ file_type: 'audio', codec: 'mp3' });
    expect(m.width).toBeUndefined();
  });

  it('a variable-frame-rate file is flagged', async () => {
    const m = await probeAndMap('vfr');
    expect(m).toMatchObject({ file_type: 'video', is_varying_frame_rate: true });
    expect(m.frame_rate).toBeLessThan(20);
  });

  it('a Matroska copy without per-stream bitrates leaves the bitrates out', async () => {
    const m = await probeAndMap('mkv');
    expect(m).toMatchObject({ file_type: 'video', file_format: 'mkv', mime_type: 'video/x-matroska', codec: 'h264', width: 320 });
    expect('bitrate_video_kb' in m).toBe(false);
  });

  it('an HLS manifest is an output_manifest that keeps what ffprobe saw through it', async () => {
    const m = await probeAndMap('hls');
    expect(m).toMatchObject({ file_type: 'output_manifest', file_format: 'm3u8', mime_type: 'application/vnd.apple.mpegurl', width: 320, codec: 'h264' });
    expect(m.duration).toBeCloseTo(2, 0);
  });

  it('a file without an extension takes its format from ffprobe', async () => {
    expect(await probeAndMap('noext')).toMatchObject({ file_type: 'video', file_format: 'mp4', mime_type: 'video/mp4' });
  });

  it('subtitles, text and zip files get only the basic fields', async () => {
    expect(await probeAndMap('srt')).toEqual({
      file_type: 'subtitles',
      file_format: 'srt',
      mime_type: 'application/x-subrip',
      size_mbytes: expect.any(Number),
    });
    expect(await probeAndMap('txt')).toEqual({ file_type: 'other', file_format: 'txt', mime_type: 'text/plain', size_mbytes: expect.any(Number) });
    expect(await probeAndMap('zip')).toEqual({ file_type: 'zip', file_format: 'zip', mime_type: 'application/zip', size_mbytes: expect.any(Number) });
  });
});

describe('probeFile', () => {
  it('when ffprobe cannot read the file, then it rejects with the reason', async () => {
    await expect(probeFile(binaries.ffprobePath, files.zip ?? '', { confiner })).rejects.toThrow(/ffprobe could not read frames\.zip: .*Invalid data/);
  });

  it('when the signal is already aborted, then it rejects', async () => {
    await expect(probeFile(binaries.ffprobePath, files.video ?? '', { confiner, signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('reads a file whose name looks like an option or a protocol', async () => {
    const odd = path.join(dir, '-x:y.mp4');
    fs.copyFileSync(files.video ?? '', odd);
    expect((await probeFile(binaries.ffprobePath, path.relative(process.cwd(), odd), { confiner })).format?.format_name).toContain('mp4');
  });
});
