import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia, type TinyMedia } from '../../testing/media';

let svc: TestService;
let tiny: TinyMedia;
beforeAll(async () => {
  tiny = makeTinyMedia(tempDir('ffdesk-form-media-'));
  svc = await startTestService();
});
afterAll(async () => svc?.stop());

async function postForm(form: FormData, key: string | null = svc.key) {
  const res = await fetch(`${svc.url}/v1/files/upload`, { method: 'POST', headers: key ? { 'X-API-KEY': key } : {}, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

function formWith(field: string, bytes: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('note', 'ignored');
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return form;
}

describe('POST /v1/files/upload (multipart form, the older one-request upload)', () => {
  it('when a video is sent in upload_file, then the answer is its STORED record and the bytes download identical', async () => {
    const bytes = fs.readFileSync(tiny.video);
    const r = await postForm(formWith('upload_file', bytes, 'clip.mp4'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'STORED', service_store_type: 'STORED_FILE', filename: 'clip.mp4', file_type: 'video', width: 320, height: 240 });
    expect(r.body.size_mbytes * 1048576).toBe(bytes.length);
    const down = Buffer.from(await (await fetch(r.body.storage_url)).arrayBuffer());
    expect(down.equals(bytes)).toBe(true);
    const listed = (await svc.api('GET', '/v1/files')).body.map((f: { file_id: string }) => f.file_id);
    expect(listed).toContain(r.body.file_id);
  });

  it('when a 12 MB file is sent in the field "file" with a folder in its name, then it is stored whole under its plain name', async () => {
    const bytes = crypto.randomBytes(12 * 1024 * 1024);
    const r = await postForm(formWith('file', bytes, 'C:\\Users\\me\\big.bin'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'STORED', filename: 'big.bin' });
    const down = Buffer.from(await (await fetch(r.body.storage_url)).arrayBuffer());
    expect(crypto.createHash('md5').update(down).digest('hex')).toBe(crypto.createHash('md5').update(bytes).digest('hex'));
    expect(fs.readdirSync(path.join(svc.dataDir, 'uploads')).filter((f) => f.endsWith('.form'))).toEqual([]);
  });

  it('when the key is missing, then 401 with the documented body, its hint naming X-API-KEY, and nothing is stored', async () => {
    const before = (await svc.api('GET', '/v1/files?status=all')).body.length;
    const r = await postForm(formWith('upload_file', Buffer.alloc(1024, 1), 'a.bin'), null);
    expect(r.status).toBe(401);
    expect(r.body.detail).toBe('Invalid authorization key');
    expect(r.body.hint).toContain('X-API-KEY');
    expect((await svc.api('GET', '/v1/files?status=all')).body.length).toBe(before);
  });

  it('when the form has no file field, then 422 at upload_file; JSON gets 415; GET is the file-record route (no file "upload")', async () => {
    const none = await postForm(formWith('other', Buffer.from('x'), 'a.txt'));
    expect(none.status).toBe(422);
    expect(none.body.detail[0]).toMatchObject({ loc: ['body', 'upload_file'], type: 'missing' });
    const json = await svc.api('POST', '/v1/files/upload', { upload_file: 'x' });
    expect(json.status).toBe(415);
    const get = await svc.api('GET', '/v1/files/upload');
    expect([get.status, get.body]).toEqual([404, { detail: 'File not found' }]);
  });

  it('when the body is cut before its closing boundary, then 422 and no stray staging file', async () => {
    const body = `--b\r\nContent-Disposition: form-data; name="upload_file"; filename="a.bin"\r\n\r\nabcdef`;
    const res = await fetch(`${svc.url}/v1/files/upload`, {
      method: 'POST',
      headers: { 'X-API-KEY': svc.key, 'Content-Type': 'multipart/form-data; boundary=b' },
      body,
    });
    expect(res.status).toBe(422);
    expect(fs.readdirSync(path.join(svc.dataDir, 'uploads')).filter((f) => f.endsWith('.form'))).toEqual([]);
  });
});
