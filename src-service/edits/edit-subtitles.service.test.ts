import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { ffmpeg, startMediaServer, type MediaServer } from '../testing/media';
import { decodeErrors, formatStart, streamStarts, subtitleEvents, subtitleStreams } from '../testing/cut-checks';
import { binaries } from '../testing/media-fixtures';
import { pgsStream } from '../testing/pgs';

/**
 * POST /v1/edits keeps the source's subtitle tracks (docs/cutting.md, "Subtitles"): each text
 * track's events are cut at the same frame-exact times as the picture, trimmed where an event is
 * on screen at a cut, moved to where each segment lands, and muxed as what the container holds.
 */
let svc: TestService;
let media: MediaServer;
let dir: string;

const SRT = `1
00:00:01,000 --> 00:00:02,500
one

2
00:00:03,000 --> 00:00:04,000
two

3
00:00:05,500 --> 00:00:07,000
three

4
00:00:08,000 --> 00:00:09,000
four
`;

const ASS = `[Script Info]
ScriptType: v4.00+
PlayResX: 160
PlayResY: 90

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Yellow,Arial,12,&H0000FFFF,&H0000FFFF,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:03.00,0:00:04.00,Yellow,,0,0,0,,deux, avec virgule
Dialogue: 0,0:00:08.00,0:00:09.00,Yellow,,0,0,0,,quatre
`;

beforeAll(async () => {
  dir = tempDir('ffdesk-edit-subs-');
  fs.writeFileSync(path.join(dir, 'en.srt'), SRT);
  fs.writeFileSync(path.join(dir, 'fr.ass'), ASS);
  const av = [
    ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=10', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'],
    ...['-i', path.join(dir, 'en.srt'), '-i', path.join(dir, 'fr.ass')],
  ];
  const enc = ['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-c:a', 'aac'];
  const tags = ['-metadata:s:s:0', 'language=eng', '-metadata:s:s:0', 'title=English', '-metadata:s:s:1', 'language=fra'];
  // The ASS track's font rides along as a Matroska attachment, as in a fansub release (any bytes do: nothing draws it here).
  fs.writeFileSync(path.join(dir, 'Subfont.ttf'), crypto.randomBytes(4096));
  const font = ['-attach', path.join(dir, 'Subfont.ttf'), '-metadata:s:t:0', 'mimetype=font/ttf'];
  ffmpeg([...av, '-map', '0', '-map', '1', '-map', '2', '-map', '3', ...enc, '-c:s', 'copy', ...tags, ...font, path.join(dir, 'film.mkv')]);
  ffmpeg([...av, '-map', '0', '-map', '1', '-map', '2', ...enc, '-c:s', 'mov_text', '-metadata:s:s:0', 'language=eng', path.join(dir, 'film.mp4')]);
  // A Blu-ray rip: the SRT and two PGS tracks (pictures) at the SRT's times; -copyts keeps the first picture at 1 s.
  const events = [
    { start: 1, end: 2.5 },
    { start: 3, end: 4 },
    { start: 5.5, end: 7 },
    { start: 8, end: 9 },
  ];
  fs.writeFileSync(path.join(dir, 'en.sup'), pgsStream(events));
  fs.writeFileSync(path.join(dir, 'fr.sup'), pgsStream(events.slice(1)));
  const pgs = ['-copyts', '-i', path.join(dir, 'en.sup'), '-copyts', '-i', path.join(dir, 'fr.sup')];
  const pgsTags = ['-metadata:s:s:1', 'language=eng', '-metadata:s:s:1', 'title=English (Blu-ray)', '-metadata:s:s:2', 'language=fra'];
  ffmpeg([
    ...av.slice(0, 10),
    ...pgs,
    ...['-map', '0', '-map', '1', '-map', '2', '-map', '3', '-map', '4'],
    ...enc,
    '-c:s',
    'copy',
    '-metadata:s:s:0',
    'language=eng',
    ...pgsTags,
    path.join(dir, 'bluray.mkv'),
  ]);
  media = await startMediaServer(dir);
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  await media?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function finished(input: string, body: object): Promise<any> {
  const res = await svc.api('POST', '/v1/edits', { input: `${media.url}/${input}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cmd = await svc.waitForCommand(res.body.command_id, { timeoutMs: 120_000 });
  expect(cmd.status, cmd.error_message).toBe('SUCCESS');
  return cmd;
}

function download(url: string, name: string): Promise<string> {
  const target = path.join(dir, `${Date.now()}-${name}`);
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (res) => res.pipe(fs.createWriteStream(target)).on('finish', () => resolve(target))).on('error', reject);
  });
}

async function output(cmd: any, alias = 'out_1'): Promise<string> {
  const file = cmd.output_files[alias];
  const local = await download(file.storage_url, file.filename);
  expect(await decodeErrors(local)).toBe('');
  return local;
}

/** The events of a track on the picture's timeline (seconds after the first frame), rounded to the millisecond. */
async function eventsOnPicture(file: string, track = 0): Promise<[number, number, string][]> {
  const base = (await streamStarts(file)).video ?? 0;
  const ms = (t: number) => Math.round((t - base) * 1000) / 1000;
  return (await subtitleEvents(file, track)).map((e) => [ms(e.start), ms(e.end), e.text]);
}

/** Within 2 ms of each other (the containers keep subtitle times in milliseconds). */
function expectEvents(got: [number, number, string][], want: [number, number, string][]): void {
  const seen = JSON.stringify({ got, want });
  expect(
    got.map((e) => e[2]),
    seen,
  ).toEqual(want.map((e) => e[2]));
  got.forEach((e, i) => {
    expect(Math.abs(e[0] - want[i]![0]), `start of "${e[2]}" ${seen}`).toBeLessThanOrEqual(0.002);
    expect(Math.abs(e[1] - want[i]![1]), `end of "${e[2]}" ${seen}`).toBeLessThanOrEqual(0.002);
  });
}

/**
 * What the output should show, from the source's own events (as its container placed them) and
 * the record's segments: the frames from actual_start to actual_end of each segment follow one
 * another, so an event at source time t within a segment shows at t − actual_start plus the
 * lengths of the segments before it; an event across a cut shows from the cut.
 */
async function expected(source: string, segments: { actual_start: number; actual_end: number }[], track = 0): Promise<[number, number, string][]> {
  const events = await subtitleEvents(path.join(dir, source), track);
  const want: [number, number, string][] = [];
  let before = 0;
  for (const seg of segments) {
    for (const e of events) {
      if (e.end <= seg.actual_start || e.start >= seg.actual_end) continue;
      want.push([Math.max(e.start, seg.actual_start) - seg.actual_start + before, Math.min(e.end, seg.actual_end) - seg.actual_start + before, e.text]);
    }
    before += seg.actual_end - seg.actual_start;
  }
  return want;
}

/**
 * A picture track's packets, to the millisecond, with the MD5 of each: on an output's picture
 * timeline (seconds after its first frame), or on a source's container timeline (`from:
 * 'container'`), where the record's actual_start and actual_end count.
 */
async function picturePackets(file: string, track: number, from: 'picture' | 'container' = 'picture'): Promise<[number, string][]> {
  const base = from === 'picture' ? ((await streamStarts(file)).video ?? 0) : await formatStart(file);
  const out = execFileSync(
    binaries.ffprobePath,
    ['-v', 'error', '-select_streams', `s:${track}`, '-show_data_hash', 'md5', '-show_entries', 'packet=pts_time,data_hash', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  return out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const [pts, hash] = l.split(',');
      return [Math.round((Number(pts) - base) * 1000) / 1000, hash as string];
    });
}

/**
 * The source's packets of a picture track that fall inside the segments, where each lands in the
 * output (as expected() does for events), and before them the picture on screen at each in point
 * (the last packet in the 10 s before it, unless one is at it), at the segment's first frame.
 */
async function expectedPackets(track: number, segments: { actual_start: number; actual_end: number }[]): Promise<[number, string][]> {
  const source = await picturePackets(path.join(dir, 'bluray.mkv'), track, 'container');
  const want: [number, string][] = [];
  let before = 0;
  for (const seg of segments) {
    const atStart = source.some(([t]) => Math.abs(t - seg.actual_start) < 0.002);
    const held = atStart ? undefined : source.filter(([t]) => t < seg.actual_start && t >= seg.actual_start - 10).at(-1);
    if (held) want.push([Math.round(before * 1000) / 1000, held[1]]);
    for (const [t, hash] of source)
      if (t >= seg.actual_start && t < seg.actual_end) want.push([Math.round((t - seg.actual_start + before) * 1000) / 1000, hash]);
    before += seg.actual_end - seg.actual_start;
  }
  return want;
}

/** Decodes every picture track over the picture, as a player draws them: ffmpeg's errors, or ''. */
function pictureDecodeErrors(file: string, tracks: number): string {
  const chain = Array.from({ length: tracks }, (_, k) => `[${k === 0 ? '0:v' : `o${k}`}][0:s:${k + 1}]overlay[o${k + 1}]`).join(';');
  const r = spawnSync(binaries.ffmpegPath, ['-v', 'error', '-nostdin', '-i', file, '-filter_complex', chain, '-map', `[o${tracks}]`, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  return r.stderr.trim();
}

describe('POST /v1/edits keeps picture subtitles (PGS) in Matroska', () => {
  it('smart, three segments joined into MKV: each PGS track’s packets as they were, at their place on the cut picture (none in the first); language and title kept', async () => {
    const cmd = await finished('bluray.mkv', {
      segments: [
        { start: 0.2, end: 0.9 },
        { start: 3.52, end: 6 },
        { start: 8.2, end: 9.6 },
      ],
      mode: 'smart',
      output: { filename: 'cut.mkv' },
    });
    expect(cmd.edit.notes).toBeUndefined();
    const out = await output(cmd);
    expect(await subtitleStreams(out)).toEqual(['subrip:eng', 'hdmv_pgs_subtitle:eng', 'hdmv_pgs_subtitle:fra']);
    const segs = cmd.edit.segments;
    const en = await picturePackets(out, 1);
    // Kept: nothing before the first picture (1.0); the picture on screen at 3.52 (shown at 3.0) from
    // the segment's first frame, its clear at 4.0, the picture at 5.5; the picture on screen at 8.2, its clear at 9.0.
    expect(en.length).toBe(5);
    const want = await expectedPackets(1, segs);
    expect(en.map((p) => p[1])).toEqual(want.map((p) => p[1]));
    en.forEach(([t], i) => expect(Math.abs(t - want[i]![0]), JSON.stringify({ en, want })).toBeLessThanOrEqual(0.002));
    expect((await picturePackets(out, 2)).map((p) => p[1])).toEqual((await expectedPackets(2, segs)).map((p) => p[1]));
    expect(pictureDecodeErrors(out, 2)).toBe('');
    const title = execFileSync(binaries.ffprobePath, ['-v', 'error', '-select_streams', 's:1', '-show_entries', 'stream_tags=title', '-of', 'csv=p=0', out], {
      encoding: 'utf8',
    });
    expect(title.trim()).toBe('English (Blu-ray)');
  });

  it('lossless, one file per segment: each file holds its own segment’s pictures; an MP4 and a segmented re-encode say they left them out', async () => {
    const cmd = await finished('bluray.mkv', {
      segments: [
        { start: 0.5, end: 3.5 },
        { start: 5, end: 8.5 },
      ],
      mode: 'lossless',
      join: false,
      output: { filename: 'part.mkv' },
    });
    const [a, b] = cmd.edit.segments;
    for (const [alias, seg] of [
      ['out_1', a],
      ['out_2', b],
    ] as const) {
      const got = await picturePackets(await output(cmd, alias), 1);
      const want = await expectedPackets(1, [seg]);
      expect(got.length).toBeGreaterThan(0);
      expect(got.map((p) => p[1])).toEqual(want.map((p) => p[1]));
      got.forEach(([t], i) => expect(Math.abs(t - want[i]![0])).toBeLessThanOrEqual(0.002));
    }
    const mp4 = await finished('bluray.mkv', { segments: [{ start: 2, end: 4 }], mode: 'lossless', output: { filename: 'cut.mp4' } });
    expect(mp4.edit.notes).toEqual([
      expect.stringMatching(/^subtitle track 3 \(hdmv_pgs_subtitle\) is made of pictures, which only a \.mkv file keeps/),
      expect.stringMatching(/^subtitle track 4 /),
    ]);
    expect(await subtitleStreams(await output(mp4))).toEqual(['mov_text:eng']);
    const split = await finished('bluray.mkv', {
      segments: [{ start: 2, end: 6 }],
      mode: 'reencode',
      segmented: { segment_seconds: 2 },
      output: { filename: 'split.mkv' },
    });
    expect(split.edit.notes).toEqual([
      expect.stringMatching(/^subtitle track 3 .* made of pictures, which a segmented re-encode leaves out$/),
      expect.stringMatching(/^subtitle track 4 /),
    ]);
    expect(await subtitleStreams(await output(split))).toEqual(['subrip:eng']);
  }, 120_000);
});

describe('POST /v1/edits keeps subtitle tracks, cut with the picture', () => {
  it('smart, two segments joined into MKV: every track, trimmed at the cuts, styles, language and title kept', async () => {
    const cmd = await finished('film.mkv', {
      segments: [
        { start: 3.52, end: 6 },
        { start: 8.2, end: 9.6 },
      ],
      mode: 'smart',
      output: { filename: 'cut.mkv' },
    });
    expect(cmd.edit.mode_used).toBe('smart');
    expect(cmd.edit.notes).toBeUndefined();
    const out = await output(cmd);
    expect(await subtitleStreams(out)).toEqual(['subrip:eng', 'ass:fra']);
    const segs = cmd.edit.segments;
    // "two" is on screen at the first cut: it shows from the output's first frame; "three" runs past the first segment's end.
    const en = await eventsOnPicture(out, 0);
    expect(en.map((e) => e[2])).toEqual(['two', 'three', 'four']);
    expect(en[0]![0]).toBe(0);
    expectEvents(en, await expected('film.mkv', segs, 0));
    expectEvents(await eventsOnPicture(out, 1), await expected('film.mkv', segs, 1));
    const ass = execFileSync(binaries.ffmpegPath, ['-v', 'error', '-i', out, '-map', '0:s:1', '-c:s', 'copy', '-f', 'ass', '-'], { encoding: 'utf8' });
    expect(ass).toContain('Style: Yellow');
    expect(ass).toMatch(/Dialogue: 0,[^,]+,[^,]+,Yellow,/);
    const title = execFileSync(binaries.ffprobePath, ['-v', 'error', '-select_streams', 's:0', '-show_entries', 'stream_tags=title', '-of', 'csv=p=0', out], {
      encoding: 'utf8',
    });
    expect(title.trim()).toBe('English');
    expectFontKept(out);
  });

  it('smart, one segment of an MP4 with timed text: an MP4 with timed text, in step with the picture', async () => {
    const cmd = await finished('film.mp4', { segments: [{ start: 2.6, end: 5.8 }], mode: 'smart', output: { filename: 'cut.mp4' } });
    const out = await output(cmd);
    expect(await subtitleStreams(out)).toEqual(['mov_text:eng']);
    const got = await eventsOnPicture(out);
    expect(got.map((e) => e[2])).toEqual(['two', 'three']);
    expectEvents(got, await expected('film.mp4', cmd.edit.segments));
  });

  it('lossless: the events follow the keyframe the segment starts on (the record’s actual_start)', async () => {
    const cmd = await finished('film.mkv', { segments: [{ start: 3.5, end: 7.5 }], mode: 'lossless', output: { filename: 'cut.mkv' } });
    const seg = cmd.edit.segments[0];
    expect(seg.actual_start).toBeLessThan(3.5);
    const out = await output(cmd);
    const got = await eventsOnPicture(out);
    expect(got.map((e) => e[2])).toEqual(['one', 'two', 'three']);
    expectEvents(got, await expected('film.mkv', [seg]));
  });

  it('join false: each file holds its own segment’s events; a WebM re-encode holds WebVTT', async () => {
    const cmd = await finished('film.mkv', {
      segments: [
        { start: 0.6, end: 2 },
        { start: 7.6, end: 8.8 },
      ],
      mode: 'reencode',
      join: false,
      output: { filename: 'part.webm' },
    });
    const first = await output(cmd, 'out_1');
    const second = await output(cmd, 'out_2');
    expect(await subtitleStreams(first)).toEqual(['webvtt:eng', 'webvtt:fra']);
    const [a, b] = cmd.edit.segments;
    expectEvents(await eventsOnPicture(first), await expected('film.mkv', [a]));
    expectEvents(await eventsOnPicture(second), await expected('film.mkv', [b]));
    expect((await eventsOnPicture(second)).map((e) => e[2])).toEqual(['four']);
    // The French track has no event in the first part: the track is there, empty.
    expect(await subtitleEvents(first, 1)).toEqual([]);
  }, 120_000);

  it('an output without subtitles says what it left out; a sound-only one says nothing', async () => {
    const ts = await finished('film.mkv', { segments: [{ start: 2, end: 4 }], mode: 'lossless', output: { filename: 'cut.ts' } });
    expect(ts.edit.notes).toEqual([expect.stringMatching(/\.ts file holds no subtitles: 2 subtitle tracks left out/)]);
    expect(await subtitleStreams(await output(ts))).toEqual([]);
    const m4a = await finished('film.mkv', { segments: [{ start: 2, end: 4 }], mode: 'reencode', output: { filename: 'cut.m4a' } });
    expect(m4a.edit.notes).toBeUndefined();
  }, 120_000);

  it('a segmented re-encode of two segments into MKV keeps every track, trimmed at the cuts, language kept', async () => {
    const cmd = await finished('film.mkv', {
      segments: [
        { start: 1.5, end: 6.2 },
        { start: 7.6, end: 9.4 },
      ],
      mode: 'reencode',
      segmented: { segment_seconds: 2 },
      output: { filename: 'split.mkv' },
    });
    expect(cmd.segments.length).toBeGreaterThanOrEqual(3);
    expect(cmd.edit.notes).toBeUndefined();
    const out = await output(cmd);
    expect(await subtitleStreams(out)).toEqual(['subrip:eng', 'ass:fra']);
    const en = await eventsOnPicture(out, 0);
    expect(en.map((e) => e[2])).toEqual(['one', 'two', 'three', 'four']);
    expectEvents(en, await expected('film.mkv', cmd.edit.segments, 0));
    expectEvents(await eventsOnPicture(out, 1), await expected('film.mkv', cmd.edit.segments, 1));
    expectFontKept(out);
  }, 120_000);
});

describe('POST /v1/edits keeps only the subtitle tracks it names (subtitle_tracks)', () => {
  it('text and picture tracks: the French ASS alone, the second PGS alone, none at all', async () => {
    const segments = [
      { start: 2.6, end: 6 },
      { start: 7.6, end: 9.4 },
    ];
    const fr = await finished('film.mkv', { segments, mode: 'smart', subtitle_tracks: [2], output: { filename: 'fr.mkv' } });
    const frOut = await output(fr);
    expect(await subtitleStreams(frOut)).toEqual(['ass:fra']);
    expectEvents(await eventsOnPicture(frOut, 0), await expected('film.mkv', fr.edit.segments, 1));
    // Track 1 of bluray.mkv is the SRT; 2 and 3 the PGS tracks (English, French).
    const pgs = await finished('bluray.mkv', { segments, mode: 'smart', subtitle_tracks: [3], output: { filename: 'pgs-fr.mkv' } });
    const pgsOut = await output(pgs);
    expect(await subtitleStreams(pgsOut)).toEqual(['hdmv_pgs_subtitle:fra']);
    expect(await picturePackets(pgsOut, 0)).toEqual(await expectedPackets(2, pgs.edit.segments));
    const none = await finished('bluray.mkv', { segments, mode: 'lossless', subtitle_tracks: [], output: { filename: 'none.mkv' } });
    expect(await subtitleStreams(await output(none))).toEqual([]);
    expect(none.edit.notes).toBeUndefined();
  }, 120_000);
});

/** The source's font attachment is in the output: its name, its type and its bytes. */
function expectFontKept(out: string): void {
  const tags = execFileSync(
    binaries.ffprobePath,
    ['-v', 'error', '-select_streams', 't', '-show_entries', 'stream_tags=filename,mimetype', '-of', 'csv=p=0', out],
    {
      encoding: 'utf8',
    },
  );
  expect(tags.trim()).toBe('Subfont.ttf,font/ttf');
  const dumped = path.join(dir, `dumped-${path.basename(out)}.ttf`);
  spawnSync(binaries.ffmpegPath, ['-v', 'error', '-y', `-dump_attachment:t:0`, dumped, '-i', out]);
  expect(fs.readFileSync(dumped).equals(fs.readFileSync(path.join(dir, 'Subfont.ttf')))).toBe(true);
}
