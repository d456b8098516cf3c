import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { ffmpeg, startMediaServer, type MediaServer } from '../testing/media';
import { decodeErrors, hasAudio, meanSsim, seamFrameSsims, videoDtsRise, videoDuration, videoTimeBase } from '../testing/segment-checks';
import { decodedFrameCount, frameTimesOf } from '../testing/cut-checks';
import { binaries } from '../testing/media-fixtures';

let svc: TestService;
let media: MediaServer;
let dir: string;

/** `frame`: the longest frame duration (the duration must match within it). */
const SOURCES = [
  { name: 'h264-25.mp4', rate: '25', gop: 25, codec: 'libx264', frame: 1 / 25, vfr: [] as string[], keep: '' },
  { name: 'h264-2997.mp4', rate: '30000/1001', gop: 30, codec: 'libx264', frame: 1001 / 30000, vfr: [], keep: '' },
  // MPEG-TS: its times start at 1.4 s; the cuts are counted from there, as each piece's -ss is. Its
  // video starts 23 ms after its audio: passthrough keeps an MP4 output from repeating the first
  // frame to fill them, in the unsegmented run.
  { name: 'h264-25.ts', rate: '25', gop: 25, codec: 'libx264', frame: 1 / 25, vfr: [], keep: '-fps_mode passthrough ' },
  // Matroska with B-frames: ffmpeg aims its seeks 3/23 s early there, so each piece aims that much later (segmented/plan.ts).
  // Its video starts 23 ms after its audio, as in the MPEG-TS: passthrough, as there.
  { name: 'h264-25.mkv', rate: '25', gop: 25, codec: 'libx264', frame: 1 / 25, vfr: [], keep: '-fps_mode passthrough ' },
  // A 29.97 fps recording in Matroska remuxed to MP4: its keyframes are indexed up to a millisecond
  // off their times (1/16000 time base), which each piece's seek must land past (segmented/plan.ts).
  { name: 'h264-2997-remuxed.mp4', rate: '30000/1001', gop: 100, codec: 'libx264', frame: 1001 / 30000, vfr: [], keep: '-fps_mode passthrough ', remux: true },
  // x265 makes open GOPs (CRA keyframes with leading frames): a stream-copy cut there would lose frames.
  { name: 'h265-25.mp4', rate: '25', gop: 25, codec: 'libx265', frame: 1 / 25, vfr: [], keep: '' },
  // Variable frame rate: 30 fps for 2 s, then every third frame (10 fps), kept as it is (-fps_mode passthrough; see docs/scale-out.md on VFR).
  {
    name: 'h264-vfr.mp4',
    rate: '30',
    gop: 25,
    codec: 'libx264',
    frame: 1 / 10,
    vfr: ['-vf', "select='lt(n\\,60)+not(mod(n\\,3))'", '-fps_mode', 'vfr'],
    keep: '-fps_mode passthrough ',
  },
];
/** H.265 at 29.97 fps (open GOPs at an NTSC rate), for the target-bitrate run. */
const BITRATE_SOURCE = { name: 'h265-2997.mp4', rate: '30000/1001', gop: 30, codec: 'libx265', frame: 1001 / 30000, vfr: [] as string[], keep: '' };

beforeAll(async () => {
  dir = tempDir('ffdesk-segmented-');
  for (const s of [...SOURCES, BITRATE_SOURCE]) {
    const lavfi = ['-f', 'lavfi', '-i', `testsrc2=size=192x108:rate=${s.rate}:duration=7`, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=7'];
    ffmpeg(
      [
        '-y',
        ...lavfi,
        '-c:v',
        s.codec,
        ...(s.codec === 'libx265' ? ['-x265-params', 'log-level=error'] : []),
        '-g',
        String(s.gop),
        '-preset',
        'veryfast',
        ...s.vfr,
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        'remux' in s ? `${s.name}.mkv` : s.name,
      ],
      dir,
    );
    if ('remux' in s) ffmpeg(['-y', '-i', `${s.name}.mkv`, '-map', '0', '-c', 'copy', s.name], dir);
  }
  media = await startMediaServer(dir);
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.stop();
  await media?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(input: string, command: string, segmented?: unknown, extra: Record<string, unknown> = {}): Promise<{ body: any; file: string }> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
    input_files: { in_1: `${media.url}/${input}` },
    output_files: { out_1: 'out.mp4' },
    ffmpeg_command: command,
    vcpu_count: 2,
    ...(segmented === undefined ? {} : { segmented }),
    ...extra,
  });
  expect(res.status, res.text).toBe(200);
  const body = await svc.waitForCommand(res.body.command_id, { timeoutMs: 180_000 });
  expect(body.status, body.error_message).toBe('SUCCESS');
  const file = path.join(dir, `${res.body.command_id}.mp4`);
  fs.writeFileSync(file, Buffer.from(await (await fetch(body.output_files.out_1.storage_url)).arrayBuffer()));
  return { body, file };
}

describe('segmented encodes', () => {
  // The refusals first: the encode checks below block the event loop (sync ffprobe), which can leave a dead keep-alive socket behind.
  it.each([
    ['a time-spanning filter', '-i {{in_1}} -vf fps=10 {{out_1}}', /fps spans time/],
    ['-ss on the input', '-ss 1 -i {{in_1}} {{out_1}}', /-ss selects time/],
    ['two-pass', '-i {{in_1}} -c:v libx264 -b:v 500k -pass 1 {{out_1}}', /Two-pass/],
  ])('when the command has %s, then segmented is refused with 422 saying how to run it unsegmented', async (_n, command, why) => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/h264-25.mp4` },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: command,
      segmented: true,
    });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(why);
    expect(res.text).toMatch(/without \\"segmented\\"/);
  });

  it('when segment_seconds is not a number, then 422 at segmented', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command?dry_run=true', {
      input_files: { in_1: `${media.url}/h264-25.mp4` },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-i {{in_1}} {{out_1}}',
      segmented: { segment_seconds: 'abc' },
    });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/segmented/);
  });

  /** Frame for frame as the unsegmented run: count, duration within a frame, clean decode, audio, SSIM (mean and at every seam). */
  async function expectExact(seg: { body: any; file: string }, plain: { file: string }, frameSeconds: number): Promise<void> {
    expect(seg.body.segments.length).toBeGreaterThanOrEqual(3);
    expect(seg.body.segments.every((x: any) => x.status === 'DONE' && /^local:core/.test(x.worker) && x.seconds >= 0)).toBe(true);
    expect(seg.body.segments_reused).toBe(0);
    expect(await decodedFrameCount(seg.file)).toBe(await decodedFrameCount(plain.file));
    expect(Math.abs((await videoDuration(seg.file)) - (await videoDuration(plain.file)))).toBeLessThanOrEqual(frameSeconds + 1e-6);
    expect(await decodeErrors(seg.file)).toBe('');
    expect(await videoDtsRise(seg.file)).toBe(true);
    expect(await hasAudio(seg.file)).toBe(true);
    expect(await meanSsim(seg.file, plain.file)).toBeGreaterThanOrEqual(0.98);
    const starts = seg.body.segments.map((x: any) => x.start as number);
    const seams = await seamFrameSsims(seg.file, plain.file, starts, path.join(dir, `${seg.body.command_id}.ssim.log`));
    expect(seams.length).toBe(2 * (starts.length - 1));
    for (const s of seams) expect(s.ssim, `frame ${s.frame} next to a seam`).toBeGreaterThanOrEqual(0.95);
  }

  it.each(SOURCES)('when $name is encoded in 2 s segments with CRF, then it matches the unsegmented run frame for frame', async (s) => {
    const command = `-i {{in_1}} ${s.keep}-c:v libx264 -crf 20 -preset veryfast -c:a aac -movflags +faststart {{out_1}}`;
    const plain = await run(s.name, command);
    const seg = await run(s.name, command, { segment_seconds: '2' });
    await expectExact(seg, plain, s.frame);
  });

  it('when an encode of an H.265 29.97 fps source with a target bitrate (-b:v) is segmented, then it matches the unsegmented run frame for frame and a repeat is a cache hit', async () => {
    const command = '-i {{in_1}} -c:v libx264 -b:v 400k -preset veryfast -c:a aac {{out_1}}';
    const plain = await run(BITRATE_SOURCE.name, command);
    const seg = await run(BITRATE_SOURCE.name, command, { segment_seconds: 2 }, { cache: true });
    await expectExact(seg, plain, BITRATE_SOURCE.frame);
    // The result cache works as for any command: the same segmented run again is a hit on the same bytes.
    const again = await run(BITRATE_SOURCE.name, command, { segment_seconds: 2 }, { cache: true });
    expect(again.body).toMatchObject({ cache_hit: true, cached_from_command_id: seg.body.command_id });
    expect(fs.readFileSync(again.file).equals(fs.readFileSync(seg.file))).toBe(true);
  });

  it('when a segmented encode runs, then its progress has a speed, an ETA and FPS; cancelled while segments run, it ends CANCELLED and its finished segments are removed', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/h264-25.mp4` },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-re -i {{in_1}} -c:v libx264 -preset veryfast {{out_1}}',
      vcpu_count: 2,
      segmented: { segment_seconds: 1 },
    });
    expect(res.status, res.text).toBe(200);
    const id = res.body.command_id;
    // Until a segment runs, or the command ended (then the checks below say how, with the record).
    const started = await svc.waitForCommand(id, {
      until: (b) => (b.segments ?? []).some((s: any) => s.status === 'RUNNING') || !['QUEUED', 'PROCESSING'].includes(b.status),
    });
    expect(started.status, JSON.stringify(started)).toBe('PROCESSING');
    // Two encodes at once (-re: about 1× each): the job's speed is theirs together, with an ETA and their FPS summed.
    // How fast is the machine's business (no timed assertion, docs/contributing.md): the figures must be there and positive.
    // Until both are read: ffmpeg's first reports of a run say fps=0.0 before a second has passed (a CI run sampled one).
    const moving = await svc.waitForCommand(id, { until: (b) => (b.progress?.speed > 0 && b.progress?.fps > 0) || b.status !== 'PROCESSING' });
    expect(moving.status, JSON.stringify(moving)).toBe('PROCESSING');
    expect(moving.progress).toMatchObject({ speed: expect.any(Number), eta_seconds: expect.any(Number), fps: expect.any(Number) });
    expect(moving.progress.speed).toBeGreaterThan(0);
    expect(moving.progress.fps).toBeGreaterThan(0);
    expect((await svc.api('POST', `/v1/commands/${id}/cancel`)).status).toBe(200);
    const done = await svc.waitForCommand(id);
    expect(done.status).toBe('FAILED');
    expect(done.error_status).toBe('CANCELLED');
    expect(fs.existsSync(path.join(svc.dataDir, 'segments', id))).toBe(false);
  });
});

/** The first audio packet's time and the audio stream's duration, as a player reads them. */
async function audioStart(file: string): Promise<{ start: number; duration: number }> {
  const out = execFileSync(
    binaries.ffprobePath,
    ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=start_time,duration', '-of', 'json', file],
    {
      encoding: 'utf8',
    },
  );
  const s = (JSON.parse(out) as { streams: { start_time: string; duration: string }[] }).streams[0]!;
  return { start: Number(s.start_time), duration: Number(s.duration) };
}

describe('segmented re-encode edits (POST /v1/edits, docs/cutting.md)', () => {
  const editBody = (extra: Record<string, unknown> = {}) => ({
    input: `${media.url}/h264-2997.mp4`,
    mode: 'reencode',
    // Starts and ends between keyframes (a GOP is 30 frames): each range is cut at keyframes inside it.
    segments: [
      { start: 0.5, end: 4.3 },
      { start: 5.1, end: 6.6 },
    ],
    output: { filename: 'cut.mp4', preset: 'veryfast', crf: 20 },
    ...extra,
  });

  it.each([
    ['mode smart', { mode: 'smart' }, /mode \\"reencode\\"/],
    ['join=false', { join: false }, /join=true/],
  ])('when segmented comes with %s, then 422 at body.segmented', async (_n, over, why) => {
    const res = await svc.api('POST', '/v1/edits?dry_run=true', editBody({ ...over, segmented: true }));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'segmented']);
    expect(res.text).toMatch(why);
  });

  async function edit(body: Record<string, unknown>): Promise<{ body: any; file: string }> {
    const res = await svc.api('POST', '/v1/edits', body);
    expect(res.status, res.text).toBe(200);
    const done = await svc.waitForCommand(res.body.command_id, { timeoutMs: 180_000 });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const file = path.join(dir, `${res.body.command_id}.mp4`);
    fs.writeFileSync(file, Buffer.from(await (await fetch(done.output_files.out_1.storage_url)).arrayBuffer()));
    return { body: done, file };
  }

  it('when a reencode edit of two ranges is segmented, then its pieces run apart and the output has the unsegmented edit’s frames', async () => {
    const plain = await edit(editBody());
    const seg = await edit(editBody({ segmented: { segment_seconds: '1' } }));
    // Each range from its first frame, cut at the keyframes (every 1.001 s) at least 1 s past the last cut: 4 pieces, then 1 (6.006 is under 1 s past 5.105).
    const [first, second] = seg.body.edit.segments;
    expect(seg.body.segments.map((s: any) => [s.start, s.end])).toEqual([
      [first.actual_start, 2.002],
      [2.002, 3.003],
      [3.003, 4.004],
      [4.004, first.actual_end],
      [second.actual_start, second.actual_end],
    ]);
    expect(seg.body.segments.every((x: any) => x.status === 'DONE' && /^local:core/.test(x.worker))).toBe(true);
    expect(seg.body.segments_reused).toBe(0);
    await expectSameEdit(seg, plain);
  });

  it('when the edit of an MKV with B-frames is segmented, then its pieces start on their own keyframes and the output has the unsegmented edit’s frames', async () => {
    const body = editBody({ input: `${media.url}/h264-25.mkv` });
    const plain = await edit(body);
    const seg = await edit({ ...body, segmented: { segment_seconds: '1' } });
    expect(seg.body.segments.length).toBeGreaterThanOrEqual(4);
    await expectSameEdit(seg, plain);
  });

  async function expectSameEdit(seg: { body: any; file: string }, plain: { body: any; file: string }): Promise<void> {
    expect(seg.body.edit).toEqual(plain.body.edit);
    expect(await decodedFrameCount(seg.file)).toBe(await decodedFrameCount(plain.file));
    // The source's time base, as the unsegmented edit keeps it (the join states the pieces' timescale too).
    expect(await videoTimeBase(seg.file)).toBe(await videoTimeBase(plain.file));
    // The edit's parts carry no packet durations: the frames' times are compared, each within 1 ms (so the duration is within a frame).
    const [segTimes, plainTimes] = [await frameTimesOf(seg.file), await frameTimesOf(plain.file)];
    expect(segTimes.length).toBe(plainTimes.length);
    expect(Math.max(...segTimes.map((t, i) => Math.abs(t - plainTimes[i]!)))).toBeLessThanOrEqual(0.001);
    expect(await decodeErrors(seg.file)).toBe('');
    expect(await videoDtsRise(seg.file)).toBe(true);
    // The audio is encoded once and starts where the unsegmented edit's does (its AAC priming kept in the MP4 edit list).
    const [segAudio, plainAudio] = [await audioStart(seg.file), await audioStart(plain.file)];
    expect(Math.abs(segAudio.start - plainAudio.start)).toBeLessThanOrEqual(0.001);
    expect(Math.abs(segAudio.duration - plainAudio.duration)).toBeLessThanOrEqual(1001 / 30000);
    expect(await meanSsim(seg.file, plain.file)).toBeGreaterThanOrEqual(0.98);
  }
});
