import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { ffmpeg, makeEditClip, startMediaServer, type MediaServer } from '../testing/media';
import {
  audioChannels,
  audioDurations,
  decodeErrors,
  decodedFrameCount,
  formatDuration,
  ssimPairs,
  storedGeometry,
  streamCodecs,
  toneLevel,
} from '../testing/cut-checks';

/**
 * POST /v1/edits into other formats than the source's (docs/cutting.md, "Output formats"): the
 * output's extension decides what it holds; what no muxer takes is a 422 or a clear failure,
 * never ffmpeg's "Could not write header".
 */
let svc: TestService;
let media: MediaServer;
let dir: string;

beforeAll(async () => {
  dir = tempDir('ffdesk-edit-formats-');
  makeEditClip(dir);
  // Two audio tracks, told apart by their channels: a mono 440 Hz and a stereo 880 Hz (a camera's two channels, a film's two languages).
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=6', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=880:duration=6', '-map', '0', '-map', '1', '-map', '2', '-ac:a:1', '2'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-c:a', 'aac', '-shortest', path.join(dir, 'two-tracks.mp4')],
  ]);
  // A camcorder-like MPEG-TS of 30 s (B-frames, AAC): cut after a copy into Matroska (seekable-input.ts).
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=30', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=30'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-bf', '2', '-c:a', 'aac', '-shortest', '-f', 'mpegts', path.join(dir, 'long.ts')],
  ]);
  media = await startMediaServer(dir);
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await media?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** An edit of clip.mp4 (the input is added when it is sent: the media server starts in beforeAll). */
const edit = (mode: string, filename: string, over: Record<string, unknown> = {}) => ({
  segments: [{ start: 1.2, end: 2.2 }],
  mode,
  output: { filename, ...over },
});

const send = (body: object) => svc.api('POST', '/v1/edits', { input: `${media.url}/clip.mp4`, ...body });

async function finished(body: object): Promise<any> {
  const res = await send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return svc.waitForCommand(res.body.command_id, { timeoutMs: 120_000 });
}

function download(url: string, name: string): Promise<string> {
  const target = path.join(dir, `${Date.now()}-${name}`);
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (res) => res.pipe(fs.createWriteStream(target)).on('finish', () => resolve(target))).on('error', reject);
  });
}

/** The command succeeded; its output downloaded, decoding without errors. */
async function output(cmd: any): Promise<string> {
  expect(cmd.status, cmd.error_message).toBe('SUCCESS');
  const file = cmd.output_files.out_1;
  const local = await download(file.storage_url, file.filename);
  expect(await decodeErrors(local)).toBe('');
  return local;
}

describe('POST /v1/edits: the output extension decides the format', () => {
  it.each([
    ['an extension FFDesk does not cut to', edit('smart', 'cut.xyz'), 'body.output.filename', /\.mp4.*\.webm.*\.gif/],
    ['a video codec asked of a sound-only file', edit('reencode', 'cut.mp3', { video_codec: 'h264' }), 'body.output.video_codec', /no video/],
    ['a codec the container does not hold', edit('reencode', 'cut.webm', { video_codec: 'h264', audio_codec: 'aac' }), 'body.output.video_codec', /vp9/],
    ['an audio codec WebM does not hold', edit('reencode', 'cut.webm', { audio_codec: 'aac' }), 'body.output.audio_codec', /opus/],
    ['a lossless GIF', edit('lossless', 'cut.gif'), 'body.output.filename', /GIF is always encoded/],
    ['a segmented sound-only cut', { ...edit('reencode', 'cut.wav'), segmented: true }, 'body.segmented', /sound only/],
    ['a lossless frame capture', edit('lossless', 'frame.png'), 'body.output.filename', /an image is always encoded/],
    ['a size asked of a smart cut', edit('smart', 'cut.mp4', { max_height: 46 }), 'body.output.max_height', /send mode "reencode"/],
    ['a size asked of a sound-only file', edit('reencode', 'cut.mp3', { max_height: 46 }), 'body.output.max_height', /holds no picture/],
    ['a frame rate asked of an MP4', edit('reencode', 'cut.mp4', { max_fps: 10 }), 'body.output.max_fps', /sets a GIF's frame rate/],
    ['a height of a fraction of a line', edit('reencode', 'cut.mp4', { max_height: 46.5 }), 'body.output.max_height', /whole number/],
  ])('%s is a 422 naming the field', async (_name, body, loc, msg) => {
    const res = await send(body);
    expect(res.status).toBe(422);
    const issue = (res.body.detail as { loc: string[]; msg: string }[]).find((d) => d.loc.join('.') === loc);
    expect(issue?.msg, JSON.stringify(res.body)).toMatch(msg);
  });

  it('smart into WebM falls back to a VP9 + Opus re-encode, saying why, with exactly the frames asked for', async () => {
    const cmd = await finished(edit('smart', 'cut.webm'));
    const file = await output(cmd);
    expect(cmd.edit.mode_used).toBe('reencode');
    expect(cmd.edit.fallback_reason).toMatch(/\.webm file cannot hold the input's h264 video: it is re-encoded whole as vp9/);
    expect(await streamCodecs(file)).toEqual(['video:vp9', 'audio:opus']);
    expect(await decodedFrameCount(file)).toBe(25);
  }, 120_000);

  it.each([
    ['smart', 'cut.mp3', ['audio:mp3']],
    ['reencode', 'cut.wav', ['audio:pcm_s16le']],
    ['lossless', 'cut.m4a', ['audio:aac']],
  ])(
    '%s into %s keeps the sound only, cut to the segment',
    async (mode, filename, codecs) => {
      const cmd = await finished(edit(mode, filename));
      const file = await output(cmd);
      expect(await streamCodecs(file)).toEqual(codecs);
      expect(cmd.output_files.out_1.duration).toBeCloseTo(1, 1);
    },
    120_000,
  );

  it('a GIF is encoded from exactly the frames asked for, without sound', async () => {
    const cmd = await finished({
      ...edit('smart', 'cut.gif'),
      segments: [
        { start: 1.2, end: 2.2 },
        { start: 3, end: 3.4 },
      ],
    });
    const file = await output(cmd);
    expect(cmd.edit.fallback_reason).toMatch(/GIF is encoded whole/);
    // Named for what it is: no "smart" a GIF never is.
    expect(cmd.name).toBe('gif: clip.mp4 (2 segments) → cut.gif');
    expect(await streamCodecs(file)).toEqual(['video:gif']);
    expect(await decodedFrameCount(file)).toBe(25 + 10);
  }, 120_000);

  it('a re-encode scales down to max_height, keeping the shape and every frame; a smaller source keeps its size', async () => {
    const small = await output(await finished(edit('reencode', 'small.mp4', { max_height: '46' })));
    // 160x90 at 46 lines: 81.8 wide, rounded to even.
    expect(await storedGeometry(small)).toBe('82x46 rotated 0');
    expect(await decodedFrameCount(small)).toBe(25);
    const same = await output(await finished(edit('reencode', 'same.mp4', { max_height: 1080 })));
    expect(await storedGeometry(same)).toBe('160x90 rotated 0');
  }, 120_000);

  it('a segmented re-encode scales too', async () => {
    const body = { ...edit('reencode', 'split-small.mp4', { max_height: 46 }), segments: [{ start: 0.4, end: 5.2 }], segmented: { segment_seconds: 1 } };
    const file = await output(await finished(body));
    expect(await storedGeometry(file)).toBe('82x46 rotated 0');
    expect(await decodedFrameCount(file)).toBe(120);
  }, 120_000);

  it('a GIF takes max_height and max_fps; a frame rate above the source keeps the source', async () => {
    const gif = await output(await finished(edit('smart', 'small.gif', { max_height: 46, max_fps: 10 })));
    expect(await storedGeometry(gif)).toBe('82x46 rotated 0');
    // One second at 10 frames a second.
    expect(await decodedFrameCount(gif)).toBe(10);
    const full = await output(await finished(edit('smart', 'rate.gif', { max_fps: 30 })));
    expect(await decodedFrameCount(full)).toBe(25);
  }, 120_000);

  it('a .png holds the first frame of the segment, that exact frame; .jpg with one file per segment captures each', async () => {
    const png = await finished(edit('smart', 'frame.png'));
    const file = await output(png);
    expect(png.edit.fallback_reason).toMatch(/image holds the cut's first frame/);
    expect(png.name).toBe('frame: clip.mp4 at 1.2 s → frame.png');
    expect(await streamCodecs(file)).toEqual(['video:png']);
    expect(await decodedFrameCount(file)).toBe(1);
    // 1.2 s at 25 fps is the source's frame 30: the capture matches it, and not its neighbours.
    const source = path.join(dir, 'clip.mp4');
    const [same, before, after] = await ssimPairs(
      file,
      source,
      [
        [0, 30],
        [0, 29],
        [0, 31],
      ],
      dir,
    );
    expect(same).toBeGreaterThan(0.97);
    expect(Math.max(before!, after!)).toBeLessThan(same! - 0.01);

    const jpgs = await finished({
      ...edit('reencode', 'frame.jpg'),
      segments: [
        { start: 0.4, end: 1 },
        { start: 4, end: 4.04 },
      ],
      join: false,
    });
    expect(jpgs.status, jpgs.error_message).toBe('SUCCESS');
    expect(Object.values(jpgs.output_files).map((f: any) => f.filename)).toEqual(['frame-1.jpg', 'frame-2.jpg']);
    expect(jpgs.name).toBe('frames: clip.mp4 (2 frames) → frame-1.jpg +1');
    const second = await download(jpgs.output_files.out_2.storage_url, 'frame-2.jpg');
    expect(await streamCodecs(second)).toEqual(['video:mjpeg']);
    const [match] = await ssimPairs(second, source, [[0, 100]], dir);
    expect(match).toBeGreaterThan(0.9);
  }, 120_000);

  it.each([
    ['lossless', 2, 'two-tracks.mkv'],
    ['smart', 1, 'two-tracks.mp4'],
    ['reencode', 2, 'two-tracks.mov'],
  ])(
    '%s (%i segments into %s) keeps both audio tracks; an .mp3 keeps the first',
    async (mode, count, filename) => {
      const segments = [
        { start: 1, end: 2.2 },
        { start: 3, end: 4 },
      ].slice(0, count);
      const cmd = await finished({ input: `${media.url}/two-tracks.mp4`, segments, mode, output: { filename } });
      const file = await output(cmd);
      expect(await streamCodecs(file)).toEqual(['video:h264', 'audio:aac', 'audio:aac']);
      expect(await audioChannels(file)).toEqual([1, 2]);
      const mp3 = await finished({
        input: `${media.url}/two-tracks.mp4`,
        segments,
        mode: mode === 'lossless' ? 'reencode' : mode,
        output: { filename: 'first.mp3' },
      });
      expect(await audioChannels(await output(mp3))).toEqual([1]);
    },
    120_000,
  );

  it.each([
    ['lossless', 2, 'game.mkv', [2], [2]],
    ['smart', 1, 'game.mp4', [2], [2]],
    ['smart', 2, 'swapped.mp4', [2, 1], [2, 1]],
    ['reencode', 1, 'game.mov', [2], [2]],
    ['reencode', 2, 'game.mp3', [2], [2]],
    ['smart', 2, 'silent.mp4', [], []],
  ])(
    '%s (%i segments into %s) with audio_tracks %j keeps just those tracks, in that order',
    async (mode, count, filename, tracks, channels) => {
      const segments = [
        { start: 1, end: 2.2 },
        { start: 3, end: 4 },
      ].slice(0, count);
      const cmd = await finished({ input: `${media.url}/two-tracks.mp4`, segments, mode, audio_tracks: tracks, output: { filename } });
      const file = await output(cmd);
      // Told apart by their channels: track 1 is mono, track 2 stereo.
      expect(await audioChannels(file)).toEqual(channels);
      const picture = cmd.edit.segments.reduce((n: number, s: any) => n + s.actual_end - s.actual_start, 0);
      // Matroska states no duration per stream: there the tracks are only counted.
      const stated = (await audioDurations(file)).filter(Number.isFinite);
      expect(stated).toHaveLength(filename.endsWith('.mkv') ? 0 : channels.length);
      for (const d of stated) expect(Math.abs(d - picture), `audio ${d} s against ${picture} s of picture`).toBeLessThan(0.05);
    },
    120_000,
  );

  it.each([
    ['smart', 1, 'mixed.mp4', false],
    ['lossless', 2, 'mixed.mkv', false],
    ['reencode', 2, 'mixed.mp3', false],
    ['reencode', 2, 'mixed-split.mp4', true],
  ])(
    '%s (%i segments into %s, segmented: %s) with mix_audio holds one track, stereo, with both tracks in it, as long as the picture',
    async (mode, count, filename, segmented) => {
      const segments = [
        { start: 1, end: 2.2 },
        { start: 3, end: 4.6 },
      ].slice(0, count);
      const body = { input: `${media.url}/two-tracks.mp4`, segments, mode, mix_audio: true, ...(segmented ? { segmented: { segment_seconds: 1 } } : {}) };
      const cmd = await finished({ ...body, output: { filename } });
      const file = await output(cmd);
      // Track 1 is a mono 440 Hz, track 2 a stereo 880 Hz: the mix is stereo and holds both.
      expect(await audioChannels(file)).toEqual([2]);
      for (const hz of [440, 880]) expect(await toneLevel(file, 0, hz), `${hz} Hz`).toBeGreaterThan(-35);
      const picture = cmd.edit.segments.reduce((n: number, s: any) => n + s.actual_end - s.actual_start, 0);
      if (!filename.endsWith('.mkv')) expect(Math.abs((await audioDurations(file))[0]! - picture)).toBeLessThan(0.05);
    },
    120_000,
  );

  it('without mix_audio a track holds its own tone only (the check above can fail)', async () => {
    const file = await output(
      await finished({ input: `${media.url}/two-tracks.mp4`, segments: [{ start: 1, end: 2.2 }], mode: 'smart', output: { filename: 'apart.mp4' } }),
    );
    expect(await toneLevel(file, 0, 440)).toBeGreaterThan(-35);
    expect(await toneLevel(file, 0, 880)).toBeLessThan(-45);
  }, 120_000);

  it('a segmented re-encode keeps the audio tracks an edit names', async () => {
    const segments = [
      { start: 1, end: 2.2 },
      { start: 3, end: 4.6 },
    ];
    const body = { input: `${media.url}/two-tracks.mp4`, segments, mode: 'reencode', audio_tracks: [2], segmented: { segment_seconds: 1 } };
    const file = await output(await finished({ ...body, output: { filename: 'split-game.mp4' } }));
    expect(await streamCodecs(file)).toEqual(['video:h264', 'audio:aac']);
    expect(await audioChannels(file)).toEqual([2]);
  }, 120_000);

  it.each([
    ['a track the input lacks', { audio_tracks: [1, 3] }, 'cut.mp4', 'audio_tracks.1: The input has 2 audio tracks, not 3'],
    ['two tracks for a file holding one', { audio_tracks: [1, 2] }, 'cut.wav', /^audio_tracks: A \.wav file holds one audio track/],
    ['no track for a sound-only file', { audio_tracks: [] }, 'cut.m4a', 'audio_tracks: A .m4a file holds sound only, and audio_tracks keeps none'],
    ['a subtitle track of an input without any', { subtitle_tracks: [1] }, 'cut.mkv', 'subtitle_tracks.0: The input has no subtitle track'],
  ])('%s fails the command, naming the field', async (_name, tracks, filename, message) => {
    const cmd = await finished({ input: `${media.url}/two-tracks.mp4`, segments: [{ start: 1, end: 2 }], mode: 'smart', ...tracks, output: { filename } });
    expect(cmd.status).toBe('FAILED');
    expect(cmd.error_message).toMatch(message);
  });

  it('a segmented re-encode of two segments keeps both audio tracks, each joined across the cut and as long as the picture', async () => {
    const segments = [
      { start: 1, end: 2.2 },
      { start: 3, end: 4.6 },
    ];
    const cmd = await finished({
      input: `${media.url}/two-tracks.mp4`,
      segments,
      mode: 'reencode',
      segmented: { segment_seconds: 1 },
      output: { filename: 'split.mov' },
    });
    expect(cmd.status, cmd.error_message).toBe('SUCCESS');
    expect(cmd.segments.length).toBeGreaterThanOrEqual(2);
    const file = await output(cmd);
    expect(await streamCodecs(file)).toEqual(['video:h264', 'audio:aac', 'audio:aac']);
    expect(await audioChannels(file)).toEqual([1, 2]);
    const picture = cmd.edit.segments.reduce((n: number, s: any) => n + s.actual_end - s.actual_start, 0);
    for (const d of await audioDurations(file)) expect(Math.abs(d - picture), `audio ${d} s against ${picture} s of picture`).toBeLessThan(0.05);
    expect(Math.abs((await formatDuration(file)) - picture)).toBeLessThan(0.05);
  }, 120_000);

  it.each([
    ['the first seconds: the copy stops 10 s past the segment', { start: 1, end: 2.6 }, 12.5, 13.5],
    ['near the end: the copy reaches the end', { start: 25, end: 27.4 }, 29.5, 30.5],
  ])(
    'an MPEG-TS cut, %s, its progress published as stage "remux"',
    async (_n, segment, from, to) => {
      const seen: any[] = [];
      const off = svc.service.parts.events.subscribe((e) => {
        if (e.type === 'command.progress') seen.push(e.data);
      });
      try {
        const cmd = await finished({ input: `${media.url}/long.ts`, segments: [segment], mode: 'smart', output: { filename: 'cut.mp4' } });
        const out = await output(cmd);
        expect(await decodedFrameCount(out)).toBe(Math.round((segment.end - segment.start) * 25));
        expect(seen.filter((d) => d.command_id === cmd.command_id && d.progress.stage === 'remux').length, JSON.stringify(seen)).toBeGreaterThan(0);
        const log = (await svc.api('GET', `/v1/commands/${cmd.command_id}/log`)).text;
        const copied = /input copied into Matroska for exact seeking \(up to \d+ s from its start\): ([\d.]+) s copied/.exec(log);
        expect(copied, log).not.toBeNull();
        expect(Number(copied![1])).toBeGreaterThanOrEqual(from);
        expect(Number(copied![1])).toBeLessThanOrEqual(to);
      } finally {
        off();
      }
    },
    120_000,
  );

  it("lossless into WebM fails naming the file name and what to do, not with ffmpeg's header error", async () => {
    const cmd = await finished(edit('lossless', 'cut.webm'));
    expect(cmd.status).toBe('FAILED');
    expect(cmd.error_status).toBe('INVALID_INPUT_FILE');
    expect(cmd.error_message).toMatch(/output\.filename: lossless copies the input's h264 video, which a \.webm file cannot hold: cut to \.mkv/);
  }, 120_000);
});
