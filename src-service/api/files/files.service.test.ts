import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../../testing/media';

let svc: TestService;
let media: MediaServer;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = tempDir('ffdesk-media-');
  makeTinyMedia(mediaDir);
  media = await startMediaServer(mediaDir);
  svc = await startTestService({ storeFileRatePerMinute: 1000 });
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

async function waitForFile(id: string, until = (b: any) => b.status === 'STORED' || b.status === 'FAILED', key?: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const res = await svc.api('GET', `/v1/files/${id}`, undefined, key ? { key } : {});
    if (until(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`file ${id} never settled`);
}

function newAccountKey(plan: 'trial' | 'pro', storageQuotaBytes: number | null = null): string {
  const accounts = svc.service.parts.accounts;
  const account = accounts.createAccount(plan, { storageQuotaBytes });
  return accounts.addKey(account.id).key;
}

async function uploadBytes(bytes: Buffer, opts: { key?: string; isPrivate?: boolean; name?: string } = {}) {
  const init = await svc.api(
    'POST',
    '/v1/files/init-upload',
    { filename: opts.name ?? 'big.bin', size_bytes: bytes.length, is_private: opts.isPrivate },
    opts.key ? { key: opts.key } : {},
  );
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const { part_size: partSize, upload_urls: urls, file_id: fileId } = init.body;
  const etags = await Promise.all(
    urls.map(async (url: string, i: number) => {
      const res = await fetch(url, { method: 'PUT', body: bytes.subarray(i * partSize, (i + 1) * partSize) });
      expect(res.status).toBe(200);
      return res.headers.get('etag') as string;
    }),
  );
  return { fileId, partSize, urls, parts: etags.map((etag, i) => ({ part_number: i + 1, etag })) };
}

describe('store from URL (docs/api.md §4.7)', () => {
  it('when a public URL is stored, then it goes QUEUED..STORED with ffprobe metadata and original_file_url', async () => {
    const res = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/video.mp4` });
    expect(res.status).toBe(200);
    const file = await waitForFile(res.body.file_id);
    expect(file).toMatchObject({
      status: 'STORED',
      service_store_type: 'STORED_FILE',
      file_type: 'video',
      file_format: 'mp4',
      width: 320,
      height: 240,
      original_file_url: `${media.url}/video.mp4`,
      is_private: false,
    });
    const listed = await svc.api('GET', '/v1/files?limit=5');
    expect(listed.body.map((f: any) => f.file_id)).toContain(file.file_id);
    const bytes = Buffer.from(await (await fetch(file.storage_url)).arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(mediaDir, 'video.mp4')))).toBe(true);
  });

  it('when the URL answers 404, then the file ends FAILED with error_status and external_error_message', async () => {
    const res = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/nope.mp4` });
    const file = await waitForFile(res.body.file_id);
    expect(file).toMatchObject({ status: 'FAILED', error_status: 'UNREACHABLE_INPUT_FILE' });
    expect(file.external_error_message).toContain('404');
    expect(file.size_mbytes).toBe(0); // required in every file record (docs/compatibility.md)
    const stored = (await svc.api('GET', '/v1/files')).body as { file_id: string; status: string }[];
    expect(stored.map((f) => f.file_id)).not.toContain(file.file_id);
    expect(stored.every((f) => f.status === 'STORED')).toBe(true);
    const all = (await svc.api('GET', '/v1/files?status=all')).body as { file_id: string }[];
    expect(all.map((f) => f.file_id)).toContain(file.file_id);
    expect((await svc.api('GET', '/v1/files?status=deleted')).status).toBe(422);
  });

  it('when the URL is not http(s), then 422 at file_url', async () => {
    const res = await svc.api('POST', '/v1/files/store-file', { file_url: 'ftp://x/y' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'file_url']);
  });
});

describe('multipart direct upload (docs/api.md §4.8)', () => {
  it('when a ~25 MB file is sent in parallel parts, then complete answers UPLOADED, it becomes STORED, and downloads byte-identical', async () => {
    const bytes = crypto.randomBytes(25 * 1024 * 1024 + 12345);
    const up = await uploadBytes(bytes);
    expect(up.partSize).toBe(8 * 1024 * 1024);
    expect(up.urls).toHaveLength(4);
    const done = await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: up.parts });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ file_id: up.fileId, status: 'UPLOADED' });
    const file = await waitForFile(up.fileId);
    expect(file.status).toBe('STORED');
    const got = Buffer.from(await (await fetch(file.storage_url)).arrayBuffer());
    expect(crypto.createHash('sha256').update(got).digest('hex')).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  });

  it('when a part is re-sent, then the last write wins: only its new ETag completes, and the file holds its bytes', async () => {
    const first = crypto.randomBytes(1000);
    const second = crypto.randomBytes(1000);
    const up = await uploadBytes(first);
    const res = await fetch(up.urls[0], { method: 'PUT', body: second });
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(etag).not.toBe(up.parts[0]?.etag);
    const stale = await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: up.parts });
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toContain('ETag mismatch for part 1');
    expect((await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: [{ part_number: 1, etag }] })).status).toBe(200);
    const file = await waitForFile(up.fileId);
    expect(Buffer.from(await (await fetch(file.storage_url)).arrayBuffer()).equals(second)).toBe(true);
  });

  it('when a part is sent with a correct Content-MD5, then its ETag is the quoted hex MD5 and the upload completes', async () => {
    const bytes = crypto.randomBytes(6 * 1024 * 1024 + 7);
    const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'md5.bin', size_bytes: bytes.length, part_size: 5 * 1024 * 1024 });
    const parts = await Promise.all(
      init.body.upload_urls.map(async (url: string, i: number) => {
        const part = bytes.subarray(i * init.body.part_size, (i + 1) * init.body.part_size);
        const md5 = crypto.createHash('md5').update(part);
        const res = await fetch(url, { method: 'PUT', body: part, headers: { 'Content-MD5': md5.copy().digest('base64') } });
        expect(res.status).toBe(200);
        expect(res.headers.get('etag')).toBe(`"${md5.digest('hex')}"`);
        return { part_number: i + 1, etag: res.headers.get('etag') as string };
      }),
    );
    expect((await svc.api('POST', `/v1/files/${init.body.file_id}/complete-upload`, { parts })).status).toBe(200);
    const file = await waitForFile(init.body.file_id);
    expect(Buffer.from(await (await fetch(file.storage_url)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('when Content-MD5 does not match the bytes, then 400 and the part counts as not uploaded (an earlier good write included)', async () => {
    const bytes = crypto.randomBytes(3000);
    const up = await uploadBytes(bytes);
    const wrongDigest = crypto.createHash('md5').update('something else').digest('base64');
    const res = await fetch(up.urls[0], { method: 'PUT', body: bytes, headers: { 'Content-MD5': wrongDigest } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).detail).toContain('Content-MD5 mismatch for part 1');
    const complete = await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: up.parts });
    expect(complete.status).toBe(400);
    expect(complete.body.detail).toContain('Part 1 was not uploaded');
    const malformed = await fetch(up.urls[0], { method: 'PUT', body: bytes, headers: { 'Content-MD5': 'not-a-digest' } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as any).detail).toContain('Content-MD5 must be the base64 MD5 digest');
  });

  it('when a large stored file is downloaded whole, by ranges across buffer boundaries, or abandoned mid-way, then the bytes are exact and the service carries on', async () => {
    const bytes = crypto.randomBytes(11 * 1024 * 1024 + 333);
    const up = await uploadBytes(bytes);
    expect((await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: up.parts })).status).toBe(200);
    const file = await waitForFile(up.fileId);
    const whole = await fetch(file.storage_url);
    expect(whole.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    for (const [a, b] of [
      [0, 0],
      [2 * 1024 * 1024 - 1, 2 * 1024 * 1024],
      [1_000_000, 9_500_000],
      [bytes.length - 5, bytes.length - 1],
    ] as const) {
      const res = await fetch(file.storage_url, { headers: { Range: `bytes=${a}-${b}` } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${a}-${b}/${bytes.length}`);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(a, b + 1))).toBe(true);
    }
    const abort = new AbortController();
    const partial = await fetch(file.storage_url, { signal: abort.signal });
    const reader = partial.body!.getReader();
    await reader.read();
    abort.abort();
    await reader.read().catch(() => undefined);
    const again = await fetch(file.storage_url);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('when a stored file is empty, then its storage_url answers 200 with no bytes (HEAD too), not a status text', async () => {
    // An empty output is no result (the command fails MISSING_OUTPUT_FILE); an empty file fetched by store-file is stored as it came.
    fs.writeFileSync(path.join(mediaDir, 'none.gif'), '');
    const res = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/none.gif` });
    expect(res.status).toBe(200);
    const file = await waitForFile(res.body.file_id);
    expect(file.status).toBe('STORED');
    const url = file.storage_url as string;
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/gif');
    expect(got.headers.get('content-length')).toBe('0');
    expect((await got.arrayBuffer()).byteLength).toBe(0);
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '0']);
  });

  it('when a part is stored, then its answer says where the time went (Server-Timing: receive, hash)', async () => {
    const bytes = crypto.randomBytes(500);
    const init = await svc.api('POST', '/v1/files/init-upload', { filename: 't.bin', size_bytes: bytes.length });
    const res = await fetch(init.body.upload_urls[0], { method: 'PUT', body: bytes });
    expect(res.headers.get('server-timing')).toMatch(/^receive;dur=[\d.]+, hash;dur=[\d.]+$/);
  });

  it('when a part has the wrong size, a wrong ETag, a missing part or a wrong order is completed, then 400 with a clear detail', async () => {
    const bytes = crypto.randomBytes(11 * 1024 * 1024);
    const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'x.bin', size_bytes: bytes.length, part_size: 1 });
    expect(init.body.part_size).toBe(5 * 1024 * 1024);
    const [u1, u2, u3] = init.body.upload_urls;
    expect((await fetch(u1, { method: 'PUT', body: bytes.subarray(0, 100) })).status).toBe(400);
    const e1 = (await fetch(u1, { method: 'PUT', body: bytes.subarray(0, 5 * 1024 * 1024) })).headers.get('etag');
    const e2 = (await fetch(u2, { method: 'PUT', body: bytes.subarray(5 * 1024 * 1024, 10 * 1024 * 1024) })).headers.get('etag');
    const complete = (parts: unknown) => svc.api('POST', `/v1/files/${init.body.file_id}/complete-upload`, { parts });
    const missing = await complete([
      { part_number: 1, etag: e1 },
      { part_number: 2, etag: e2 },
      { part_number: 3, etag: '"x"' },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('Part 3 was not uploaded');
    await fetch(u3, { method: 'PUT', body: bytes.subarray(10 * 1024 * 1024) });
    const wrongEtag = await complete([
      { part_number: 1, etag: e1 },
      { part_number: 2, etag: e1 },
      { part_number: 3, etag: e1 },
    ]);
    expect(wrongEtag.body.detail).toContain('ETag mismatch for part 2');
    const order = await complete([
      { part_number: 2, etag: e2 },
      { part_number: 1, etag: e1 },
      { part_number: 3, etag: e1 },
    ]);
    expect(order.status).toBe(400);
  });

  it('when an upload is aborted, then it is FAILED / UPLOAD_ABORTED, its parts are gone, and complete answers 400', async () => {
    const up = await uploadBytes(crypto.randomBytes(2000));
    const aborted = await svc.api('POST', `/v1/files/${up.fileId}/abort-upload`);
    expect(aborted.status).toBe(200);
    expect(aborted.body).toMatchObject({ status: 'FAILED', error_status: 'UPLOAD_ABORTED' });
    expect(fs.existsSync(path.join(svc.dataDir, 'uploads', `${up.fileId}.upload`))).toBe(false);
    expect((await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: up.parts })).status).toBe(400);
    expect((await svc.api('POST', `/v1/files/${up.fileId}/abort-upload`)).status).toBe(400);
  });

  it('when the session has expired, then complete answers 400 and the staging file is swept', async () => {
    const up = await uploadBytes(crypto.randomBytes(2000));
    svc.service.parts.db.prepare(`UPDATE uploads SET expires_at = '2000-01-01T00:00:00.000Z' WHERE file_id = ?`).run(up.fileId);
    const res = await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: up.parts });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/expired/);
    expect(fs.existsSync(path.join(svc.dataDir, 'uploads', `${up.fileId}.upload`))).toBe(false);
    expect((await svc.api('GET', `/v1/files/${up.fileId}`)).body).toMatchObject({ status: 'FAILED', error_status: 'UPLOAD_EXPIRED' });
  });

  it('when a part URL is tampered with, then 403', async () => {
    const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'x.bin', size_bytes: 10 });
    const url = new URL(init.body.upload_urls[0]);
    url.pathname = url.pathname.replace('/parts/1', '/parts/2');
    expect((await fetch(url, { method: 'PUT', body: Buffer.alloc(10) })).status).toBe(403);
  });
});

describe('private storage and presigned URLs (docs/api.md §4.9)', () => {
  it('when a file is private, then storage_url is null, a TTL gives a working signed URL, and tampering or expiry is 403', async () => {
    const bytes = crypto.randomBytes(5000);
    const up = await uploadBytes(bytes, { isPrivate: true });
    await svc.api('POST', `/v1/files/${up.fileId}/complete-upload`, { parts: up.parts });
    const file = await waitForFile(up.fileId);
    expect(file).toMatchObject({ is_private: true, storage_url: null });
    const signed = (await svc.api('GET', `/v1/files/${up.fileId}?presigned_ttl_seconds=60`)).body.storage_url as string;
    expect(Buffer.from(await (await fetch(signed)).arrayBuffer()).equals(bytes)).toBe(true);
    const tampered = signed.replace(/\/s\/([^/]+)\//, (_m, t: string) => `/s/${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}/`);
    expect((await fetch(tampered)).status).toBe(403);
    const unsigned = signed.replace(/\/s\/[^/]+\//, '/');
    expect((await fetch(unsigned)).status).toBe(403);
    const short = (await svc.api('GET', `/v1/files/${up.fileId}?presigned_ttl_seconds=1`)).body.storage_url as string;
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(short)).status).toBe(403);
    expect((await svc.api('GET', `/v1/files/${up.fileId}?presigned_ttl_seconds=604801`)).status).toBe(422);
    expect((await svc.api('GET', `/v1/files/${up.fileId}?presigned_ttl_seconds=0`)).status).toBe(422);
  });

  it('when a presigned URL of a private stored file is a command input, then the command reads it', async () => {
    const stored = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/video.mp4`, is_private: true });
    await waitForFile(stored.body.file_id);
    const signed = (await svc.api('GET', `/v1/files/${stored.body.file_id}?presigned_ttl_seconds=600`)).body.storage_url;
    const run = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: signed },
      output_files: { out_1: 'thumb.png' },
      ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}',
      is_private: true,
    });
    const done = await svc.waitForCommand(run.body.command_id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ is_private: true, storage_url: null, file_type: 'image' });
    const withUrl = await svc.api('GET', `/v1/commands/${run.body.command_id}?presigned_ttl_seconds=60`);
    expect((await fetch(withUrl.body.output_files.out_1.storage_url)).status).toBe(200);
  });
});

describe('plans, quotas, deletes and accounts', () => {
  it('when a trial key asks for private storage or upload, then 403 naming the reason', async () => {
    const trial = newAccountKey('trial');
    const up = await svc.api('POST', '/v1/files/init-upload', { filename: 'a.bin', size_bytes: 10 }, { key: trial });
    expect(up.status).toBe(403);
    expect(up.body.detail).toMatch(/upload/i);
    const priv = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/video.mp4`, is_private: true }, { key: trial });
    expect(priv.status).toBe(403);
    expect(priv.body.detail).toMatch(/private/i);
  });

  it('when size_bytes would exceed the storage quota, then init-upload is 403; at the edge it is accepted', async () => {
    const key = newAccountKey('pro', 1000);
    expect((await svc.api('POST', '/v1/files/init-upload', { filename: 'a.bin', size_bytes: 1001 }, { key })).status).toBe(403);
    expect((await svc.api('POST', '/v1/files/init-upload', { filename: 'a.bin', size_bytes: 1000 }, { key })).status).toBe(200);
    // The reservation now fills the quota: the next submit is refused.
    const run = await svc.api(
      'POST',
      '/v1/run-ffmpeg-command',
      { output_files: { out_1: 'a.png' }, ffmpeg_command: '-f lavfi -i testsrc -frames:v 1 {{out_1}}' },
      { key },
    );
    expect(run.status).toBe(403);
  });

  it('when store-file fetches a file larger than what is left of the storage quota, then it fails QUOTA_EXCEEDED and nothing is stored', async () => {
    const key = newAccountKey('pro', 1000);
    const res = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/video.mp4` }, { key });
    expect(res.status).toBe(200);
    const file = await waitForFile(res.body.file_id, undefined, key);
    expect([file.status, file.error_status]).toEqual(['FAILED', 'QUOTA_EXCEEDED']);
    expect(file.external_error_message).toMatch(/^Storage quota exceeded: .*video\.mp4 is \d+ bytes, and 0 of 1000 bytes are used$/);
    expect((await svc.api('GET', '/v1/account', undefined, { key })).body.storage_used_bytes).toBe(0);
  });

  it('when a command writes outputs larger than what is left of the storage quota, then it fails QUOTA_EXCEEDED saying what is used already, and nothing is kept', async () => {
    const key = newAccountKey('pro', 3000);
    const run = await svc.api(
      'POST',
      '/v1/run-ffmpeg-command',
      { output_files: { out_1: 'big.png' }, ffmpeg_command: '-f lavfi -i testsrc2=size=320x240 -frames:v 1 {{out_1}}' },
      { key },
    );
    expect(run.status).toBe(200);
    let done = (await svc.api('GET', `/v1/commands/${run.body.command_id}`, undefined, { key })).body;
    for (let i = 0; i < 300 && done.status !== 'SUCCESS' && done.status !== 'FAILED'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await svc.api('GET', `/v1/commands/${run.body.command_id}`, undefined, { key })).body;
    }
    expect([done.status, done.error_status]).toEqual(['FAILED', 'QUOTA_EXCEEDED']);
    expect(done.error_message).toMatch(/^Storage quota exceeded: the outputs are \d+ bytes, and 0 of 3000 bytes are used$/);
    expect((await svc.api('GET', '/v1/account', undefined, { key })).body.storage_used_bytes).toBe(0);
  });

  it('when another account asks for a file, then 404 (existence never leaks)', async () => {
    const res = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/image.png` });
    const other = newAccountKey('pro');
    expect((await svc.api('GET', `/v1/files/${res.body.file_id}`, undefined, { key: other })).status).toBe(404);
    expect((await svc.api('DELETE', `/v1/files/${res.body.file_id}`, undefined, { key: other })).status).toBe(404);
  });

  it('when files are deleted one by one, in bulk and by command, then bytes go, records stay with is_deleted, and old URLs 404', async () => {
    const a = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/image.png` });
    const b = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/audio.mp3` });
    const fa = await waitForFile(a.body.file_id);
    await waitForFile(b.body.file_id);
    expect((await svc.api('DELETE', `/v1/files/${fa.file_id}`)).status).toBe(204);
    expect((await svc.api('DELETE', `/v1/files/${fa.file_id}`)).status).toBe(204);
    const gone = (await svc.api('GET', `/v1/files/${fa.file_id}`)).body;
    expect(gone).toMatchObject({ is_deleted: true, storage_url: null, file_type: 'image', width: 320 });
    expect((await fetch(fa.storage_url)).status).toBe(404);
    const unknown = await svc.api('POST', '/v1/files/bulk-delete', { file_ids: [b.body.file_id, crypto.randomUUID()] });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'One or more files not found' });
    expect((await svc.api('GET', `/v1/files/${b.body.file_id}`)).body.is_deleted).toBe(false);
    const bulk = await svc.api('POST', '/v1/files/bulk-delete', { file_ids: [b.body.file_id] });
    expect(bulk.body).toEqual({ deleted_file_ids: [b.body.file_id] });
    expect((await svc.api('POST', '/v1/files/bulk-delete', { file_ids: [] })).status).toBe(422);
    const list = (await svc.api('GET', '/v1/files')).body.map((f: any) => f.file_id);
    expect(list).not.toContain(fa.file_id);
    const run = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'a.png', out_2: 'b.png' },
      ffmpeg_command: '-f lavfi -i testsrc=size=64x64 -frames:v 1 {{out_1}} -frames:v 1 {{out_2}}',
    });
    const done = await svc.waitForCommand(run.body.command_id);
    expect((await svc.api('DELETE', `/v1/commands/${run.body.command_id}/files`)).status).toBe(204);
    for (const alias of ['out_1', 'out_2']) expect((await fetch(done.output_files[alias].storage_url)).status).toBe(404);
    expect((await svc.api('DELETE', `/v1/commands/${crypto.randomUUID()}/files`)).body).toEqual({ detail: 'Command files not found' });
  });

  it('when store-file is called faster than the rate limit, then 429 with Retry-After', async () => {
    const limited = await startTestService({ storeFileRatePerMinute: 2 });
    try {
      const call = () => limited.api('POST', '/v1/files/store-file', { file_url: `${media.url}/image.png` });
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const third = await call();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
