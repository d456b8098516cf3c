import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertArgs, DEFAULT_CHOICES, videoEncoderArgs, type ConvertChoices } from './convert-args';
import { codecsFor, codecLabel, hardwareFamily } from './convert-formats';
import { estimateSize, outputSize } from './convert-estimate';
import { formatTime, parseTime } from '../../lib/time-text';

const run = promisify(execFile);
const choose = (patch: Partial<ConvertChoices>): ConvertChoices => ({ ...DEFAULT_CHOICES, ...patch });

describe('convertArgs: a portrait source', () => {
  const phone = { width: 1080, height: 1920 };
  it('scales by the width, the short side: 720p is 720 × 1280', () => {
    expect(convertArgs(choose({ height: 720 }), 'in_1', 'out_1', phone).command).toContain('-vf scale=720:-2 ');
    expect(convertArgs(choose({ container: 'gif', height: 480 }), 'in_1', 'out_1', phone).command).toContain('scale=480:-1:flags=lanczos');
  });
  it('a wide or square source, or one not probed yet, by the height', () => {
    for (const source of [{ width: 1920, height: 1080 }, { width: 1080, height: 1080 }, {}])
      expect(convertArgs(choose({ height: 720 }), 'in_1', 'out_1', source).command).toContain('-vf scale=-2:720 ');
  });
  it('never enlarges: "Web MP4, 1080p" of a 720p clip keeps its 1280 × 720, as HandBrake does', () => {
    for (const source of [
      { width: 1280, height: 720 },
      { width: 720, height: 1280 },
      { width: 1920, height: 1080 },
    ])
      expect(convertArgs(choose({ height: 1080 }), 'in_1', 'out_1', source).command).not.toContain('scale=');
    expect(outputSize(choose({ height: 1080 }), { width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
    expect(outputSize(choose({ height: 480 }), { width: 1280, height: 720 })).toEqual({ width: 854, height: 480 });
  });
});

describe('convertArgs: choices → arguments', () => {
  it.each<[string, Partial<ConvertChoices>, string]>([
    [
      'default MP4',
      {},
      '-i {{in_1}} -map 0:v:0 -map 0:a:0? -c:v libx264 -preset medium -crf 23 -pix_fmt yuv420p -c:a aac -b:a 192k -movflags +faststart {{out_1}}',
    ],
    ['720p keeps the aspect', { height: 720 }, '-vf scale=-2:720'],
    ['a tall crop: 480p is its width', { crop: { width: 720, height: 1280, x: 0, y: 0 }, height: 480 }, '-vf crop=720:1280:0:0,scale=480:-2'],
    ['a crop no bigger than 480p is kept as it is (never enlarged)', { crop: { width: 180, height: 320, x: 0, y: 0 }, height: 480 }, '-vf crop=180:320:0:0 '],
    ['crop then scale', { crop: { width: 1280, height: 720, x: 10, y: 20 }, height: 480 }, '-vf crop=1280:720:10:20,scale=-2:480'],
    ['rotate 90 clockwise', { rotate: 90 }, '-vf transpose=1'],
    ['rotate 270', { rotate: 270 }, '-vf transpose=2'],
    ['rotate 180 and flip', { rotate: 180, flipH: true }, '-vf hflip,vflip,hflip'],
    ['frame rate', { fps: 25 }, '-vf fps=25'],
    ['second audio track', { audioTrack: 2 }, '-map 0:a:1?'],
    ['mute', { mute: true }, '-c:v libx264 -preset medium -crf 23 -pix_fmt yuv420p -an'],
    ['loudness, one pass without a measurement', { loudness: -16 }, '-af loudnorm=I=-16:TP=-1.5:LRA=11 -ar 48000 -c:a aac'],
    [
      'loudness, second pass with the measurement',
      { loudness: -16, measured: { fileId: 'f', track: 1, i: -33.2, tp: -12.5, lra: 4.1, thresh: -43.6 } },
      '-af loudnorm=I=-16:TP=-1.5:LRA=11:measured_I=-33.2:measured_TP=-12.5:measured_LRA=4.1:measured_thresh=-43.6:linear=true -ar 48000',
    ],
    [
      'loudness: the target range is never below the source’s',
      { loudness: -23, measured: { fileId: 'f', track: 1, i: -30, tp: -3, lra: 14.2, thresh: -40 } },
      'loudnorm=I=-23:TP=-1.5:LRA=15:',
    ],
    [
      'loudness: a measurement of another track is not used',
      { loudness: -16, audioTrack: 2, measured: { fileId: 'f', track: 1, i: -30, tp: -3, lra: 4, thresh: -40 } },
      '-af loudnorm=I=-16:TP=-1.5:LRA=11 -ar 48000',
    ],
    ['burn subtitles', { subtitles: 'burn' }, '-vf subtitles={{in_1}}'],
    ['keep subtitles in MP4', { subtitles: 'keep' }, '-map 0:s? -c:v libx264'],
    ['keep subtitles in MKV', { container: 'mkv', subtitles: 'keep' }, '-c:s copy {{out_1}}'],
    ['H.265 in MP4 is tagged for Apple', { videoCodec: 'h265' }, '-c:v libx265 -preset medium -crf 25 -pix_fmt yuv420p -tag:v hvc1'],
    ['VP9 WebM', { container: 'webm', videoCodec: 'vp9' }, '-c:v libvpx-vp9 -crf 30 -b:v 0 -deadline good -cpu-used 4 -row-mt 1 -pix_fmt yuv420p -c:a libopus'],
    ['WebM refuses H.264: first fitting codec', { container: 'webm', videoCodec: 'h264' }, '-c:v libvpx-vp9'],
    ['ProRes MOV', { container: 'mov', videoCodec: 'prores', quality: 90 }, '-c:v prores_ks -profile:v 3 -pix_fmt yuv422p10le'],
    ['copy keeps audio too', { videoCodec: 'copy' }, '-c:v copy -c:a copy'],
    ['MP3', { container: 'mp3' }, '-i {{in_1}} -map 0:a:0? -vn -c:a libmp3lame -q:a 3 {{out_1}}'],
    ['WAV', { container: 'wav', loudness: -23 }, '-vn -af loudnorm=I=-23:TP=-1.5:LRA=11 -ar 48000 -c:a pcm_s16le {{out_1}}'],
    ['M4A', { container: 'm4a' }, '-vn -c:a aac -b:a 192k -movflags +faststart'],
    [
      'GIF with a generated palette',
      { container: 'gif', height: 480 },
      '-i {{in_1}} -vf scale=-1:480:flags=lanczos,fps=12,split[a][b];[a]palettegen=max_colors=166:stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a -loop 0 {{out_1}}',
    ],
    ['hardware encoder', { videoCodec: 'h264_nvenc', quality: 0 }, '-c:v h264_nvenc -b:v 1500k -pix_fmt yuv420p'],
  ])('%s', (_name, patch, expected) => {
    expect(convertArgs(choose(patch)).command).toContain(expected);
  });

  it.each<[Partial<ConvertChoices>, RegExp]>([
    [{ container: 'webm', videoCodec: 'h264' }, /H\.264 does not fit in WebM/],
    [{ videoCodec: 'copy', height: 720 }, /Copying the video keeps the picture/],
    [{ container: 'gif', mute: true }, /A GIF has no sound/],
    [{ container: 'mp3', mute: true }, /hold no sound/],
  ])('says what had no effect: %j', (patch, note) => {
    expect(convertArgs(choose(patch)).notes.join(' ')).toMatch(note);
  });

  it('uses the given aliases and the container extension', () => {
    const args = convertArgs(choose({ container: 'mkv' }), 'in_video', 'out_2');
    expect(args.command.startsWith('-i {{in_video}} ')).toBe(true);
    expect(args.command.endsWith(' {{out_2}}')).toBe(true);
    expect(args.extension).toBe('mkv');
  });

  it('the quality slider runs CRF backwards: better quality, lower CRF', () => {
    const crf = (q: number) => Number(/-crf (\d+)/.exec(videoEncoderArgs('h264', q, 'mp4'))?.[1]);
    expect(crf(0)).toBe(34);
    expect(crf(100)).toBe(16);
    expect(crf(80)).toBeLessThan(crf(20));
  });
});

describe('part of the file', () => {
  it('reads the times an editor types: seconds, m:ss, h:mm:ss, with fractions; refuses the rest', () => {
    expect(['', '75', '75.5', '1:15', '1:15.25', '0:01:15', '1:02:03'].map(parseTime)).toEqual([null, 75, 75.5, 75, 75.25, 75, 3723]);
    expect(['1:75', 'abc', '1::2', '-3', '1.5:00', '1:2:3:4'].map(parseTime)).toEqual(Array(6).fill('invalid'));
    expect([0, 3, 75.5, 3723].map(formatTime)).toEqual(['0:00', '0:03', '1:15.5', '1:02:03']);
  });

  it('seeks the input to the start and reads the length (-ss, -t before -i); an end before the start is no end', () => {
    expect(convertArgs(choose({ start: 2, end: 5 })).command).toMatch(/^-ss 2 -t 3 -i \{\{in_1\}\} /);
    expect(convertArgs(choose({ start: 2 })).command).toMatch(/^-ss 2 -i /);
    expect(convertArgs(choose({ end: 4.5 })).command).toMatch(/^-t 4.5 -i /);
    expect(convertArgs(choose({ start: 5, end: 2 })).command).toMatch(/^-ss 5 -i /);
    // Burned subtitles keep their own times: the picture's are moved back to the file's while they are drawn.
    expect(convertArgs(choose({ start: 2, subtitles: 'burn' })).command).toContain('-vf setpts=PTS+2/TB,subtitles={{in_1}},setpts=PTS-STARTPTS ');
  });

  it('estimates the part, not the file', () => {
    const src = { duration: 60, width: 1280, height: 720, frameRate: 25 };
    const whole = estimateSize(choose({}), src)!.bytes;
    expect(estimateSize(choose({ start: 10, end: 13 }), src)!.bytes).toBeCloseTo(whole / 20, 0);
    expect(estimateSize(choose({ start: 50 }), src)!.bytes).toBeCloseTo(whole / 6, 0);
  });
});

describe('codecs per container', () => {
  it.each<[Parameters<typeof codecsFor>[0], string[], string[]]>([
    ['mp4', [], ['h264', 'h265', 'av1', 'copy']],
    ['webm', ['h264_nvenc'], ['vp9', 'av1']],
    ['mp4', ['h264_nvenc', 'hevc_qsv', 'vp9_vaapi'], ['h264', 'h265', 'av1', 'copy', 'h264_nvenc', 'hevc_qsv']],
    ['gif', ['h264_nvenc'], []],
    ['wav', [], []],
  ])('%s with hardware %j', (container, hw, expected) => {
    expect(codecsFor(container, hw)).toEqual(expected);
  });

  it('names hardware encoders by their codec', () => {
    expect(hardwareFamily('hevc_videotoolbox')).toBe('h265');
    expect(codecLabel('hevc_qsv')).toBe('H.265 (HEVC) on the GPU (hevc_qsv)');
  });
});

describe('estimated size', () => {
  const src = { duration: 60, width: 1920, height: 1080, frameRate: 30, videoKbps: 8000, audioKbps: 128, sampleRate: 48000, channels: 2 };

  it.each<[string, Partial<ConvertChoices>, number, number]>([
    // [name, choices, min MB, max MB] for one minute of 1080p30
    ['H.264 balanced', {}, 20, 80],
    ['AV1 small is smaller than H.264', { videoCodec: 'av1', quality: 30 }, 3, 20],
    ['ProRes HQ is huge', { container: 'mov', videoCodec: 'prores', quality: 90 }, 1200, 1800],
    ['copy is the source rate', { videoCodec: 'copy' }, 55, 65],
    ['WAV is 1536 kbit/s', { container: 'wav' }, 10.5, 12],
  ])('%s', (_name, patch, min, max) => {
    const mb = (estimateSize(choose(patch), src)?.bytes ?? 0) / 1e6;
    expect(mb).toBeGreaterThan(min);
    expect(mb).toBeLessThan(max);
  });

  it('grows with quality and shrinks with resolution', () => {
    const at = (patch: Partial<ConvertChoices>) => estimateSize(choose(patch), src)?.bytes ?? 0;
    expect(at({ quality: 90 })).toBeGreaterThan(at({ quality: 30 }));
    expect(at({ height: 720 })).toBeLessThan(at({}));
  });

  it('knows the output picture after crop, scale and rotation', () => {
    expect(outputSize(choose({ height: 720 }), src)).toEqual({ width: 1280, height: 720 });
    expect(outputSize(choose({ crop: { width: 1080, height: 1080, x: 420, y: 0 }, height: 480, rotate: 90 }), src)).toEqual({ width: 480, height: 480 });
    expect(outputSize(choose({ rotate: 270 }), src)).toEqual({ width: 1080, height: 1920 });
  });

  it("counts a portrait picture's resolution by its width, as phones do (720p of 1080 × 1920 is 720 × 1280)", () => {
    const phone = { ...src, width: 1080, height: 1920 };
    expect(outputSize(choose({ height: 720 }), phone)).toEqual({ width: 720, height: 1280 });
    // A tall crop of a wide picture is portrait too.
    expect(outputSize(choose({ crop: { width: 608, height: 1080, x: 656, y: 0 }, height: 480 }), src)).toEqual({ width: 480, height: 852 });
  });

  it("is held to the source's own bits for a simple source: a 0.24 Mbit/s 1080p B-roll is not estimated at a 1080p film's size", () => {
    const broll = { ...src, duration: 20, videoKbps: 240, audioKbps: undefined };
    const mb = (patch: Partial<ConvertChoices>) => (estimateSize(choose({ mute: true, ...patch }), broll)?.bytes ?? 0) / 1e6;
    // The table's 11.7 MB (the real encode made 0.68 MB) scaled by the source's bits per pixel against a typical encode's, with headroom: about 1 MB.
    expect(mb({})).toBeGreaterThan(0.6);
    expect(mb({})).toBeLessThan(1.5);
    // Codec, quality and size keep their proportions.
    expect(mb({ height: 720 })).toBeCloseTo((mb({}) * (1280 * 720)) / (1920 * 1080), 2);
    expect(mb({ videoCodec: 'av1', quality: 30 })).toBeLessThan(mb({}) / 2);
    expect(mb({ quality: 90 })).toBeGreaterThan(mb({}));
    // A rich source is not scaled: the table decides.
    expect((estimateSize(choose({}), src)?.bytes ?? 0) / 1e6).toBeGreaterThan(20);
  });

  it('needs a duration', () => {
    expect(estimateSize(choose({}), { width: 10, height: 10 })).toBeNull();
  });
});

/** Each container's arguments, run by the real ffmpeg on a tiny clip: the text is a working command. */
describe('the arguments run in ffmpeg', () => {
  let dir = '';
  let clip = '';
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'convert-args-'));
    clip = path.join(dir, 'in.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=1',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:v',
      'libx264',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ]);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each<[string, Partial<ConvertChoices>]>([
    ['mp4', { height: 120, rotate: 90, loudness: -16 }],
    ['mov', { container: 'mov', videoCodec: 'prores', quality: 10, crop: { width: 160, height: 120, x: 0, y: 0 } }],
    ['mkv', { container: 'mkv', videoCodec: 'h265', fps: 10 }],
    ['webm', { container: 'webm', videoCodec: 'av1', height: 120 }],
    ['gif', { container: 'gif', height: 120, flipV: true }],
    ['gif-part', { container: 'gif', height: 120, start: 0.2, end: 0.6 }],
    ['mp3', { container: 'mp3', loudness: -23 }],
    ['m4a', { container: 'm4a' }],
    ['wav', { container: 'wav' }],
  ])(
    '%s',
    async (name, patch) => {
      const out = path.join(dir, `out-${name}.${convertArgs(choose(patch)).extension}`);
      const command = convertArgs(choose(patch)).command.replace('{{in_1}}', clip).replace('{{out_1}}', out);
      await run('ffmpeg', ['-v', 'error', '-y', ...command.split(' ')]);
      expect(fs.statSync(out).size).toBeGreaterThan(0);
      if (patch.end !== undefined) {
        // 0.4 s at the GIF's 12 fps: 5 frames.
        const { stdout } = await run('ffprobe', [
          '-v',
          'error',
          '-count_frames',
          '-select_streams',
          'v',
          '-show_entries',
          'stream=nb_read_frames',
          '-of',
          'csv=p=0',
          out,
        ]);
        expect(Number(stdout.trim())).toBe(5);
      }
    },
    60_000,
  );

  it('a 5.1 source is mixed down to stereo for MP4 (its AAC has a layout players and encoders know); WAV keeps the six channels', async () => {
    const film = path.join(dir, 'film.mkv');
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1'],
      ...[
        '-filter_complex',
        '[1:a]pan=5.1(side)|FL=c0|FR=c0|FC=c0|LFE=c0|SL=c0|SR=c0[a]',
        '-map',
        '0:v',
        '-map',
        '[a]',
        '-c:v',
        'libx264',
        '-c:a',
        'ac3',
        film,
      ],
    ]);
    const channels = async (file: string) =>
      (await run('ffprobe', ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=channels,channel_layout', '-of', 'csv=p=0', file])).stdout.trim();
    expect(await channels(film)).toBe('6,5.1(side)');
    const mp4 = convertArgs(choose({}), 'in_1', 'out_1', { width: 320, height: 240, channels: 6 });
    expect(mp4.command).toContain('-c:a aac -b:a 192k -ac 2 ');
    expect(mp4.notes).toContain("Sound: the source's 6 channels are mixed down to stereo, which plays everywhere.");
    const out = path.join(dir, 'film.mp4');
    await run('ffmpeg', ['-v', 'error', '-y', ...mp4.command.replace('{{in_1}}', film).replace('{{out_1}}', out).split(' ')]);
    expect(await channels(out)).toBe('2,stereo');
    expect(convertArgs(choose({ container: 'wav' }), 'in_1', 'out_1', { channels: 6 }).command).not.toContain('-ac 2');
    expect(convertArgs(choose({}), 'in_1', 'out_1', { channels: 2 }).command).not.toContain('-ac 2');
  }, 60_000);

  it('two-pass loudness: measured by loudnorm, then the panel’s second pass lands within 1 LU of the target', async () => {
    const quiet = path.join(dir, 'quiet.wav');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'anoisesrc=d=3:c=pink:a=0.03', quiet]);
    const measure = async (file: string) => {
      const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-i', file, '-af', 'loudnorm=print_format=json', '-f', 'null', '-']);
      return JSON.parse(stderr.slice(stderr.lastIndexOf('{'))) as Record<string, string>;
    };
    const first = await measure(quiet);
    const measured = {
      fileId: 'f',
      track: 1,
      i: Number(first.input_i),
      tp: Number(first.input_tp),
      lra: Number(first.input_lra),
      thresh: Number(first.input_thresh),
    };
    expect(measured.i).toBeLessThan(-28);
    const out = path.join(dir, 'level.wav');
    const command = convertArgs(choose({ container: 'wav', loudness: -16, measured }))
      .command.replace('{{in_1}}', quiet)
      .replace('{{out_1}}', out);
    expect(command).toContain(':linear=true');
    await run('ffmpeg', ['-v', 'error', '-y', ...command.split(' ')]);
    expect(Math.abs(Number((await measure(out)).input_i) - -16)).toBeLessThanOrEqual(1);
  }, 60_000);
});
