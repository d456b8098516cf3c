import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../testing/media';

let svc: TestService;
let media: MediaServer;

beforeAll(async () => {
  const dir = tempDir('ffdesk-zip-media-');
  makeTinyMedia(dir);
  media = await startMediaServer(dir);
  svc = await startTestService();
});

afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

async function run(body: unknown): Promise<any> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', body);
  expect(res.status, res.text).toBe(200);
  const done = await svc.waitForCommand(res.body.command_id);
  expect(done.status, done.error_message).toBe('SUCCESS');
  return done;
}

/** The command's zip saved to disk, with each entry's bytes by name. */
async function downloadZip(commandId: string): Promise<Map<string, Buffer>> {
  const res = await fetch(`${svc.url}/v1/commands/${commandId}/files.zip`, { headers: { 'X-API-KEY': svc.key } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="command-${commandId}.zip"`);
  const file = path.join(tempDir('ffdesk-zip-'), 'c.zip');
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return readZip(file);
}

function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zf) => {
      if (err || !zf) return reject(err ?? new Error('yauzl could not open the zip'));
      const out = new Map<string, Buffer>();
      zf.on('entry', (e: yauzl.Entry) => {
        zf.openReadStream(e, (e2, stream) => {
          if (e2 || !stream) return reject(e2 ?? new Error('yauzl could not read an entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            zf.readEntry();
          });
        });
      });
      zf.on('end', () => resolve(out));
      zf.readEntry();
    });
  });
}

async function bytesOf(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

describe('GET /v1/commands/{id}/files.zip', () => {
  it('when a command wrote a file and a playlist, then the zip holds the file and the playlist folder with its segments', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'small.mp4', out_playlist_1: 'index.m3u8' },
      ffmpeg_command:
        '-i {{in_1}} -c:v libx264 -preset ultrafast -an {{out_1}} -c:v libx264 -preset ultrafast -g 12 -an -f hls -hls_time 1 -hls_list_size 0 -hls_segment_filename seg_%03d.ts {{out_playlist_1}}',
    });
    const entries = await downloadZip(done.command_id);
    const names = [...entries.keys()].sort();
    expect(names[0]).toBe('index/index.m3u8');
    expect(names.filter((n) => /^index\/seg_\d{3}\.ts$/.test(n)).length).toBe(done.output_files.out_playlist_1.file_count - 1);
    expect(names.at(-1)).toBe('small.mp4');
    expect(entries.get('small.mp4')?.equals(await bytesOf(done.output_files.out_1.storage_url))).toBe(true);
    expect(entries.get('index/seg_000.ts')?.equals(await bytesOf(new URL('seg_000.ts', done.output_files.out_playlist_1.storage_url).toString()))).toBe(true);
  });

  it('when the output is OUTPUT_FOLDER, then its zip is one entry, byte for byte', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: 'OUTPUT_FOLDER',
      ffmpeg_command: '-i {{in_1}} -vf fps=2 thumb_%03d.jpg',
    });
    const rec = done.output_files.OUTPUT_FOLDER;
    const entries = await downloadZip(done.command_id);
    expect([...entries.keys()]).toEqual([rec.filename]);
    expect(entries.get(rec.filename)?.equals(await bytesOf(rec.storage_url))).toBe(true);
  });

  it('when the outputs were deleted, the command is unknown or the key is missing, then 404 or 401 and no zip', async () => {
    const done = await run({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'x.png' },
      ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}',
    });
    expect((await svc.api('GET', `/v1/commands/${done.command_id}/files.zip`, undefined, { key: null })).status).toBe(401);
    expect((await svc.api('DELETE', `/v1/commands/${done.command_id}/files`)).status).toBe(204);
    for (const id of [done.command_id, '00000000-0000-4000-8000-000000000000']) {
      const res = await svc.api('GET', `/v1/commands/${id}/files.zip`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Command files not found' });
    }
  });
});
