import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { ffmpeg, makeEditClip, startMediaServer, type MediaServer } from '../testing/media';
import { MAX_EDIT_SEGMENTS } from '../contract/edits.schema';
import { streamCodecs } from '../testing/cut-checks';
import { binaries } from '../testing/media-fixtures';

/** POST /v1/edits as a request: its 422s, dry runs, lossless cuts, stored inputs, audio-only inputs. */
let svc: TestService;
let media: MediaServer;
let dir: string;

beforeAll(async () => {
  dir = tempDir('ffdesk-edit-req-');
  const audio = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6:sample_rate=48000'];
  makeEditClip(dir);
  ffmpeg([...audio, '-c:a', 'aac', path.join(dir, 'tone.m4a')]);
  // Uncompressed and lossless sound, no two neighbouring samples alike: a slice off by one sample shows.
  const ramp = ['-f', 'lavfi', '-i', 'aevalsrc=0.6*sin(2*PI*440*t)+0.3*sin(2*PI*97*t)|0.5*sin(2*PI*660*t):s=48000:d=6'];
  ffmpeg([...ramp, '-c:a', 'pcm_s16le', path.join(dir, 'take.wav')]);
  ffmpeg([...ramp, '-c:a', 'flac', '-sample_fmt', 's32', '-bits_per_raw_sample', '24', path.join(dir, 'take.flac')]);
  // A recording cut off: 6 s in its header (the index first), about the first third of its bytes.
  const whole = path.join(dir, 'whole.mp4');
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=6', ...audio],
    ...['-c:v', 'libx264', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', whole],
  ]);
  const bytes = fs.readFileSync(whole);
  fs.writeFileSync(path.join(dir, 'cut-off.mp4'), bytes.subarray(0, Math.floor(bytes.length / 3)));
  media = await startMediaServer(dir);
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await media?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const post = (body: unknown, query = '') => svc.api('POST', `/v1/edits${query}`, body);
const base = () => ({ input: `${media.url}/clip.mp4`, segments: [{ start: 1, end: 2 }], mode: 'smart', output: { filename: 'cut.mp4' } });
const locs = (res: { body: any }) => (res.body.detail as { loc: unknown[] }[]).map((d) => d.loc.join('.'));

/** Every sample of a file's sound as raw bytes (`s16le` or `s32le`, interleaved), and what the decoder warned of. */
function decodedSound(file: string, raw: string): { samples: Buffer; warnings: string } {
  const run = spawnSync(binaries.ffmpegPath, ['-v', 'warning', '-i', file, '-f', raw, '-'], { maxBuffer: 64 << 20 });
  // A WAV without a channel mask gets its layout guessed: said of the source too, nothing wrong with the cut.
  const warnings = run.stderr
    .toString()
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.includes('Guessed Channel Layout'));
  return { samples: run.stdout, warnings: warnings.join('\n') };
}

async function done(body: unknown): Promise<any> {
  const res = await post(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return svc.waitForCommand(res.body.command_id, { timeoutMs: 120_000 });
}

describe('POST /v1/edits: bad requests answer 422 naming the field', () => {
  it.each([
    ['end ≤ start', { segments: [{ start: 2, end: 2 }] }, 'body.segments.0.end'],
    [
      'overlapping segments',
      {
        segments: [
          { start: 1, end: 3 },
          { start: 2.5, end: 4 },
        ],
      },
      'body.segments.1.start',
    ],
    ['an unknown mode', { mode: 'fast' }, 'body.mode'],
    ['a negative start', { segments: [{ start: -1, end: 2 }] }, 'body.segments.0.start'],
    ['more than the maximum', { segments: Array.from({ length: MAX_EDIT_SEGMENTS + 1 }, (_, i) => ({ start: i, end: i + 0.5 })) }, 'body.segments'],
    ['an unknown file id', { input: 'no-such-file' }, 'body.input'],
    ['an output name with a path', { output: { filename: '../x.mp4' } }, 'body.output.filename'],
    ['audio track 0 (they count from 1)', { audio_tracks: [0] }, 'body.audio_tracks.0'],
    ['an audio track named twice', { audio_tracks: [2, 2] }, 'body.audio_tracks'],
    ['a subtitle track that is not a whole number', { subtitle_tracks: [1.5] }, 'body.subtitle_tracks.0'],
    ["a segment's file name in a joined cut", { segments: [{ start: 1, end: 2, filename: 'a.mp4' }] }, 'body.segments.0.filename'],
    ["a segment's file name of another format", { join: false, segments: [{ start: 1, end: 2, filename: 'a.mkv' }] }, 'body.segments.0.filename'],
    ["a segment's file name with a path", { join: false, segments: [{ start: 1, end: 2, filename: '../a.mp4' }] }, 'body.segments.0.filename'],
    [
      'two segments written to one name (a given name and a default one alike)',
      {
        join: false,
        segments: [
          { start: 1, end: 2, filename: 'cut-2.MP4' },
          { start: 3, end: 4 },
        ],
      },
      'body.segments.1.filename',
    ],
  ])('%s', async (_name, over, loc) => {
    const res = await post({ ...base(), ...over });
    expect(res.status).toBe(422);
    expect(locs(res)).toContain(loc);
  });

  it('seconds accept lax numbers ("1.5"), and dry_run checks without queuing', async () => {
    const res = await post({ ...base(), segments: [{ start: '1.5', end: '2' }] }, '?dry_run=true');
    expect(res.body).toEqual({ dry_run: true });
    expect((await svc.api('GET', '/v1/commands')).body).toEqual([]);
  });
});

describe('POST /v1/edits: lossless, stored inputs, audio only', () => {
  let outputId: string;

  it('lossless: stream copy from the keyframe at or before the start; the record says where it really starts', async () => {
    const cmd = await done({ ...base(), mode: 'lossless', segments: [{ start: 2.5, end: 4 }] });
    expect(cmd.status, cmd.error_message).toBe('SUCCESS');
    expect(cmd.command_type).toBe('FFMPEG_CHAINED_COMMANDS');
    expect(cmd.original_request).toMatchObject({ mode: 'lossless', segments: [{ start: 2.5, end: 4 }] });
    expect(cmd.edit.segments[0].actual_start).toBe(2);
    expect(cmd.edit.segments[0].actual_end).toBeLessThanOrEqual(4);
    expect(cmd.name).toBe('cut: clip.mp4 (1 segment, lossless) → cut.mp4'); // output last, as commands' names
    outputId = cmd.output_files.out_1.file_id;
    expect(cmd.output_files.out_1.duration).toBeGreaterThan(1.5);
  }, 120_000);

  it('a stored file (a job output) is cut by its file_id, and a segment past its end is a 422', async () => {
    const far = await post({ ...base(), input: outputId, segments: [{ start: 0.5, end: 60 }] });
    expect(far.status).toBe(422);
    expect(locs(far)).toContain('body.segments.0.end');
    const cmd = await done({ ...base(), input: outputId, mode: 'reencode', segments: [{ start: 0.2, end: 1 }] });
    expect(cmd.status, cmd.error_message).toBe('SUCCESS');
    expect(cmd.output_files.out_1.duration).toBeCloseTo(0.8, 1);
  }, 120_000);

  it("join=false: each segment's file has the name given, else the default one", async () => {
    const cmd = await done({
      ...base(),
      join: false,
      segments: [
        { start: 1, end: 2, filename: 'clip-00.00.01.00-00.00.01.24.mp4' },
        { start: 3, end: 4, name: 'ending' },
      ],
    });
    expect(cmd.status, cmd.error_message).toBe('SUCCESS');
    expect(cmd.output_files.out_1.filename).toBe('clip-00.00.01.00-00.00.01.24.mp4');
    expect(cmd.output_files.out_2.filename).toBe('cut-ending-2.mp4');
    expect(cmd.name).toBe('cut: clip.mp4 (2 segments, smart) → clip-00.00.01.00-00.00.01.24.mp4 +1');
  }, 120_000);

  it('an input without video is cut by samples', async () => {
    const cmd = await done({ ...base(), input: `${media.url}/tone.m4a`, segments: [{ start: 1, end: 2.5 }], output: { filename: 'tone.m4a' } });
    expect(cmd.status, cmd.error_message).toBe('SUCCESS');
    expect(cmd.edit.mode_used).toBe('reencode');
    expect(cmd.edit.fallback_reason).toMatch(/no video/);
    expect(cmd.output_files.out_1.duration).toBeCloseTo(1.5, 1);
    // Named as the Cut screen offers a sound's cut: exact, not "smart".
    expect(cmd.name).toBe('cut: tone.m4a (1 segment, exact) → tone.m4a');
  }, 120_000);

  it.each([
    ['take.wav', 'joined.wav', 's16le', 'pcm_s16le'],
    ['take.flac', 'joined.flac', 's32le', 'flac'],
  ])(
    'lossless cuts the samples of %s exactly: every sample of each segment, none other, the codec kept',
    async (source, filename, raw, codec) => {
      const segments = [
        { start: 1, end: 2.5 },
        { start: 3.25, end: 4 },
      ];
      const cmd = await done({ ...base(), input: `${media.url}/${source}`, mode: 'lossless', segments, output: { filename } });
      expect(cmd.status, cmd.error_message).toBe('SUCCESS');
      expect(cmd.edit.mode_used).toBe('lossless');
      const out = path.join(dir, `got-${filename}`);
      fs.writeFileSync(out, Buffer.from(await (await fetch(cmd.output_files.out_1.storage_url)).arrayBuffer()));
      expect(await streamCodecs(out)).toEqual([`audio:${codec}`]);
      // Two channels of 4 bytes (s32) or 2 (s16) a sample, 48000 samples a second.
      const frame = 2 * (raw === 's16le' ? 2 : 4);
      const { samples } = decodedSound(path.join(dir, source), raw);
      const want = Buffer.concat([samples.subarray(48000 * frame, 120000 * frame), samples.subarray(156000 * frame, 192000 * frame)]);
      const got = decodedSound(out, raw);
      expect(got.samples.length / frame).toBe(want.length / frame);
      expect(got.samples.equals(want)).toBe(true);
      // A well-formed file: FLAC frames numbered on across the join, not from 0 again at the second part.
      expect(got.warnings).toBe('');
    },
    120_000,
  );

  it.each(['smart', 'lossless', 'reencode'])(
    '%s: a file cut off (its frames stop before its header says) fails a segment past its frames, naming it; one running past them says where the cut ends',
    async (mode) => {
      const input = `${media.url}/cut-off.mp4`;
      const past = await done({ ...base(), input, mode, segments: [{ start: 4, end: 5 }] });
      expect(past.status).toBe('FAILED');
      expect(past.error_status).toBe('INVALID_INPUT_FILE');
      expect(past.error_message).toMatch(/^segments\.0\.start: The input's frames stop at [\d.]+ s, though its header says 6 s: the file is cut off/);
      const stop = Number(/frames stop at ([\d.]+) s/.exec(past.error_message)?.[1]);
      expect(stop).toBeGreaterThan(0.5);
      expect(stop).toBeLessThan(3.5);
      const partly = await done({ ...base(), input, mode, segments: [{ start: 0, end: 5 }] });
      expect(partly.status, partly.error_message).toBe('SUCCESS');
      expect(partly.edit.notes).toContainEqual(expect.stringMatching(new RegExp(`^The cut ends at ${stop} s, not 5 s: the input's frames stop there`)));
      expect(partly.output_files.out_1.duration).toBeGreaterThan(stop - 0.5);
      expect(partly.output_files.out_1.duration).toBeLessThan(stop + 0.5);
    },
    120_000,
  );

  it('a URL segment past the input end fails the command, naming the segment', async () => {
    const cmd = await done({ ...base(), segments: [{ start: 1, end: 60 }] });
    expect(cmd.status).toBe('FAILED');
    expect(cmd.error_status).toBe('INVALID_INPUT_FILE');
    expect(cmd.error_message).toMatch(/segments\.0\.end/);
  }, 120_000);
});
