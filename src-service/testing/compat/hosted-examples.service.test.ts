import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { ffmpeg, makeTinyMedia, startMediaServer, type MediaServer, type TinyMedia } from '../media';
import yazl from 'yazl';
import path from 'node:path';
import { COMMAND_EXAMPLES, MANY_FILES_EXAMPLES } from './examples';
import { checkCommandRecord, checkTable, checkValidationBody, INIT_UPLOAD, STORED_FILE } from './spec-shapes';

type Json = any;

let svc: TestService;
let media: MediaServer;
let tiny: TinyMedia;

beforeAll(async () => {
  tiny = makeTinyMedia(tempDir('ffdesk-compat-media-'));
  // The GIF example keeps one frame per 10 s; ffmpeg 5+ does not keep the first frame (prev_t is NAN there), so it needs > 10 s.
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=5:duration=12',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    path.join(tiny.dir, 'long.mp4'),
  ]);
  await writeZip(path.join(tiny.dir, 'folder.zip'), [tiny.image, tiny.audio, tiny.srt]);
  media = await startMediaServer(tiny.dir);
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

async function writeZip(target: string, files: string[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addFile(f, path.basename(f));
  zip.end();
  await new Promise<void>((resolve, reject) => zip.outputStream.pipe(fs.createWriteStream(target)).on('close', resolve).on('error', reject));
}

/** A request the way the hosted docs send it: raw JSON text, X-API-KEY and Content-Type headers. */
async function send(method: string, path: string, body?: string): Promise<{ status: number; json: Json }> {
  const headers: Record<string, string> = { 'X-API-KEY': svc.key };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${svc.url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** The docs' polling loop: GET until the status is final. */
async function pollUntil(path: string, done: (b: Json) => boolean): Promise<Json> {
  for (let i = 0; i < 600; i++) {
    const r = await send('GET', path);
    expect(r.status).toBe(200);
    if (done(r.json)) return r.json;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${path} never finished`);
}

const isFinal = (b: { status: string }) => b.status === 'SUCCESS' || b.status === 'FAILED';

describe("the hosted docs' command examples run unchanged (but for base URL, key and media host)", () => {
  it.each([...COMMAND_EXAMPLES, ...MANY_FILES_EXAMPLES].map((e) => [e.name, e] as const))('%s', async (_name, example) => {
    const body = example.body.replaceAll('MEDIA', media.url);
    const submitted = await send('POST', example.path, body);
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    const id: string = example.path.includes('chained') ? submitted.json.command_ids[0] : submitted.json.command_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const record = await pollUntil(`${example.pollPath}/${id}`, isFinal);
    expect(record.status, record.error_message).toBe('SUCCESS');
    expect(checkCommandRecord(record)).toEqual([]);
    expect(record.original_request).toEqual(JSON.parse(body));
    expect(record.command_type).toBe(example.path.includes('chained') ? 'FFMPEG_CHAINED_COMMANDS' : 'FFMPEG_COMMAND');
    for (const [alias, want] of Object.entries(example.expectOutputs)) {
      const file = record.output_files[alias];
      expect(file).toMatchObject({ ...want, status: 'STORED', service_store_type: 'OUTPUT', is_deleted: false, is_private: false });
      const bytes = await fetch(file.storage_url);
      expect(bytes.status).toBe(200);
      const length = (await bytes.arrayBuffer()).byteLength;
      // docs/api.md §2.2: a playlist's size is all its files; a zip's size_mbytes is before compression.
      const stored = want.file_type === 'zip' ? file.size_compressed_mbytes : want.file_type === 'output_manifest' ? null : file.size_mbytes;
      if (stored !== null) expect(length).toBe(Math.round(stored * 1048576));
      if (want.file_type === 'zip' || want.file_type === 'output_manifest') expect(file.file_count).toBeGreaterThan(1);
    }
  });
});

describe('the file examples (docs/api.md §4.7, 4.8, 4.9, 4.11)', () => {
  it('store-file: file_id at once, then poll GET /v1/files/{file_id} until STORED with its metadata', async () => {
    const r = await send('POST', '/v1/files/store-file', JSON.stringify({ file_url: `${media.url}/video.mp4` }));
    expect(r.status).toBe(200);
    expect(Object.keys(r.json)).toEqual(['file_id']);
    const file = await pollUntil(`/v1/files/${r.json.file_id}`, (b) => b.status === 'STORED' || b.status === 'FAILED');
    expect(checkTable(file, STORED_FILE)).toEqual([]);
    expect(file).toMatchObject({ status: 'STORED', file_type: 'video', width: 320, height: 240 });
  });

  it('init-upload, PUT the part without a key, read its ETag, complete-upload: UPLOADED then STORED', async () => {
    const bytes = fs.readFileSync(tiny.audio);
    const init = await send('POST', '/v1/files/init-upload', JSON.stringify({ filename: 'audio.mp3', size_bytes: bytes.length }));
    expect(init.status).toBe(200);
    expect(checkTable(init.json, INIT_UPLOAD)).toEqual([]);
    const put = await fetch(init.json.upload_urls[0], { method: 'PUT', body: bytes });
    expect(put.status).toBe(200);
    const etag = put.headers.get('ETag') as string;
    const done = await send('POST', `/v1/files/${init.json.file_id}/complete-upload`, JSON.stringify({ parts: [{ part_number: 1, etag }] }));
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ file_id: init.json.file_id });
    expect(['UPLOADED', 'STORED']).toContain(done.json.status);
    const file = await pollUntil(`/v1/files/${init.json.file_id}`, (b) => b.status === 'STORED' || b.status === 'FAILED');
    expect(file).toMatchObject({ status: 'STORED', file_type: 'audio' });
  });

  it('private output: storage_url null; with presigned_ttl_seconds a signed URL that downloads', async () => {
    const body = JSON.stringify({
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'p.jpg' },
      ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}',
      is_private: true,
    });
    const { json } = await send('POST', '/v1/run-ffmpeg-command', body);
    const plain = await pollUntil(`/v1/commands/${json.command_id}`, isFinal);
    expect(plain.output_files.out_1).toMatchObject({ is_private: true, storage_url: null });
    const signed = await send('GET', `/v1/commands/${json.command_id}?presigned_ttl_seconds=3600`);
    expect((await fetch(signed.json.output_files.out_1.storage_url)).status).toBe(200);
    const file = await send('GET', `/v1/files/${plain.output_files.out_1.file_id}?presigned_ttl_seconds=60`);
    expect(file.json.storage_url).toMatch(/^http/);
  });

  it('bulk-delete: deleted_file_ids; the files keep their metadata with storage_url null', async () => {
    const list = await send('GET', '/v1/files?limit=2');
    const ids: string[] = list.json.map((f: { file_id: string }) => f.file_id);
    const r = await send('POST', '/v1/files/bulk-delete', JSON.stringify({ file_ids: ids }));
    expect(r.json).toEqual({ deleted_file_ids: expect.arrayContaining(ids) });
    const after = await send('GET', `/v1/files/${ids[0]}`);
    expect(after.json).toMatchObject({ is_deleted: true, storage_url: null });
  });
});

describe('error bodies (docs/api.md §2.4, 5, 7)', () => {
  it('401 {detail} for a bad key; 422 {detail: [{loc, msg, type}]} for a bad body', async () => {
    const res = await fetch(`${svc.url}/v1/commands/x`, { headers: { 'X-API-KEY': 'wrong' } });
    expect(res.status).toBe(401);
    // Exactly the published text (clients compare it); advice only in the extra `hint`.
    const { hint, ...published } = (await res.json()) as { detail: unknown; hint?: unknown };
    expect(published).toEqual({ detail: 'Invalid authorization key' });
    expect(typeof hint).toBe('string');
    const bad = await send('POST', '/v1/run-ffmpeg-command', JSON.stringify({ output_files: { out_1: 'o.mp4' } }));
    expect(bad.status).toBe(422);
    expect(checkValidationBody(bad.json)).toEqual([]);
  });

  it('every published 404 body, verbatim and with nothing else (the manifest 400: commands/many-files.service.test.ts)', async () => {
    const unknown = crypto.randomUUID();
    expect(await send('GET', `/v1/commands/${unknown}`)).toEqual({ status: 404, json: { detail: 'Command not found' } });
    expect(await send('GET', `/v1/files/${unknown}`)).toEqual({ status: 404, json: { detail: 'File not found' } });
    expect(await send('DELETE', `/v1/commands/${unknown}/files`)).toEqual({ status: 404, json: { detail: 'Command files not found' } });
    expect(await send('POST', '/v1/files/bulk-delete', JSON.stringify({ file_ids: [unknown] }))).toEqual({
      status: 404,
      json: { detail: 'One or more files not found' },
    });
  });
});
