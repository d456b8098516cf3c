import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envForBinary } from '../../media/static-glibc';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { ffmpeg } from '../../testing/media';
import { binaries } from '../../testing/media-fixtures';
import { otherAccountKey } from '../../testing/hardening/fixtures';

let svc: TestService;
let dir: string;
const media: Record<string, string> = {};

/** 6 s of 320x180 at 25 fps with a keyframe every 2 s (-g 50, no scene cuts), B-frames, and a 440 Hz tone. */
function makeSources(): void {
  const av = (codec: string[], out: string) =>
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=25:duration=6',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=6',
      ...codec,
      '-c:a',
      'aac',
      '-shortest',
      path.join(dir, out),
    ]);
  av(['-c:v', 'libx264', '-preset', 'ultrafast', '-bf', '2', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'], 'h264.mp4');
  av(
    ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'keyint=50:min-keyint=50:scenecut=0:log-level=none', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
    'hevc.mp4',
  );
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:duration=4', '-c:a', 'libmp3lame', path.join(dir, 'tone.mp3')]);
  // The H.264 in MPEG-TS: its times start at 1.4 s (the muxer's delay), a player's and ffmpeg's -ss at 0.
  ffmpeg(['-i', path.join(dir, 'h264.mp4'), '-map', '0', '-c', 'copy', path.join(dir, 'h264.ts')]);
  for (const name of ['h264.mp4', 'hevc.mp4', 'tone.mp3', 'h264.ts']) media[name] = path.join(dir, name);
}

async function upload(file: string, name = path.basename(file), key = svc.key): Promise<string> {
  const form = new FormData();
  form.append('upload_file', new Blob([new Uint8Array(fs.readFileSync(file))]), name);
  const res = await fetch(`${svc.url}/v1/files/upload`, { method: 'POST', headers: { 'X-API-KEY': key }, body: form });
  const body = (await res.json()) as { file_id: string; status: string };
  expect(body.status).toBe('STORED');
  return body.file_id;
}

function probeJson(file: string): any {
  return JSON.parse(execFileSync(binaries.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' }));
}

/** Mean luma (0-255) of the part of a picture a crop filter selects, by ffmpeg's signalstats. */
function meanLuma(file: string, crop: string): number {
  const out = execFileSync(
    binaries.ffmpegPath,
    ['-v', 'error', '-i', file, '-vf', `${crop},signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-`, '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  return Number(/YAVG=([\d.]+)/.exec(out)?.[1] ?? 0);
}

async function download(url: string, name: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const out = path.join(dir, name);
  fs.writeFileSync(out, Buffer.from(await res.arrayBuffer()));
  return out;
}

beforeAll(async () => {
  dir = tempDir('ffdesk-facts-media-');
  makeSources();
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /v1/files/{file_id}/keyframes', () => {
  it('when an H.264 file has a keyframe every 2 s, then its keyframe times, frame rate, time base and streams are listed', async () => {
    const id = await upload(media['h264.mp4'] as string);
    const r = await svc.api('GET', `/v1/files/${id}/keyframes`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      file_id: id,
      frame_rate: 25,
      time_base: '1/12800',
      has_video: true,
      has_audio: true,
      keyframes: [0, 2, 4],
      smart_cut_refusal: null,
    });
    expect(r.body.duration).toBeCloseTo(6, 1);
    expect(Object.keys(r.body)).toEqual([
      'file_id',
      'duration',
      'frame_rate',
      'time_base',
      'has_video',
      'has_audio',
      'keyframes',
      'smart_cut_refusal',
      'audio_tracks',
      'subtitle_tracks',
    ]);
    expect(r.body.audio_tracks).toEqual([{ audio_track: 1, codec: 'aac', channels: 1, language: null, title: null }]);
  });

  it('when a file is H.265 with open GOPs (x265), or has no video, then the answer says why a smart cut would re-encode it whole, or nothing', async () => {
    const hevc = await svc.api('GET', `/v1/files/${await upload(media['hevc.mp4']!)}/keyframes`);
    expect(hevc.status).toBe(200);
    // The same words the cut's record gives as its fallback_reason (edits.service.test.ts).
    expect(hevc.body.smart_cut_refusal).toBe('The source uses open GOPs (frames after a keyframe refer to the GOP before it)');
    const tone = await svc.api('GET', `/v1/files/${await upload(media['tone.mp3']!)}/keyframes`);
    expect(tone.body).toMatchObject({ has_video: false, smart_cut_refusal: null });
  });

  it("when a smart cut joins a copied GOP (B-frames) to an encoded edge, then its decode times run on evenly: ffprobe's average is the frame rate, the record says no varying rate", async () => {
    const id = await upload(media['h264.mp4']!, 'to-cut.mp4');
    // From a keyframe into the next GOP: a copied GOP (B-frames), then an encoded tail.
    const sent = await svc.api('POST', '/v1/edits', { input: id, segments: [{ start: 2, end: 4.6 }], mode: 'smart', output: { filename: 'cut.mp4' } });
    expect(sent.status, sent.text).toBe(200);
    const done = await svc.waitForCommand(sent.body.command_id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.edit.mode_used).toBe('smart');
    const out = done.output_files.out_1;
    // The decode times jumped two frames at the join before (ffprobe averaged 24.254 and the record said "varying").
    expect(probeJson(await download(out.storage_url, 'cut.mp4')).streams[0].avg_frame_rate).toBe('25/1');
    expect(out).toMatchObject({ frame_rate: 25, is_varying_frame_rate: false });
    expect((await svc.api('GET', `/v1/files/${out.file_id}/keyframes`)).body.frame_rate).toBe(25);
  });

  it("when a recording's average frame rate disagrees with its frames (a two-frame gap), then the keyframes answer the frames' own rate", async () => {
    // 25 fps with everything from the second GOP on two frames (1024 ticks of 1/12800) later: ffprobe averages below 25.
    const gap = path.join(dir, 'gap.mp4');
    ffmpeg(['-i', media['h264.mp4']!, '-map', '0:v', '-c', 'copy', '-bsf:v', 'setts=ts=if(gte(N\\,50)\\,TS+1024\\,TS)', gap]);
    expect(probeJson(gap).streams[0].avg_frame_rate).not.toBe('25/1');
    const k = await svc.api('GET', `/v1/files/${await upload(gap)}/keyframes`);
    expect(k.status, k.text).toBe(200);
    expect(k.body.frame_rate).toBe(25);
  });

  it('when the file is an MPEG-TS starting at 1.4 s, then its keyframes are counted from its start, as the player and a cut count', async () => {
    const id = await upload(media['h264.ts']!);
    const r = await svc.api('GET', `/v1/files/${id}/keyframes`);
    expect(r.status).toBe(200);
    const first = Number(
      execFileSync(binaries.ffprobePath, ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'csv=p=0', media['h264.ts']!], {
        encoding: 'utf8',
        env: envForBinary(binaries.ffprobePath, process.env),
      }),
    );
    expect(first).toBeGreaterThan(1);
    // The first frame follows the audio's by the video's delay (B-frames); each keyframe 2 s after it.
    const k = r.body.keyframes as number[];
    expect(k).toHaveLength(3);
    expect(k[0]).toBeGreaterThanOrEqual(0);
    expect(k[0]).toBeLessThan(0.2);
    expect(k.map((t) => Math.round((t - k[0]!) * 1000) / 1000)).toEqual([0, 2, 4]);
  });

  it('when asked again, then the cached answer comes back and ffprobe is not run a second time; concurrent askers share one run', async () => {
    const id = await upload(media['h264.mp4'] as string, 'again.mp4');
    const before = svc.service.parts.factCache.runs('keyframes.json');
    const answers = await Promise.all([1, 2, 3].map(() => svc.api('GET', `/v1/files/${id}/keyframes`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(svc.service.parts.factCache.runs('keyframes.json')).toBe(before + 1);
    const again = await svc.api('GET', `/v1/files/${id}/keyframes`);
    expect(again.body).toEqual(answers[0]?.body);
    expect(svc.service.parts.factCache.runs('keyframes.json')).toBe(before + 1);
  });

  it('when the cached keyframes were made by another version of their computation, then they are computed again, not served', async () => {
    const id = await upload(media['h264.mp4'] as string, 'stale.mp4');
    const cache = svc.service.parts.factCache;
    fs.mkdirSync(cache.dirOf(id), { recursive: true });
    const stale = { file_id: id, duration: 6, frame_rate: 25, time_base: '1/12800', has_video: true, has_audio: true, keyframes: [0, 1, 2, 3] };
    fs.writeFileSync(cache.pathOf(id, 'keyframes.json'), JSON.stringify({ fact_version: 0, value: stale }));
    const before = cache.runs('keyframes.json');
    const r = await svc.api('GET', `/v1/files/${id}/keyframes`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.keyframes).toEqual([0, 2, 4]);
    expect(cache.runs('keyframes.json')).toBe(before + 1);
  });

  it('when the file has no video, then the keyframes are empty and has_video is false', async () => {
    const id = await upload(media['tone.mp3'] as string);
    const r = await svc.api('GET', `/v1/files/${id}/keyframes`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ has_video: false, has_audio: true, keyframes: [], frame_rate: null, time_base: null });
  });

  it("when the id is unknown or another account's, then 404; a file that is not media gets 409 naming why", async () => {
    expect((await svc.api('GET', '/v1/files/00000000-0000-4000-8000-000000000000/keyframes')).status).toBe(404);
    const id = await upload(media['h264.mp4'] as string, 'mine.mp4');
    const other = otherAccountKey(svc);
    for (const fact of ['keyframes', 'timeline', 'proxy']) {
      const r = await svc.api('GET', `/v1/files/${id}/${fact}`, undefined, { key: other });
      expect([fact, r.status]).toEqual([fact, 404]);
    }
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not media at all');
    const bad = await svc.api('GET', `/v1/files/${await upload(text)}/keyframes`);
    expect(bad.status).toBe(409);
    // In the file's own name: never the blob's path inside the data folder.
    expect(bad.body.detail).toMatch(/^notes\.txt could not be read: .*notes\.txt: Invalid data found when processing input$/);
    expect(bad.body.detail).not.toContain('blobs');
  });
});

describe('GET /v1/files/{file_id}/timeline', () => {
  it('when a video with audio is asked for, then a JPEG sprite of the planned tiles and a waveform of the tone come back, once', async () => {
    const id = await upload(media['h264.mp4'] as string, 'timeline.mp4');
    const r = await svc.api('GET', `/v1/files/${id}/timeline`);
    expect(r.status, r.text).toBe(200);
    const t = r.body.thumbnails;
    expect(t).toMatchObject({ columns: 3, rows: 1, count: 3, tile_width: 160, tile_height: 90, interval_seconds: 2 });
    // The answer's key order, as clients have always seen it.
    expect([Object.keys(r.body), Object.keys(t), Object.keys(r.body.waveform)]).toEqual([
      ['file_id', 'duration', 'thumbnails', 'waveform'],
      ['url', 'columns', 'rows', 'tile_width', 'tile_height', 'count', 'interval_seconds'],
      ['peaks', 'peaks_per_second'],
    ]);
    const sprite = probeJson(await download(t.url, 'sprite.jpg')).streams[0];
    expect([sprite.codec_name, sprite.width, sprite.height]).toEqual(['mjpeg', 3 * 160, 90]);
    // Every tile holds a picture, the last one too (key frames end a GOP before the file does).
    for (let tile = 0; tile < 3; tile++) expect(meanLuma(path.join(dir, 'sprite.jpg'), `crop=160:90:${tile * 160}:0`)).toBeGreaterThan(40);
    const { peaks, peaks_per_second } = r.body.waveform;
    expect(peaks_per_second).toBe(50);
    expect(peaks.length).toBeGreaterThanOrEqual(295);
    expect(peaks.length).toBeLessThanOrEqual(301);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1);
    expect(peaks.slice(5, 290).every((p: number) => p > 0.05)).toBe(true); // the tone is there all along
    const runs = svc.service.parts.factCache.runs('timeline.json');
    const again = await svc.api('GET', `/v1/files/${id}/timeline`);
    expect(again.body.waveform).toEqual(r.body.waveform);
    expect(svc.service.parts.factCache.runs('timeline.json')).toBe(runs);
  });

  it('when keyframes lie 10 s apart, then the tiles after the last one hold a picture too, none black', async () => {
    const file = path.join(dir, 'long-gop.mp4');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=30'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '250', '-keyint_min', '250', '-sc_threshold', '0', '-pix_fmt', 'yuv420p', file],
    ]);
    const t = (await svc.api('GET', `/v1/files/${await upload(file, 'long-gop.mp4')}/timeline`)).body.thumbnails;
    const sprite = await download(t.url, 'long-gop-sprite.jpg');
    for (let tile = 0; tile < t.count; tile++) {
      const [x, y] = [(tile % t.columns) * t.tile_width, Math.floor(tile / t.columns) * t.tile_height];
      expect(meanLuma(sprite, `crop=${t.tile_width}:${t.tile_height}:${x}:${y}`), `tile ${tile} of ${t.count}`).toBeGreaterThan(40);
    }
  });

  it("when a phone's video is stored on its side with a 90° display matrix, then its record says the size shown, and the tiles are upright and undistorted", async () => {
    const turned = path.join(dir, 'upright.mp4');
    ffmpeg(['-i', media['h264.mp4'] as string, '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', turned]);
    const id = await upload(turned);
    // The record keeps the size as stored and says the size players show beside it; a file shown as stored says nothing more.
    expect((await svc.api('GET', `/v1/files/${id}`)).body).toMatchObject({ width: 320, height: 180, display_width: 180, display_height: 320 });
    expect((await svc.api('GET', `/v1/files/${await upload(media['h264.mp4'] as string, 'level.mp4')}`)).body).not.toHaveProperty('display_width');
    const r = await svc.api('GET', `/v1/files/${id}/timeline`);
    expect(r.status, r.text).toBe(200);
    // 320×180 stored, shown 180×320: 160 px wide tiles are 284 px tall (not 90, which squashed each picture flat).
    expect(r.body.thumbnails).toMatchObject({ tile_width: 160, tile_height: 284, count: 3 });
    const sprite = await download(r.body.thumbnails.url, 'upright-sprite.jpg');
    expect(probeJson(sprite).streams[0]).toMatchObject({ width: 3 * 160, height: 284 });
    // The first tile is the first frame as ffmpeg shows it (turned upright), not a squashed one.
    const ssim = spawnSync(binaries.ffmpegPath, [
      ...['-v', 'info', '-i', sprite, '-i', turned, '-frames:v', '1'],
      ...['-lavfi', '[0:v]crop=160:284:0:0,format=yuv420p[a];[1:v]scale=160:284,format=yuv420p[b];[a][b]ssim', '-f', 'null', '-'],
    ]);
    expect(Number(/All:([\d.]+)/.exec(ssim.stderr.toString())?.[1] ?? 0)).toBeGreaterThan(0.8);
  });

  it('when the file is audio only, then thumbnails are null and the waveform is there', async () => {
    const r = await svc.api('GET', `/v1/files/${await upload(media['tone.mp3'] as string, 'tone2.mp3')}/timeline`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.thumbnails).toBeNull();
    expect(r.body.waveform.peaks.length).toBeGreaterThan(100);
  });

  it('when the sprite URL is tampered with, then 403; without its signature, 404', async () => {
    const id = await upload(media['h264.mp4'] as string, 'tamper.mp4');
    const url = (await svc.api('GET', `/v1/files/${id}/timeline`)).body.thumbnails.url as string;
    expect((await fetch(url.replace(/sprite\.jpg$/, 'proxy.mp4'))).status).toBe(403);
    expect((await fetch(url.replace(/\/facts\/s\/[^/]+\//, '/facts/s/x/'))).status).toBe(403);
    expect((await fetch(`${svc.url}/facts/${id}/sprite.jpg`)).status).toBe(404);
  });
});

describe('GET /v1/files/{file_id}/proxy', () => {
  it('when the file is H.264/AAC in MP4, then no proxy is needed', async () => {
    const r = await svc.api('GET', `/v1/files/${await upload(media['h264.mp4'] as string, 'plays.mp4')}/proxy`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ status: 'NOT_NEEDED' });
  });

  it('when the file is HEVC, then a proxy is made in the background once: PENDING, then READY with an H.264/AAC MP4', async () => {
    const id = await upload(media['hevc.mp4'] as string);
    const runs = svc.service.parts.factCache.runs('proxy.mp4');
    const first = await svc.api('GET', `/v1/files/${id}/proxy`);
    expect(first.body).toMatchObject({ status: 'PENDING', reason: expect.stringMatching(/HEVC/) });
    let state = first.body;
    while (state.status === 'PENDING') {
      // HEVC copied into MP4 would not play in Chromium either: no quick look is offered.
      expect(state.quick_url).toBeUndefined();
      await new Promise((r) => setTimeout(r, 100));
      state = (await svc.api('GET', `/v1/files/${id}/proxy`)).body;
    }
    expect(svc.service.parts.factCache.runs('quick.mp4')).toBe(0);
    expect(state.status, JSON.stringify(state)).toBe('READY');
    const proxy = probeJson(await download(state.url, 'proxy.mp4'));
    expect(proxy.streams.map((s: { codec_name: string }) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Number(proxy.format.duration)).toBeCloseTo(6, 0);
    const ranged = await fetch(state.url, { headers: { Range: 'bytes=0-99' } });
    expect([ranged.status, (await ranged.arrayBuffer()).byteLength]).toEqual([206, 100]);
    expect(fs.readdirSync(path.join(svc.dataDir, 'facts', id)).filter((f) => f.startsWith('.work-'))).toEqual([]);
    expect((await svc.api('GET', `/v1/files/${id}/proxy`)).body.status).toBe('READY');
    expect(svc.service.parts.factCache.runs('proxy.mp4')).toBe(runs + 1);
  });

  it('while a longer proxy is made, PENDING says how far it got and the time left', async () => {
    // MPEG-2 (quick to make here, played by no browser): 40 s at 640×360 takes the proxy a few seconds.
    const file = path.join(dir, 'long-mpeg2.mkv');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=40', '-c:v', 'mpeg2video', '-q:v', '4', file]);
    const id = await upload(file);
    const answers: any[] = [];
    for (let state: any = { status: 'PENDING' }; state.status === 'PENDING'; await new Promise((r) => setTimeout(r, 100))) {
      state = (await svc.api('GET', `/v1/files/${id}/proxy`)).body;
      answers.push(state);
    }
    expect(answers.at(-1).status, JSON.stringify(answers.at(-1))).toBe('READY');
    const counted = answers.filter((a) => a.status === 'PENDING' && typeof a.percent === 'number');
    expect(counted.length, JSON.stringify(answers)).toBeGreaterThan(0);
    for (const a of counted) {
      expect(a.percent).toBeGreaterThanOrEqual(0);
      expect(a.percent).toBeLessThanOrEqual(100);
    }
    // The percent only goes up while one proxy is made.
    expect(counted.map((a) => a.percent)).toEqual([...counted.map((a) => a.percent)].sort((x, y) => x - y));
    expect(
      counted.some((a) => a.percent > 0 && a.percent < 100 && typeof a.eta_seconds === 'number'),
      JSON.stringify(counted),
    ).toBe(true);
  }, 120_000);

  it('when the file is H.264/AAC in Matroska, then a quick look (its streams copied into MP4) plays while the proxy is made: the same frames at the same times', async () => {
    // 30 s at 640×360: a copy takes a moment, the proxy a few seconds.
    const file = path.join(dir, 'obs-like.mkv');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=30', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=30'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '150', '-c:a', 'aac', '-shortest', file],
    ]);
    const id = await upload(file);
    const answers: any[] = [];
    for (let state: any = { status: 'PENDING' }; state.status === 'PENDING' && !state.quick_url; await new Promise((r) => setTimeout(r, 50))) {
      state = (await svc.api('GET', `/v1/files/${id}/proxy`)).body;
      answers.push(state);
    }
    const offered = answers.at(-1);
    expect(offered, JSON.stringify(answers)).toMatchObject({
      status: 'PENDING',
      reason: expect.stringMatching(/\.mkv container/),
      quick_url: expect.stringContaining('/quick.mp4'),
      quick_has_sound: true,
    });
    const quick = await download(offered.quick_url, 'quick.mp4');
    const probed = probeJson(quick);
    expect(probed.format.format_name).toMatch(/mp4/);
    expect(probed.streams.map((s: { codec_name: string }) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    // Copied, not re-encoded: every decoded frame, and its time, as the source's.
    const frames = (f: string) =>
      execFileSync(binaries.ffmpegPath, ['-v', 'error', '-i', f, '-map', '0:v', '-fps_mode', 'passthrough', '-f', 'framemd5', '-'], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => l && !l.startsWith('#'));
    expect(frames(quick)).toEqual(frames(file));
    const ranged = await fetch(offered.quick_url, { headers: { Range: 'bytes=0-99' } });
    expect([ranged.status, ranged.headers.get('content-type')]).toEqual([206, 'video/mp4']);
    // Then the proxy, as for any file.
    let state = offered;
    while (state.status === 'PENDING') {
      await new Promise((r) => setTimeout(r, 200));
      state = (await svc.api('GET', `/v1/files/${id}/proxy`)).body;
    }
    expect(state.status, JSON.stringify(state)).toBe('READY');
    expect(state.quick_url).toBeUndefined();
  }, 120_000);

  it('when the recording’s sound is PCM (which Chromium does not play from MP4), then the quick look is the picture alone and says so', async () => {
    const file = path.join(dir, 'pcm.mkv');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'pcm_s16le', '-shortest', file],
    ]);
    const id = await upload(file);
    let state: any = { status: 'PENDING' };
    while (state.status === 'PENDING' && !state.quick_url) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await svc.api('GET', `/v1/files/${id}/proxy`)).body;
    }
    expect(state, JSON.stringify(state)).toMatchObject({ status: 'PENDING', quick_has_sound: false });
    const quick = probeJson(await download(state.quick_url, 'quick-pcm.mp4'));
    expect(quick.streams.map((s: { codec_name: string }) => s.codec_name)).toEqual(['h264']);
  }, 120_000);
});

/** The mean level (dB) of a file's first audio stream through a narrow band-pass at `hz`: which tone a track carries. */
function levelAt(file: string, hz: number): number {
  const r = spawnSync(
    binaries.ffmpegPath,
    ['-hide_banner', '-nostdin', '-i', file, '-map', '0:a:0', '-af', `bandpass=f=${hz}:width_type=q:w=8,volumedetect`, '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(r.stderr)?.[1] ?? -200);
}

/** The MD5 of each packet of one stream, read by stream copy: equal lists mean the same coded audio. */
function packetHashes(file: string, map: string): string[] {
  const out = execFileSync(binaries.ffmpegPath, ['-v', 'error', '-i', file, '-map', map, '-c', 'copy', '-f', 'framemd5', '-'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split(',').at(-1)?.trim() ?? '');
}

describe('GET /v1/files/{file_id}/sound (an audio track beside the picture)', () => {
  let id: string;
  let source: string;
  beforeAll(async () => {
    // An OBS-like recording: the game at 440 Hz (AAC), a microphone at 1000 Hz, silent for its first 3 s (PCM, which Chromium
    // does not play from MP4), commentary at 3000 Hz (AAC).
    source = path.join(dir, 'tracks.mkv');
    const srt = path.join(dir, 'tracks.srt');
    fs.writeFileSync(srt, '1\n00:00:01,000 --> 00:00:02,000\nbonjour\n');
    const tone = (hz: number) => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=6`];
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x90:rate=25:duration=6',
      ...tone(440),
      ...['-f', 'lavfi', '-i', 'aevalsrc=if(lt(t\\,3)\\,0\\,0.5*sin(2*PI*1000*t)):d=6'],
      ...tone(3000),
      ...['-i', srt],
      '-map',
      '0',
      '-map',
      '1',
      '-map',
      '2',
      '-map',
      '3',
      ...['-map', '4', '-c:s', 'copy', '-metadata:s:s:0', 'language=fra'],
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a:0',
      'aac',
      '-c:a:1',
      'pcm_s16le',
      '-c:a:2',
      'aac',
      '-metadata:s:a:0',
      'title=Game',
      '-metadata:s:a:1',
      'title=Mic',
      '-metadata:s:a:1',
      'language=eng',
      '-metadata:s:a:2',
      'title=Commentary',
      source,
    ]);
    id = await upload(source);
  });

  it('when a recording has three audio tracks, then the keyframes answer lists them in order, with codec, channels, language and title', async () => {
    const r = await svc.api('GET', `/v1/files/${id}/keyframes`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.audio_tracks).toEqual([
      { audio_track: 1, codec: 'aac', channels: 1, language: null, title: 'Game' },
      { audio_track: 2, codec: 'pcm_s16le', channels: 1, language: 'eng', title: 'Mic' },
      { audio_track: 3, codec: 'aac', channels: 1, language: null, title: 'Commentary' },
    ]);
    expect(r.body.subtitle_tracks).toEqual([{ subtitle_track: 1, codec: 'subrip', language: 'fra', title: null, is_picture: false }]);
  });

  async function soundOf(track: number): Promise<any> {
    let state = (await svc.api('GET', `/v1/files/${id}/sound?audio_track=${track}`)).body;
    expect(state).toMatchObject({ file_id: id, audio_track: track });
    while (state.status === 'PENDING') {
      await new Promise((r) => setTimeout(r, 100));
      state = (await svc.api('GET', `/v1/files/${id}/sound?audio_track=${track}`)).body;
    }
    return state;
  }

  it('when track 2 (PCM) is asked for, then it is made once, in the background, as AAC in MP4 carrying that track and no other', async () => {
    const runs = svc.service.parts.factCache.runs('sound2.m4a');
    const first = await svc.api('GET', `/v1/files/${id}/sound?audio_track=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ file_id: id, audio_track: 2, status: 'PENDING' });
    const state = await soundOf(2);
    expect(state.status, JSON.stringify(state)).toBe('READY');
    const res = await fetch(state.url, { headers: { Range: 'bytes=0-99' } });
    expect([res.status, res.headers.get('content-type'), (await res.arrayBuffer()).byteLength]).toEqual([206, 'audio/mp4', 100]);
    const file = await download(state.url, 'sound2.m4a');
    const probed = probeJson(file);
    expect(probed.streams.map((s: { codec_name: string }) => s.codec_name)).toEqual(['aac']);
    expect(Number(probed.format.duration)).toBeCloseTo(6, 0);
    // The microphone's 1000 Hz, not the game's 440 Hz.
    expect(levelAt(file, 1000) - levelAt(file, 440)).toBeGreaterThan(20);
    expect((await soundOf(2)).status).toBe('READY');
    expect(svc.service.parts.factCache.runs('sound2.m4a')).toBe(runs + 1);
  });

  it("when subtitle track 1 is asked for, then it is made once as WebVTT on the picture's clock, served without the key; a track the file lacks is a 409", async () => {
    const runs = svc.service.parts.factCache.runs('subs1.json');
    const r = await svc.api('GET', `/v1/files/${id}/subtitles?subtitle_track=1`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ file_id: id, subtitle_track: 1, url: expect.stringContaining('/subs1.vtt') });
    const res = await fetch(r.body.url);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/vtt; charset=utf-8']);
    const vtt = await res.text();
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    // The cue sits where the source's subtitle packet does on the container's clock (the MKV put
    // it 23 ms late, after the AAC priming), the clock the player's picture runs on.
    const cue = /(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d)\.(\d{3})\s+bonjour/.exec(vtt);
    expect(cue, vtt).not.toBeNull();
    const at = (m: string, sec: string, ms: string) => Number(m) * 60 + Number(sec) + Number(ms) / 1000;
    const [start, end] = [at(cue![1]!, cue![2]!, cue![3]!), at(cue![4]!, cue![5]!, cue![6]!)];
    const packet = Number(
      execFileSync(binaries.ffprobePath, ['-v', 'error', '-select_streams', 's:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', source], {
        encoding: 'utf8',
      }).trim(),
    );
    expect(Math.abs(start - packet)).toBeLessThan(0.002);
    expect(end - start).toBeCloseTo(1, 2);
    expect((await svc.api('GET', `/v1/files/${id}/subtitles?subtitle_track=1`)).status).toBe(200);
    expect(svc.service.parts.factCache.runs('subs1.json')).toBe(runs + 1);
    const missing = await svc.api('GET', `/v1/files/${id}/subtitles?subtitle_track=2`);
    expect([missing.status, missing.body.detail]).toEqual([409, 'The file has 1 subtitle track, not 2']);
  });

  it('when track 3 is AAC, then its packets are copied as they are', async () => {
    const state = await soundOf(3);
    expect(state.status, JSON.stringify(state)).toBe('READY');
    const file = await download(state.url, 'sound3.m4a');
    expect(packetHashes(file, '0:a:0')).toEqual(packetHashes(source, '0:a:2'));
    expect(levelAt(file, 3000) - levelAt(file, 1000)).toBeGreaterThan(20);
  });

  it("when the timeline is asked for track 2, then its waveform is the microphone's (silent, then loud), computed once; the sprite is the same", async () => {
    const first = await svc.api('GET', `/v1/files/${id}/timeline`);
    expect(first.status, first.text).toBe(200);
    const runs = svc.service.parts.factCache.runs('waveform-a2.json');
    const mic = await svc.api('GET', `/v1/files/${id}/timeline?audio_track=2`);
    expect(mic.status, mic.text).toBe(200);
    const half = (peaks: number[], which: 0 | 1) =>
      Math.max(...peaks.slice(which * Math.floor(peaks.length / 2), (which + 1) * Math.floor(peaks.length / 2) - 2));
    const [game, micPeaks] = [first.body.waveform.peaks as number[], mic.body.waveform.peaks as number[]];
    expect([half(game, 0), half(game, 1)].map((p) => Math.round(p * 100) / 100)).toEqual([0.13, 0.13]);
    expect(half(micPeaks, 0)).toBeLessThan(0.01);
    expect(half(micPeaks, 1)).toBeCloseTo(0.5, 1);
    expect(mic.body.thumbnails.columns).toBe(first.body.thumbnails.columns);
    expect((await svc.api('GET', `/v1/files/${id}/timeline?audio_track=2`)).body.waveform).toEqual(mic.body.waveform);
    expect(svc.service.parts.factCache.runs('waveform-a2.json')).toBe(runs + 1);
  });

  it('when the track does not exist, then 409 says how many there are; a bad number is a 422 naming the field', async () => {
    const r = await svc.api('GET', `/v1/files/${id}/sound?audio_track=4`);
    expect([r.status, r.body.detail]).toEqual([409, 'The file has 3 audio tracks, not 4']);
    const t = await svc.api('GET', `/v1/files/${id}/timeline?audio_track=4`);
    expect([t.status, t.body.detail]).toEqual([409, 'The file has 3 audio tracks, not 4']);
    const bad = await svc.api('GET', `/v1/files/${id}/sound?audio_track=0`);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('audio_track');
  });
});

/** Integrated loudness (LUFS) of a file, by ffmpeg's ebur128 summary. */
function integratedLoudness(file: string): number {
  const r = spawnSync(binaries.ffmpegPath, ['-hide_banner', '-nostdin', '-i', file, '-af', 'ebur128', '-f', 'null', '-'], { encoding: 'utf8' });
  const summary = r.stderr.slice(r.stderr.lastIndexOf('Summary:'));
  return Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
}

describe('GET /v1/files/{file_id}/loudness (two-pass normalisation)', () => {
  it('when a quiet recording is measured and a second pass uses the measured values with linear=true, then the result is within 1 LU of the target', async () => {
    // 4 s of quiet pink noise with a tone on it: real audio far from the target (about -35 LUFS).
    const quiet = path.join(dir, 'quiet.wav');
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=d=4:c=pink:a=0.02',
      '-f',
      'lavfi',
      '-i',
      'sine=f=220:d=4',
      '-filter_complex',
      '[1]volume=0.02[t];[0][t]amix=2',
      quiet,
    ]);
    const id = await upload(quiet);
    const first = await svc.api('GET', `/v1/files/${id}/loudness`);
    expect(first.status, first.text).toBe(200);
    const m = first.body as { input_i: number; input_tp: number; input_lra: number; input_thresh: number };
    expect(m.input_i).toBeLessThan(-30);
    expect(Object.keys(first.body)).toEqual(['file_id', 'audio_track', 'input_i', 'input_tp', 'input_lra', 'input_thresh']);
    expect(integratedLoudness(quiet)).toBeCloseTo(m.input_i, 0);
    const runs = svc.service.parts.factCache.runs('loudness-a1.json');
    expect((await svc.api('GET', `/v1/files/${id}/loudness?audio_track=1`)).body).toEqual(first.body);
    expect(svc.service.parts.factCache.runs('loudness-a1.json')).toBe(runs);

    const storage = (await svc.api('GET', `/v1/files/${id}`)).body.storage_url as string;
    const pass2 = `loudnorm=I=-16:TP=-1.5:LRA=11:measured_I=${m.input_i}:measured_TP=${m.input_tp}:measured_LRA=${m.input_lra}:measured_thresh=${m.input_thresh}:linear=true`;
    const sent = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: storage },
      output_files: { out_1: 'level.wav' },
      ffmpeg_command: `-i {{in_1}} -af ${pass2} -ar 48000 -c:a pcm_s16le {{out_1}}`,
    });
    expect(sent.status, sent.text).toBe(200);
    const done = await svc.waitForCommand(sent.body.command_id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    const out = await download(done.output_files.out_1.storage_url, 'level.wav');
    expect(Math.abs(integratedLoudness(out) - -16)).toBeLessThanOrEqual(1);
  });

  it('when the track does not exist or the file has no sound, then 409 says so', async () => {
    const id = await upload(media['tone.mp3'] as string, 'tone-2.mp3');
    const r = await svc.api('GET', `/v1/files/${id}/loudness?audio_track=2`);
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe('The file has 1 audio track, not 2');
  });
});

describe('GET /v1/files/{file_id}/silences (cutting at the pauses)', () => {
  /** 7 s of a 440 Hz tone, silent at 1.5-2.5 s and 4-4.75 s, in AAC: the gaps an interview's pauses leave. */
  const GAPS = [
    { start: 1.5, end: 2.5 },
    { start: 4, end: 4.75 },
  ];
  let id: string;

  beforeAll(async () => {
    const gapped = path.join(dir, 'pauses.m4a');
    const silent = GAPS.map((g) => `between(t\\,${g.start}\\,${g.end})`).join('+');
    ffmpeg(['-f', 'lavfi', '-i', `aevalsrc=if(${silent}\\,0\\,0.5*sin(2*PI*440*t)):s=48000:d=7`, '-c:a', 'aac', gapped]);
    id = await upload(gapped);
  });

  it('when a tone has two silent gaps, then both are reported within 50 ms, with the defaults echoed; asked again, the cache answers', async () => {
    const runs = svc.service.parts.factCache.runs('silences-a1-n-35-d0.5.json');
    const r = await svc.api('GET', `/v1/files/${id}/silences`);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(['file_id', 'audio_track', 'noise_db', 'min_seconds', 'duration', 'silences']);
    expect(r.body).toMatchObject({ file_id: id, audio_track: 1, noise_db: -35, min_seconds: 0.5 });
    expect(r.body.duration).toBeCloseTo(7, 1);
    const found = r.body.silences as { start: number; end: number }[];
    expect(found).toHaveLength(GAPS.length);
    found.forEach((s, i) => {
      expect(Math.abs(s.start - (GAPS[i]?.start ?? NaN))).toBeLessThanOrEqual(0.05);
      expect(Math.abs(s.end - (GAPS[i]?.end ?? NaN))).toBeLessThanOrEqual(0.05);
    });
    expect(svc.service.parts.factCache.runs('silences-a1-n-35-d0.5.json')).toBe(runs + 1);
    expect((await svc.api('GET', `/v1/files/${id}/silences?audio_track=1&noise_db=-35&min_seconds=0.5`)).body).toEqual(r.body);
    expect(svc.service.parts.factCache.runs('silences-a1-n-35-d0.5.json')).toBe(runs + 1);
  });

  it('when the shortest silence asked for is longer than the second gap, then only the first is reported', async () => {
    const r = await svc.api('GET', `/v1/files/${id}/silences?min_seconds=0.9`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.min_seconds).toBe(0.9);
    expect(r.body.silences).toHaveLength(1);
    expect(r.body.silences[0].start).toBeCloseTo(1.5, 1);
  });

  it('when a recording ends in silence, then the last silence runs to the end of the file', async () => {
    const trailing = path.join(dir, 'trailing.wav');
    ffmpeg(['-f', 'lavfi', '-i', 'aevalsrc=if(gte(t\\,2)\\,0\\,0.5*sin(2*PI*440*t)):s=48000:d=3', trailing]);
    const r = await svc.api('GET', `/v1/files/${await upload(trailing)}/silences`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.silences).toHaveLength(1);
    expect(Math.abs(r.body.silences[0].start - 2)).toBeLessThanOrEqual(0.05);
    expect(r.body.silences[0].end).toBe(r.body.duration);
  });

  it('when the file has no sound or not that track, then 409 says so; a level out of range is a 422 naming the field; an unknown file is a 404', async () => {
    const video = path.join(dir, 'mute.mp4');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25:duration=1', '-an', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video]);
    const mute = await svc.api('GET', `/v1/files/${await upload(video)}/silences`);
    expect([mute.status, mute.body.detail]).toEqual([409, 'The file has no audio track']);
    const second = await svc.api('GET', `/v1/files/${id}/silences?audio_track=2`);
    expect([second.status, second.body.detail]).toEqual([409, 'The file has 1 audio track, not 2']);
    const loud = await svc.api('GET', `/v1/files/${id}/silences?noise_db=5`);
    expect(loud.status).toBe(422);
    expect(JSON.stringify(loud.body)).toContain('noise_db');
    expect((await svc.api('GET', '/v1/files/no-such-file/silences')).status).toBe(404);
  });
});

describe('deleting a file', () => {
  it('when a file with cached facts is deleted, then its facts go with it: 404 for the facts and the sprite URL', async () => {
    const id = await upload(media['h264.mp4'] as string, 'gone.mp4');
    const url = (await svc.api('GET', `/v1/files/${id}/timeline`)).body.thumbnails.url as string;
    const factsDir = path.join(svc.dataDir, 'facts', id);
    expect(fs.existsSync(factsDir)).toBe(true);
    expect((await svc.api('DELETE', `/v1/files/${id}`)).status).toBe(204);
    expect((await svc.api('GET', `/v1/files/${id}/keyframes`)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
    await expect.poll(() => fs.existsSync(factsDir)).toBe(false);
  });
});
