import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { startMediaServer, type MediaServer } from '../testing/media';
import {
  audioPacketHashes,
  codecTag,
  storedGeometry,
  decodeErrors,
  decodedFrameCount,
  formatDuration,
  formatStart,
  frameTimesOf,
  h264ProfileIdcs,
  packetList,
  ssimPairs,
  streamStarts,
} from '../testing/cut-checks';
import { makeCutSources, type CutSource } from '../testing/cut-sources';

/**
 * The exactness table of docs/cutting.md: real ffmpeg, media made at test time. Each
 * command holds several segments (non-overlapping), so one job covers several cut points.
 */
let svc: TestService;
let media: MediaServer;
let dir: string;
let sources: CutSource[];

beforeAll(async () => {
  dir = tempDir('ffdesk-cuts-');
  sources = makeCutSources(dir);
  media = await startMediaServer(dir);
  svc = await startTestService();
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await media?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Seg = { start: number; end: number };

/** The source frames a segment holds (times within 1 ms count as the frame). */
function expectedFrames(times: number[], s: Seg): [number, number] {
  const i0 = times.findIndex((t) => t >= s.start - 0.001);
  const after = times.findIndex((t) => t >= s.end - 0.001);
  return [i0, after === -1 ? times.length : after];
}

async function cut(body: Record<string, unknown>): Promise<any> {
  const res = await svc.api('POST', '/v1/edits', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const done = await svc.waitForCommand(res.body.command_id, { timeoutMs: 120_000 });
  expect(done.status, `${done.error_message}\n${(await svc.api('GET', `/v1/commands/${done.command_id}/log`)).text}`).toBe('SUCCESS');
  return done;
}

const cache = new Map<string, unknown>();
const round6 = (t: number) => Math.round(t * 1e6) / 1e6;

/** A source's frame times counted from its container's start, as a cut's segments are (an MPEG-TS starts at 1.4 s). */
const timesOf = (src: CutSource): Promise<number[]> =>
  cached(`times:${src.file}`, async () => {
    const start = await formatStart(src.file);
    return (await frameTimesOf(src.file)).map((t) => round6(t - start));
  });
function cached<T>(key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

/** A fresh connection per download: the checks block the event loop, and a pooled keep-alive socket may be closed meanwhile. */
function download(file: any, name: string): Promise<string> {
  const target = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2)}-${name}`);
  return new Promise((resolve, reject) => {
    http
      .get(file.storage_url, { agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET ${file.storage_url}: ${res.statusCode}`));
        res
          .pipe(fs.createWriteStream(target))
          .on('finish', () => resolve(target))
          .on('error', reject);
      })
      .on('error', reject);
  });
}

/** First and last frame of each segment match the source at the in and out points, and not their neighbours. */
async function expectFramesMatch(out: string, src: string, times: number[], segs: Seg[]): Promise<void> {
  const checks: { o: number; i: number; neighbours: number[] }[] = [];
  let offset = 0;
  for (const s of segs) {
    const [i0, i1] = expectedFrames(times, s);
    for (const [o, i] of [
      [offset, i0],
      [offset + (i1 - i0) - 1, i1 - 1],
    ] as const) {
      checks.push({ o, i, neighbours: [i - 1, i + 1].filter((k) => k >= 0 && k < times.length) });
    }
    offset += i1 - i0;
  }
  const pairs = checks.flatMap((c) => [[c.o, c.i] as [number, number], ...c.neighbours.map((n) => [c.o, n] as [number, number])]);
  const values = await ssimPairs(out, src, pairs, dir);
  let k = 0;
  for (const c of checks) {
    const same = values[k++] as number;
    expect(same, `output frame ${c.o} vs source frame ${c.i}`).toBeGreaterThanOrEqual(0.97);
    for (const n of c.neighbours) expect(values[k++], `output frame ${c.o} vs source neighbour ${n}`).toBeLessThan(same - 0.02);
  }
}

/** Every GOP wholly inside a segment: its packets appear byte-identical, in order, in the output. Returns how many GOPs were checked. */
async function expectGopsCopied(out: string, src: string, segs: Seg[], hevc: boolean): Promise<number> {
  const opts = { withoutParameterSets: hevc };
  const start = await cached(`start:${src}`, () => formatStart(src));
  const source = (await cached(`packets:${src}:${hevc}`, () => packetList(src, opts))).map((p) => ({ ...p, pts: p.pts - start }));
  const output = (await packetList(out, opts)).map((p) => p.hash).join(' ');
  const keys = source.flatMap((p, i) => (p.key ? [i] : []));
  let checked = 0;
  for (const s of segs) {
    for (let k = 0; k + 1 < keys.length; k++) {
      const from = source[keys[k]!]!.pts;
      const to = source[keys[k + 1]!]!.pts;
      if (from < s.start - 0.001 || to > s.end + 0.001) continue;
      const run = source
        .slice(keys[k], keys[k + 1])
        .map((p) => p.hash)
        .join(' ');
      expect(output.includes(run), `GOP at ${from} s copied byte for byte`).toBe(true);
      checked += 1;
    }
  }
  return checked;
}

/** Whole GOPs (keyframe every g seconds from the first frame at o) inside the segments, the source's last GOP aside: smart must copy each. */
const expectedGops = (segs: Seg[], g: number, o: number) =>
  segs.reduce((n, s) => n + [0, 1, 2].filter((k) => k * g + o >= s.start - 0.001 && (k + 1) * g + o <= s.end + 0.001).length, 0);

/** Checks one output covering `segs` (in order) of `src`. */
async function expectExact(file: any, src: CutSource, segs: Seg[], mode: 'smart' | 'reencode'): Promise<string> {
  const out = await download(file, path.basename(file.filename));
  const times = await timesOf(src);
  expect(await decodeErrors(out)).toBe('');
  const expected = segs.reduce((n, s) => {
    const [i0, i1] = expectedFrames(times, s);
    return n + (i1 - i0);
  }, 0);
  expect(await decodedFrameCount(out)).toBe(expected);
  await expectFramesMatch(out, src.file, times, segs);
  const starts = await streamStarts(out);
  expect(Math.abs((starts.video ?? 0) - (starts.audio ?? 0))).toBeLessThanOrEqual(src.frame);
  // The edges declare the source's profile in their own parameter sets (docs/cutting.md, "The modes").
  if (mode === 'smart' && !src.name.startsWith('hevc'))
    expect(await h264ProfileIdcs(out)).toEqual(await cached(`profiles:${src.file}`, () => h264ProfileIdcs(src.file)));
  if (mode === 'smart')
    expect(await expectGopsCopied(out, src.packets ?? src.file, segs, src.name.startsWith('hevc'))).toBeGreaterThanOrEqual(
      expectedGops(segs, src.gop, times[0]!),
    );
  return out;
}

/**
 * A lossless output: it decodes cleanly and holds every source frame from each segment's
 * actual_start to its actual_end, the first and last matching the source's. Returns those times.
 */
async function expectLosslessFrames(done: any, src: CutSource): Promise<Seg[]> {
  const actual: Seg[] = done.edit.segments.map((x: any) => ({ start: x.actual_start, end: x.actual_end }));
  const out = await download(done.output_files.out_1, `lossless-${path.basename(done.output_files.out_1.filename)}`);
  expect(await decodeErrors(out)).toBe('');
  const times = await timesOf(src);
  expect(await decodedFrameCount(out)).toBe(actual.reduce((n, x) => n + expectedFrames(times, x)[1] - expectedFrames(times, x)[0], 0));
  await expectFramesMatch(out, src.file, times, actual);
  return actual;
}

/**
 * The cut points of the table, in one joined edit: the very start; one frame before a keyframe
 * to a keyframe; one frame after a keyframe to inside the same GOP; a keyframe to the very end.
 * Counted from the container's start, where the first frame shows at o (an MKV or MPEG-TS whose
 * audio starts first).
 */
const table = (f: number, g: number, o = 0, end = 8): Seg[] =>
  [
    { start: 0, end: 1.2 + o },
    { start: g - f + o, end: 2 * g + o },
    { start: 2 * g + f + o, end: 2.6 * g + o },
    { start: 3 * g + o, end: Math.min(8 + o, end) },
  ].map((s) => ({ start: round6(s.start), end: round6(s.end) }));

/** The table for a source: its frame rate, GOP, first frame's time and the container's end. */
const tableOf = async (src: CutSource): Promise<Seg[]> => table(src.frame, src.gop, (await timesOf(src))[0], await formatDuration(src.file));

/**
 * Smart on every H.264 source; reencode on the 29.97 fps and variable-rate ones. Reencode at 25
 * fps over the same table is the H.265 test below (smart falls back to it there), so an H.264
 * 25 fps reencode would repeat it (docs/cutting.md).
 */
const EXACT_RUNS: { name: string; mode: 'smart' | 'reencode'; out?: string }[] = [
  { name: 'h264-25.mp4', mode: 'smart' },
  { name: 'h264-25.mkv', mode: 'smart', out: 'cut.mkv' },
  { name: 'h264-25.mkv', mode: 'smart', out: 'cut.mp4' },
  { name: 'h264-25.mp4', mode: 'smart', out: 'cut.mkv' },
  { name: 'h264-25.ts', mode: 'smart' },
  { name: 'h264-25-rot90.mp4', mode: 'smart' },
  { name: 'h264-2997.mp4', mode: 'smart' },
  { name: 'h264-2997.mp4', mode: 'reencode' },
  { name: 'h264-vfr.mp4', mode: 'smart' },
  { name: 'h264-vfr.mp4', mode: 'reencode' },
  { name: 'h264-60-remuxed.mp4', mode: 'smart' },
];

describe('POST /v1/edits: smart and reencode are frame-exact', () => {
  for (const { name, mode, out } of EXACT_RUNS) {
    it(`${name}, ${mode}: start, a frame before / after keyframes, inside a GOP, end; joined${out ? ` into ${out}` : ''}`, async () => {
      const src = sources.find((s) => s.name === name)!;
      const segs = await tableOf(src);
      const done = await cut({ input: `${media.url}/${name}`, segments: segs, mode, join: true, output: { filename: out ?? 'cut.mp4' } });
      expect(done.edit).toMatchObject({ mode, mode_used: mode });
      expect(done.original_request).toMatchObject({ mode, segments: segs });
      const file = await expectExact(done.output_files.out_1, src, segs, mode);
      // Portrait phone video: stored as the source stores it, turned by the same metadata (docs/cutting.md, "Rotated video").
      if (name.includes('rot90')) expect(await storedGeometry(file)).toBe(await storedGeometry(src.file));
    }, 180_000);
  }

  it('join=false: one exact file per segment, its audio packets copied from the source', async () => {
    const src = sources.find((s) => s.name === 'h264-25.mp4')!;
    const segs = [
      { start: 0.52, end: 2.04 },
      { start: 6, end: 8 },
    ];
    const done = await cut({ input: `${media.url}/h264-25.mp4`, segments: segs, mode: 'smart', join: false, output: { filename: 'part.mp4' } });
    expect(Object.keys(done.output_files).sort()).toEqual(['out_1', 'out_2']);
    expect(done.name).toBe('cut: h264-25.mp4 (2 segments, smart) → part-1.mp4 +1'); // the first file, then how many more
    const source = (await audioPacketHashes(src.file)).join(' ');
    for (const [i, s] of segs.entries()) {
      const out = await expectExact(done.output_files[`out_${i + 1}`], src, [s], 'smart');
      // A lone segment's audio is copied, not re-encoded: its packets are a run of the source's (docs/cutting.md).
      const copied = await audioPacketHashes(out);
      expect(copied.length).toBeGreaterThan(0);
      expect(source.includes(copied.join(' ')), `segment ${i + 1}: audio packets copied`).toBe(true);
    }
  }, 180_000);

  it('lossless from an MKV with B-frames: every frame from the keyframe the record names, no GOP early', async () => {
    const src = sources.find((s) => s.name === 'h264-25.mkv')!;
    const segs = [
      { start: 2, end: 3.6 },
      { start: 4.5, end: 7.2 },
    ];
    const done = await cut({ input: `${media.url}/h264-25.mkv`, segments: segs, mode: 'lossless', output: { filename: 'cut.mkv' } });
    const actual = await expectLosslessFrames(done, src);
    // Each starts on the keyframe at or before its start (2 s GOPs: 2 and 4), not the one before that.
    expect(actual.map((x: Seg) => Math.round(x.start))).toEqual([2, 4]);
  }, 120_000);

  // The keyframes at or before each start, a GOP (2 s) apart from the first frame, to the millisecond.
  // MPEG-TS: times from 1.4 s, counted from its start; the copy it is cut from (Matroska) counts
  // milliseconds. A 60 fps MP4 remuxed from Matroska: keyframes indexed a fraction of a tick off.
  it.each([
    ['MPEG-TS (times from 1.4 s): counted from its start', 'h264-25.ts', [2.1, 3.5, 4.3, 7.5]],
    ['a 60 fps MP4 remuxed from Matroska (keyframes indexed a fraction of a tick off)', 'h264-60-remuxed.mp4', [2.3, 3.5, 4.1, 7.5]],
  ])(
    'lossless from %s: every frame from the keyframe the record names',
    async (_what, name, [a, b, c, d]) => {
      const src = sources.find((s) => s.name === name)!;
      const times = await timesOf(src);
      const segs = [
        { start: a!, end: b! },
        { start: c!, end: d! },
      ];
      const done = await cut({ input: `${media.url}/${name}`, segments: segs, mode: 'lossless', output: { filename: 'cut.mp4' } });
      const actual = await expectLosslessFrames(done, src);
      actual.forEach((x: Seg, i: number) => expect(Math.abs(x.start - (times[0]! + 2 * (i + 1)))).toBeLessThan(0.001));
    },
    120_000,
  );

  it('smart from a 29.97 fps MP4 remuxed from Matroska: the tail from a keyframe indexed 0.75 ms late holds that GOP, not the one before', async () => {
    const src = sources.find((s) => s.name === 'h264-2997-remuxed.mp4')!;
    // Head 3.0 → 3.358 s, the GOP from 3.358 s copied, the tail from the keyframe at 6.694 s to 7.5 s.
    const segs = [{ start: 3, end: 7.5 }];
    const done = await cut({ input: `${media.url}/h264-2997-remuxed.mp4`, segments: segs, mode: 'smart', output: { filename: 'cut.mp4' } });
    await expectExact(done.output_files.out_1, src, segs, 'smart');
  }, 120_000);

  it('an H.265 source with closed GOPs: smart, each part carrying its parameter sets in-band (hev1), exact', async () => {
    const src = sources.find((s) => s.name === 'hevc-closed.mp4')!;
    const segs = await tableOf(src);
    const done = await cut({ input: `${media.url}/hevc-closed.mp4`, segments: segs, mode: 'smart', output: { filename: 'cut.mp4' } });
    expect(done.edit).toMatchObject({ mode: 'smart', mode_used: 'smart' });
    const out = await expectExact(done.output_files.out_1, src, segs, 'smart');
    expect(await codecTag(out)).toBe('hev1');
  }, 180_000);

  it('an H.265 source with open GOPs: smart falls back to reencode, says why, and is still exact', async () => {
    const src = sources.find((s) => s.name === 'hevc-25.mp4')!;
    const segs = await tableOf(src);
    const done = await cut({ input: `${media.url}/hevc-25.mp4`, segments: segs, mode: 'smart', output: { filename: 'cut.mp4' } });
    expect(done.edit.mode_used).toBe('reencode');
    expect(done.edit.fallback_reason).toMatch(/open GOP/);
    await expectExact(done.output_files.out_1, src, segs, 'reencode');
  }, 120_000);
});
