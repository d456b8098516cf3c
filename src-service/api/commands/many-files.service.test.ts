import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { ffmpeg, makeTinyMedia, startMediaServer, type MediaServer } from '../../testing/media';
import { resolveBinaries } from '../../media/binaries';
import { envForBinary } from '../../media/static-glibc';

/** Text that deflates well, so a zip's size and its contents' size differ by a lot. */
const NOTES = 'FFDesk counts processing after decompression. '.repeat(4000);

let svc: TestService;
let media: MediaServer;
let dir: string;
const { ffprobePath, ffmpegPath } = resolveBinaries();

/**
 * Whether the resolved ffmpeg can write an HLS master playlist at all: the registry-shipped
 * 2018 build (N-47683) segfaults on `-master_pl_name` with `-var_stream_map`, by itself,
 * outside FFDesk. Checked here with the bare binary so the skip is never a guess.
 */
function ffmpegWritesMasterPlaylists(): boolean {
  const dir = tempDir('ffdesk-master-probe-');
  const r = spawnSync(
    ffmpegPath,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=64x48:rate=10:duration=1',
      '-map',
      '0:v',
      '-map',
      '0:v',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-f',
      'hls',
      '-master_pl_name',
      'm.m3u8',
      '-var_stream_map',
      'v:0 v:1',
      'v%v.m3u8',
    ],
    { cwd: dir, timeout: 60_000 },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  return r.status === 0;
}
const masterPlaylistsWork = ffmpegWritesMasterPlaylists();

/** A TrueType font of this machine for the drawtext case (Debian's Chromium pulls in DejaVu/Liberation). */
function findSystemFont(): string | null {
  for (const root of ['/usr/share/fonts', '/usr/local/share/fonts', '/Library/Fonts', 'C:\\Windows\\Fonts']) {
    if (!fs.existsSync(root)) continue;
    const hit = (fs.readdirSync(root, { recursive: true }) as string[]).find((f) => f.toLowerCase().endsWith('.ttf'));
    if (hit) return path.join(root, hit);
  }
  return null;
}
const systemFont = findSystemFont();

/** A zip made with yazl from files in `dir` (entries named as given). */
async function makeZip(name: string, entries: Record<string, string | Buffer>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [entry, content] of Object.entries(entries)) {
    zip.addBuffer(typeof content === 'string' && fs.existsSync(content) ? fs.readFileSync(content) : Buffer.from(content), entry);
  }
  zip.end();
  await new Promise<void>((resolve, reject) => {
    zip.outputStream
      .pipe(fs.createWriteStream(path.join(dir, name)))
      .on('close', resolve)
      .on('error', reject);
  });
}

function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zf) => {
      if (err || !zf) return reject(err ?? new Error('yauzl could not open the zip'));
      const names: string[] = [];
      zf.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zf.readEntry();
      });
      zf.on('end', () => resolve(names.sort()));
      zf.readEntry();
    });
  });
}

/**
 * ffprobe reading a playlist over HTTP, as a player would (segments resolve relative to it).
 * Asynchronous: the service under test runs in this process and must keep answering.
 */
async function probeUrl(url: string): Promise<{ format: { duration?: string; format_name?: string } }> {
  const { stdout } = await promisify(execFile)(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', url], {
    encoding: 'utf8',
    env: envForBinary(ffprobePath, process.env), // a static build must not load the system's gconv modules (docs/ffmpeg.md)
  });
  return JSON.parse(stdout);
}

beforeAll(async () => {
  dir = tempDir('ffdesk-zips-');
  makeTinyMedia(dir);
  const frames = path.join(dir, 'frames');
  fs.mkdirSync(frames);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1', 'frame_%03d.png'], frames);
  const frameFiles = Object.fromEntries(fs.readdirSync(frames).map((f) => [f, path.join(frames, f)]));
  ffmpeg(['-i', 'video.mp4', '-t', '1', '-c', 'copy', 'a.mp4'], dir);
  ffmpeg(['-i', 'video.mp4', '-ss', '1', '-c', 'copy', 'b.mp4'], dir);
  const hls = path.join(dir, 'hls');
  fs.mkdirSync(hls);
  ffmpeg(['-i', path.join(dir, 'video.mp4'), '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', 'playlist.m3u8'], hls);
  await makeZip('frames.zip', frameFiles);
  await makeZip('quota.zip', { ...frameFiles, 'notes.txt': NOTES });
  await makeZip('concat.zip', { 'list.txt': "file 'a.mp4'\nfile 'b.mp4'\n", 'a.mp4': path.join(dir, 'a.mp4'), 'b.mp4': path.join(dir, 'b.mp4') });
  // Names with spaces, which the concat demuxer reads only with -safe 0, as scripts for the hosted service pass it.
  await makeZip('concat-spaces.zip', {
    'list.txt': "file 'part one.mp4'\nfile 'part two.mp4'\n",
    'part one.mp4': path.join(dir, 'a.mp4'),
    'part two.mp4': path.join(dir, 'b.mp4'),
  });
  await makeZip('hls.zip', Object.fromEntries(fs.readdirSync(hls).map((f) => [f, path.join(hls, f)])));
  await makeZip('subs.zip', { 'movie.mp4': path.join(dir, 'video.mp4'), 'movie.srt': path.join(dir, 'subs.srt') });
  fs.writeFileSync(path.join(dir, 'disguised.mp4'), '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n/etc/passwd\n#EXT-X-ENDLIST\n');
  fs.writeFileSync(path.join(dir, 'smuggled.bin'), Buffer.concat([Buffer.alloc(4096), Buffer.from('#EXTM3U\n#EXTINF:1,\n/etc/passwd\n#EXT-X-ENDLIST\n')]));
  await makeZip('escape.zip', { 'playlist.m3u8': '#EXTM3U\n#EXTINF:1,\n/etc/passwd\n#EXT-X-ENDLIST\n' });
  if (systemFont) await makeZip('font.zip', { 'movie.mp4': path.join(dir, 'video.mp4'), 'MyFont.ttf': systemFont });
  media = await startMediaServer(dir);
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

async function run(body: unknown): Promise<any> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return svc.waitForCommand(res.body.command_id);
}

describe('input_compressed_folder (docs/api.md §4.10 rule 1)', () => {
  it.each([
    ['an image sequence by pattern', 'frames.zip', '-framerate 10 -i frame_%03d.png -c:v libx264 -preset ultrafast -pix_fmt yuv420p {{out_1}}'],
    ['an image sequence by glob', 'frames.zip', "-pattern_type glob -framerate 10 -i '*.png' -c:v libx264 -preset ultrafast -pix_fmt yuv420p {{out_1}}"],
    ['a concat list', 'concat.zip', '-f concat -i list.txt -c copy {{out_1}}'],
    ['a concat list of names with spaces, read with -safe 0', 'concat-spaces.zip', '-f concat -safe 0 -i list.txt -c copy {{out_1}}'],
    ['an HLS playlist with its segments', 'hls.zip', '-i playlist.m3u8 -c copy {{out_1}}'],
    ['subtitles beside the movie with fontsdir=.', 'subs.zip', '-i movie.mp4 -vf subtitles=movie.srt:fontsdir=. -preset ultrafast {{out_1}}'],
  ])('when the zip holds %s, then ffmpeg reads the archive names and the output is stored', async (_name, zip, command) => {
    const done = await run({ input_compressed_folder: `${media.url}/${zip}`, output_files: { out_1: 'out.mp4' }, ffmpeg_command: command });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ file_type: 'video', file_format: 'mp4' });
  });

  it.skipIf(!systemFont)(
    `when the zip holds a font, then drawtext=fontfile= reads it by its archive name${systemFont ? '' : ' [SKIPPED: no .ttf font on this machine to put in the zip]'}`,
    async () => {
      const done = await run({
        input_compressed_folder: `${media.url}/font.zip`,
        output_files: { out_1: 'out.mp4' },
        ffmpeg_command: '-i movie.mp4 -vf drawtext=fontfile=MyFont.ttf:text=FFDesk:fontsize=24 -frames:v 10 {{out_1}}',
      });
      expect(done.status, done.error_message).toBe('SUCCESS');
      expect(done.output_files.out_1).toMatchObject({ file_type: 'video', file_format: 'mp4' });
    },
  );

  it('when a playlist inside the zip points outside the folder, then the command fails INVALID_INPUT_FILE', async () => {
    const done = await run({
      input_compressed_folder: `${media.url}/escape.zip`,
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-i playlist.m3u8 -c copy {{out_1}}',
    });
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'INVALID_INPUT_FILE' });
  });

  it('when a downloaded input is a playlist in disguise (.mp4) pointing outside, then the command fails INVALID_INPUT_FILE', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/disguised.mp4` },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}',
    });
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'INVALID_INPUT_FILE' });
    expect(done.error_message).toMatch(/disguised\.mp4.*\/etc\/passwd/s);
  });

  it('when an earlier chained step writes a playlist pointing outside, then the next step is refused', async () => {
    // Step 1 turns bytes 4096.. of a "binary" input into a file: a playlist made by ffmpeg itself.
    const res = await svc.api('POST', '/v1/run-chained-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/smuggled.bin` },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_commands: [
        "-f rawvideo -pix_fmt gray -video_size 1x1 -framerate 25 -i {{in_1}} -vf select='gte(n\\,4096)' -vsync 0 -f rawvideo -pix_fmt gray made.m3u8",
        '-i made.m3u8 -c copy {{out_1}}',
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await svc.waitForCommand(res.body.command_ids[0]);
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'INVALID_INPUT_FILE' });
    expect(done.error_message).toMatch(/made\.m3u8/);
  });

  it('when the zip is not a zip, then the command fails INVALID_INPUT_FILE', async () => {
    const done = await run({ input_compressed_folder: `${media.url}/subs.srt`, output_files: { out_1: 'out.mp4' }, ffmpeg_command: '-i movie.mp4 {{out_1}}' });
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'INVALID_INPUT_FILE' });
  });
});

describe('quota rules 1-4 (docs/api.md §8)', () => {
  const MiB = 1024 * 1024;
  const GiB = 1024 ** 3;
  async function listItem(id: string): Promise<any> {
    const list = await svc.api('GET', '/v1/commands?limit=50');
    return list.body.find((c: any) => c.command_id === id);
  }
  const sizeOf = (...parts: string[]) => fs.statSync(path.join(dir, ...parts)).size;

  it('when the input is a zipped folder, then processing counts its files after decompression (rule 1, 4)', async () => {
    const done = await run({
      input_compressed_folder: `${media.url}/quota.zip`,
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-framerate 10 -i frame_%03d.png -c:v libx264 -preset ultrafast -pix_fmt yuv420p {{out_1}}',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const unzipped = fs.readdirSync(path.join(dir, 'frames')).reduce((n, f) => n + sizeOf('frames', f), 0) + NOTES.length;
    expect(unzipped).toBeGreaterThan(sizeOf('quota.zip') + 100_000); // the zip is much smaller: counting it would be wrong
    const output = Math.round(done.output_files.out_1.size_mbytes * MiB);
    const item = await listItem(done.command_id);
    expect(Math.abs(item.processing_quota_used * GiB - (unzipped + output))).toBeLessThan(4);
    expect(Math.abs(item.storage_quota_used * GiB - output)).toBeLessThan(4);
    expect(done.total_processing_seconds).toBeGreaterThan(done.ffmpeg_command_run_seconds); // rule 4: unzip time is run time
  });

  it('when the output is OUTPUT_FOLDER, then processing counts files before compression and storage the zip (rules 2, 3)', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: 'OUTPUT_FOLDER',
      ffmpeg_command: '-i {{in_1}} -vf fps=4 thumb_%03d.bmp',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const rec = done.output_files.OUTPUT_FOLDER;
    expect(rec.size_compressed_mbytes).toBeLessThan(rec.size_mbytes / 2); // BMPs deflate well: the two figures must differ
    const item = await listItem(done.command_id);
    expect(Math.abs(item.processing_quota_used * GiB - (sizeOf('video.mp4') + rec.size_mbytes * MiB))).toBeLessThan(4);
    expect(Math.abs(item.storage_quota_used * GiB - rec.size_compressed_mbytes * MiB)).toBeLessThan(4);
  });
});

describe('OUTPUT_FOLDER (docs/api.md §4.10 rule 2)', () => {
  it.each([
    ['segment', '-i {{in_1}} -f segment -segment_time 1 -c copy seg_%03d.mp4', /^seg_\d{3}\.mp4$/],
    ['image2 %03d', '-i {{in_1}} -vf fps=2 thumb_%03d.jpg', /^thumb_\d{3}\.jpg$/],
    ['tee', '-i {{in_1}} -map 0 -c:v libx264 -preset ultrafast -c:a aac -f tee "a.mp4|[f=mpegts]b.ts"', /^(a\.mp4|b\.ts)$/],
    ['HLS with bare names', '-i {{in_1}} -c copy -f hls -hls_time 1 -hls_list_size 0 index.m3u8', /^(index\.m3u8|index\d+\.ts)$/],
  ])('when %s writes many files, then one zip holds exactly what the command produced', async (_name, command, pattern) => {
    const done = await run({ input_files: { in_1: `${media.url}/video.mp4` }, output_files: 'OUTPUT_FOLDER', ffmpeg_command: command });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const rec = done.output_files.OUTPUT_FOLDER;
    expect(rec).toMatchObject({ file_type: 'zip', file_format: 'zip', filename: `${done.command_id}.zip` });
    expect(rec.file_count).toBeGreaterThanOrEqual(2);
    expect(rec.size_compressed_mbytes).toBeGreaterThan(0);
    const zipPath = path.join(tempDir(), 'out.zip');
    fs.writeFileSync(zipPath, Buffer.from(await (await fetch(rec.storage_url)).arrayBuffer()));
    const names = await zipEntries(zipPath);
    expect(names).toHaveLength(rec.file_count);
    for (const n of names) expect(n).toMatch(pattern);
  });
});

describe('playlist outputs (docs/api.md §4.10 rule 3)', () => {
  const hlsBase = '-i {{in_1}} -c:v libx264 -preset ultrafast -g 12 -c:a aac -f hls -hls_time 1 -hls_list_size 0';

  it('when an HLS playlist is written, then one manifest record covers all segments and streams over HTTP', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_playlist_1: 'index.m3u8' },
      ffmpeg_command: `${hlsBase} -hls_segment_filename seg_%03d.ts {{out_playlist_1}}`,
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const rec = done.output_files.out_playlist_1;
    expect(rec).toMatchObject({ file_type: 'output_manifest', file_format: 'm3u8' });
    expect(rec.file_count).toBeGreaterThanOrEqual(3);
    expect(Number((await probeUrl(rec.storage_url)).format.duration)).toBeCloseTo(2, 0);
    // The published body, verbatim (docs/choices.md): clients compare it.
    const refused = await svc.api('POST', '/v1/files/bulk-delete', { file_ids: [rec.file_id] });
    expect([refused.status, refused.body]).toEqual([400, { detail: 'Cannot delete output manifest files via this endpoint' }]);
    const segment = new URL('seg_000.ts', rec.storage_url).toString();
    expect((await fetch(segment)).status).toBe(200);
    expect((await svc.api('DELETE', `/v1/commands/${done.command_id}/files`)).status).toBe(204);
    expect((await fetch(segment)).status).toBe(404);
  });

  it('when an HLS playlist with fMP4 segments is written, then its init segment is stored with it and it streams', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_playlist_1: 'index.m3u8' },
      ffmpeg_command: `${hlsBase} -hls_segment_type fmp4 -hls_segment_filename seg_%03d.m4s {{out_playlist_1}}`,
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const rec = done.output_files.out_playlist_1;
    expect(rec).toMatchObject({ file_type: 'output_manifest', file_format: 'm3u8' });
    const manifest = await (await fetch(rec.storage_url)).text();
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(manifest)?.[1];
    expect(init, manifest).toBeTruthy();
    expect((await fetch(new URL(init as string, rec.storage_url))).status).toBe(200);
    expect(rec.file_count).toBeGreaterThanOrEqual(4); // manifest, init, 2+ segments
    expect(Number((await probeUrl(rec.storage_url)).format.duration)).toBeCloseTo(2, 0);
  });

  it.skipIf(!masterPlaylistsWork)(
    `when a master playlist with two variants is written, then it streams as it is${masterPlaylistsWork ? '' : ' [SKIPPED: this ffmpeg build segfaults writing master playlists by itself]'}`,
    async () => {
      const done = await run({
        input_files: { in_1: `${media.url}/video.mp4` },
        output_files: { out_playlist_1: 'master.m3u8' },
        ffmpeg_command:
          '-i {{in_1}} -filter_complex "[0:v]split=2[v1][v2];[v1]scale=-2:240[a];[v2]scale=-2:120[b]" -map [a] -map [b] -map 0:a -map 0:a -c:v libx264 -preset ultrafast -c:a aac -f hls -hls_time 1 -hls_list_size 0 -master_pl_name {{out_playlist_1}} -var_stream_map "v:0,a:0 v:1,a:1" -hls_segment_filename v%v_%03d.ts v%v.m3u8',
      });
      expect(done.status, done.error_message).toBe('SUCCESS');
      const rec = done.output_files.out_playlist_1;
      expect(rec.file_count).toBeGreaterThanOrEqual(5);
      const master = await (await fetch(rec.storage_url)).text();
      expect(master).toContain('v0.m3u8');
      expect((await fetch(new URL('v1.m3u8', rec.storage_url))).status).toBe(200);
    },
  );

  it('when a private DASH manifest is presigned, then the signature covers its segments and it streams', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_playlist_1: 'manifest.mpd' },
      ffmpeg_command: '-i {{in_1}} -c:v libx264 -preset ultrafast -c:a aac -f dash {{out_playlist_1}}',
      is_private: true,
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_playlist_1).toMatchObject({ file_type: 'output_manifest', file_format: 'mpd', storage_url: null });
    const signed = (await svc.api('GET', `/v1/commands/${done.command_id}?presigned_ttl_seconds=300`)).body.output_files.out_playlist_1.storage_url;
    expect((await fetch(signed)).headers.get('content-type')).toBe('application/dash+xml');
    expect(Number((await probeUrl(signed)).format.duration)).toBeGreaterThan(1);
    const unsigned = signed.replace(/\/s\/[^/]+\//, '/');
    expect((await fetch(unsigned)).status).toBe(403);
  });
});
