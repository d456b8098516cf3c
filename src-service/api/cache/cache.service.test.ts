import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { ffmpeg, makeTinyMedia, startMediaServer, type MediaServer } from '../../testing/media';

let svc: TestService;
let media: MediaServer;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = tempDir('ffdesk-media-');
  makeTinyMedia(mediaDir);
  media = await startMediaServer(mediaDir);
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

const body = (input: string, extra: Record<string, unknown> = {}) => ({
  input_files: { in_1: input },
  output_files: { out_1: 'small.mp4' },
  ffmpeg_command: '-i {{in_1}} -vf scale=-2:64 -c:v libx264 -preset ultrafast -an {{out_1}}',
  cache: true,
  ...extra,
});

async function run(b: unknown): Promise<any> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', b);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const done = await svc.waitForCommand(res.body.command_id);
  expect(done.status, done.error_message).toBe('SUCCESS');
  return done;
}

const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
const blobPathOf = (fileId: string) => {
  const row = svc.service.parts.files.getAny(fileId);
  return svc.service.parts.blobs.localPath(row?.blobKey as string) as string;
};

describe('result cache', () => {
  let first: any;
  let second: any;

  it('when the same command runs twice on the same bytes with cache: true, then the second is a hit sharing the bytes as a new record', async () => {
    first = await run(body(`${media.url}/video.mp4`));
    expect(first.cache_hit).toBeUndefined();
    second = await run(body(`${media.url}/video.mp4`));
    expect(second).toMatchObject({ cache_hit: true, cached_from_command_id: first.command_id, ffmpeg_command_run_seconds: 0 });
    const [a, b] = [first.output_files.out_1, second.output_files.out_1];
    expect(b.file_id).not.toBe(a.file_id);
    expect(b).toMatchObject({ height: 64, size_mbytes: a.size_mbytes, file_format: 'mp4' });
    expect((await bytesOf(b.storage_url)).equals(await bytesOf(a.storage_url))).toBe(true);
    // One copy of the bytes on disk: two names for one inode.
    expect(fs.statSync(blobPathOf(b.file_id)).ino).toBe(fs.statSync(blobPathOf(a.file_id)).ino);
    expect((await svc.api('GET', `/v1/commands/${second.command_id}/log`)).text).toMatch(/cache hit/i);
  });

  it('when the first record is deleted, then the hit still serves its bytes, and the next run is a miss that refills the cache', async () => {
    const keep = await bytesOf(second.output_files.out_1.storage_url);
    expect((await svc.api('DELETE', `/v1/commands/${first.command_id}/files`)).status).toBe(204);
    expect((await bytesOf(second.output_files.out_1.storage_url)).equals(keep)).toBe(true);
    const third = await run(body(`${media.url}/video.mp4`));
    expect(third.cache_hit).toBeUndefined();
    const fourth = await run(body(`${media.url}/video.mp4`));
    expect(fourth.cached_from_command_id).toBe(third.command_id);
    expect((await svc.api('DELETE', `/v1/commands/${fourth.command_id}/files`)).status).toBe(204);
    expect((await bytesOf(third.output_files.out_1.storage_url)).length).toBeGreaterThan(0);
  });

  it('when the input bytes change under the same URL, or cache is not asked, then ffmpeg runs again', async () => {
    const changing = path.join(mediaDir, 'changing.mp4');
    fs.copyFileSync(path.join(mediaDir, 'video.mp4'), changing);
    const a = await run(body(`${media.url}/changing.mp4`));
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', changing]);
    const b = await run(body(`${media.url}/changing.mp4`));
    expect(b.cache_hit).toBeUndefined();
    const c = await run(body(`${media.url}/changing.mp4`, { cache: undefined }));
    expect(c.cache_hit).toBeUndefined();
    expect(a.command_id).not.toBe(b.command_id);
  });

  it('when an input is a file stored here, then it is hashed once and the repeat is a hit', async () => {
    const source = await run(body(`${media.url}/video.mp4`, { cache: false, output_files: { out_1: 'source.mp4' } }));
    const url = source.output_files.out_1.storage_url;
    const x = await run(body(url));
    const y = await run(body(url));
    expect(y.cached_from_command_id).toBe(x.command_id);
    const blobKey = svc.service.parts.files.getAny(source.output_files.out_1.file_id)?.blobKey;
    expect(svc.service.parts.db.prepare('SELECT COUNT(*) AS n FROM blob_hashes WHERE blob_key = ?').get(blobKey)).toEqual({ n: 1 });
  });

  it('when a preset asks for the cache, then its runs share results', async () => {
    const preset = {
      name: 'cached-scale',
      cache: true,
      inputs: [{ alias: 'in_1' }],
      outputs: { out_1: '{name}_small.mp4' },
      steps: [body('x').ffmpeg_command],
    };
    expect((await svc.api('POST', '/v1/presets', preset)).status).toBe(200);
    const r1 = await svc.api('POST', '/v1/presets/cached-scale/run', { input_files: { in_1: `${media.url}/video.mp4` } });
    const d1 = await svc.waitForCommand(r1.body.command_id);
    const r2 = await svc.api('POST', '/v1/presets/cached-scale/run', { input_files: { in_1: `${media.url}/video.mp4` } });
    const d2 = await svc.waitForCommand(r2.body.command_id);
    expect(d2).toMatchObject({ status: 'SUCCESS', cache_hit: true, cached_from_command_id: d1.command_id });
  });

  it('when a playlist (a folder of segments) and an OUTPUT_FOLDER zip are reused, then both are served from their new records', async () => {
    const hls = {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_playlist_1: 'index.m3u8' },
      ffmpeg_command: '-i {{in_1}} -c copy -f hls -hls_time 1 -hls_playlist_type vod {{out_playlist_1}}',
      cache: true,
    };
    const a = await run(hls);
    const b = await run(hls);
    expect(b.cached_from_command_id).toBe(a.command_id);
    const manifest = await (await fetch(b.output_files.out_playlist_1.storage_url)).text();
    const segment = manifest.split('\n').find((l) => l.endsWith('.ts')) as string;
    const base = b.output_files.out_playlist_1.storage_url.replace(/index\.m3u8$/, '');
    expect((await fetch(base + segment)).status).toBe(200);
    expect(b.output_files.out_playlist_1.file_id).not.toBe(a.output_files.out_playlist_1.file_id);

    const folder = { ...hls, output_files: 'OUTPUT_FOLDER', ffmpeg_command: '-i {{in_1}} -c copy -f segment -segment_time 1 part_%03d.mp4' };
    const c = await run(folder);
    const d = await run(folder);
    expect(d.cached_from_command_id).toBe(c.command_id);
    expect(d.output_files.OUTPUT_FOLDER.storage_url).toMatch(new RegExp(`/${d.command_id}\\.zip$`));
    expect((await bytesOf(d.output_files.OUTPUT_FOLDER.storage_url)).equals(await bytesOf(c.output_files.OUTPUT_FOLDER.storage_url))).toBe(true);
  });

  it('when stats are read and the cache cleared, then counts reset and the next run is a miss', async () => {
    const stats = await svc.api('GET', '/v1/cache');
    expect(stats.status).toBe(200);
    expect(stats.body.entries).toBeGreaterThanOrEqual(3);
    expect(stats.body.size_bytes).toBeGreaterThan(0);
    expect(stats.body.hits).toBeGreaterThanOrEqual(3);
    expect(stats.body.hit_rate).toBeCloseTo(stats.body.hits / stats.body.lookups, 3);
    expect((await svc.api('DELETE', '/v1/cache')).status).toBe(204);
    expect((await svc.api('GET', '/v1/cache')).body).toEqual({ entries: 0, size_bytes: 0, lookups: 0, hits: 0, hit_rate: null });
    const again = await run(body(`${media.url}/video.mp4`));
    expect(again.cache_hit).toBeUndefined();
  });
});
