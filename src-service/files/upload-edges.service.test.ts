import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHashOf } from '../client/content-hash';
import { startTestService, tempDir, type TestService } from '../testing/harness';

const MiB = 1024 * 1024;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

async function waitForFile(s: TestService, id: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const res = await s.api('GET', `/v1/files/${id}`);
    if (res.body.status === 'STORED' || res.body.status === 'FAILED') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`file ${id} never settled`);
}

async function init(s: TestService, size: number, partSize = 5 * MiB): Promise<{ file_id: string; part_size: number; upload_urls: string[] }> {
  const res = await s.api('POST', '/v1/files/init-upload', { filename: 'edge.bin', size_bytes: size, part_size: partSize });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function put(url: string, body: Buffer | ReadableStream<Uint8Array>): Promise<{ status: number; etag: string | null; detail?: string }> {
  const chunked = !(body instanceof Buffer);
  const res = await fetch(url, { method: 'PUT', body, ...(chunked ? { duplex: 'half' } : {}) });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), detail: text ? (JSON.parse(text) as { detail?: string }).detail : undefined };
}

/** A body without Content-Length (chunked), so the service only learns its size while reading it. */
function chunkedBody(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 256 * 1024) controller.enqueue(new Uint8Array(bytes.subarray(at, at + 256 * 1024)));
      controller.close();
    },
  });
}

/**
 * The stored bytes, once the file is STORED; its content hash (computed by the service while
 * the parts arrived, docs/performance.md) must be the client's hash of the bytes sent.
 */
async function storedBytes(s: TestService, fileId: string, sent: Buffer): Promise<Buffer> {
  const file = await waitForFile(s, fileId);
  expect(file.status).toBe('STORED');
  expect(file.content_hash).toBe(await contentHashOf(new Blob([sent])));
  return Buffer.from(await (await fetch(file.storage_url)).arrayBuffer());
}

describe('multipart upload edges of the part write path (docs/performance.md)', () => {
  it('when a part URL is asked for with GET, its id is not an upload id or its token is forged, then 405 with Allow, 404 and 403, never the web page', async () => {
    const { upload_urls } = await init(svc, 6 * MiB);
    const url = new URL(upload_urls[0] as string);
    const get = await fetch(url);
    expect([get.status, get.headers.get('allow'), await get.json()]).toEqual([405, 'PUT', { detail: 'Method not allowed' }]);
    const notAnId = await put(`${svc.url}/uploads/not-an-id/parts/1${url.search}`, Buffer.from('x'));
    expect(notAnId.status).toBe(404);
    url.searchParams.set('token', 'forged');
    expect((await put(url.toString(), Buffer.from('x'))).status).toBe(403);
  });

  it('when parts arrive last first, then each lands at its own offset and the stored file is byte-identical', async () => {
    const bytes = crypto.randomBytes(11 * MiB + 4321);
    const up = await init(svc, bytes.length);
    const etags: string[] = [];
    for (const n of [3, 1, 2]) {
      const res = await put(up.upload_urls[n - 1] as string, bytes.subarray((n - 1) * up.part_size, n * up.part_size));
      expect(res.status).toBe(200);
      etags[n - 1] = res.etag as string;
    }
    const parts = etags.map((etag, i) => ({ part_number: i + 1, etag }));
    expect((await svc.api('POST', `/v1/files/${up.file_id}/complete-upload`, { parts })).status).toBe(200);
    expect((await storedBytes(svc, up.file_id, bytes)).equals(bytes)).toBe(true);
  });

  it('when the numbers come as strings ("size_bytes": "…", "part_number": "1"), then they are read as the hosted service reads them', async () => {
    const bytes = crypto.randomBytes(5 * MiB + 17);
    const res = await svc.api('POST', '/v1/files/init-upload', { filename: 'lax.bin', size_bytes: String(bytes.length), part_size: String(5 * MiB) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.upload_urls).toHaveLength(2);
    const etags: string[] = [];
    for (const n of [1, 2]) etags.push((await put(res.body.upload_urls[n - 1], bytes.subarray((n - 1) * 5 * MiB, n * 5 * MiB))).etag as string);
    const parts = etags.map((etag, i) => ({ part_number: String(i + 1), etag }));
    expect((await svc.api('POST', `/v1/files/${res.body.file_id}/complete-upload`, { parts })).status).toBe(200);
    expect((await storedBytes(svc, res.body.file_id, bytes)).equals(bytes)).toBe(true);
    // Still a 422 where the text is no integer.
    expect((await svc.api('POST', '/v1/files/init-upload', { filename: 'lax.bin', size_bytes: '12.5' })).status).toBe(422);
  });

  it('when 8 MiB parts (two whole hash blocks each) arrive out of order and one is first sent with other bytes of the same size, then the content hash is that of the final bytes', async () => {
    const bytes = crypto.randomBytes(16 * MiB + 100);
    const up = await init(svc, bytes.length, 8 * MiB);
    const part = (n: number) => bytes.subarray((n - 1) * up.part_size, n * up.part_size);
    const wrong = await put(up.upload_urls[1] as string, crypto.randomBytes(8 * MiB));
    expect(wrong.status).toBe(200);
    const etags = [
      await put(up.upload_urls[2] as string, part(3)),
      await put(up.upload_urls[0] as string, chunkedBody(part(1))),
      await put(up.upload_urls[1] as string, part(2)),
    ].map((r) => r.etag);
    const parts = [etags[1], etags[2], etags[0]].map((etag, i) => ({ part_number: i + 1, etag }));
    expect((await svc.api('POST', `/v1/files/${up.file_id}/complete-upload`, { parts })).status).toBe(200);
    expect((await storedBytes(svc, up.file_id, bytes)).equals(bytes)).toBe(true);
  });

  it('when a stored part is sent again with another Content-Length, then 400 before any byte is written: its earlier ETag and bytes still complete', async () => {
    const bytes = crypto.randomBytes(6 * MiB);
    const up = await init(svc, bytes.length);
    const first = await put(up.upload_urls[0] as string, bytes.subarray(0, 5 * MiB));
    const second = await put(up.upload_urls[1] as string, bytes.subarray(5 * MiB));
    const resent = await put(up.upload_urls[0] as string, crypto.randomBytes(4 * MiB));
    expect(resent.status).toBe(400);
    expect(resent.detail).toBe(`Part 1 must be ${5 * MiB} bytes, got ${4 * MiB}`);
    const parts = [
      { part_number: 1, etag: first.etag },
      { part_number: 2, etag: second.etag },
    ];
    expect((await svc.api('POST', `/v1/files/${up.file_id}/complete-upload`, { parts })).status).toBe(200);
    expect((await storedBytes(svc, up.file_id, bytes)).equals(bytes)).toBe(true);
  });

  it('when a chunked re-send of a part runs longer or shorter than the part, then 400, the part counts as not uploaded, and a good re-send completes', async () => {
    const bytes = crypto.randomBytes(5 * MiB + 10);
    const up = await init(svc, bytes.length);
    const first = await put(up.upload_urls[0] as string, bytes.subarray(0, 5 * MiB));
    const last = await put(up.upload_urls[1] as string, bytes.subarray(5 * MiB));
    expect(first.status).toBe(200);
    const longer = await put(up.upload_urls[0] as string, chunkedBody(crypto.randomBytes(5 * MiB + 1)));
    expect(longer.status).toBe(400);
    expect(longer.detail).toBe(`Part 1 must be ${5 * MiB} bytes, got more`);
    const complete = (etag: string | null) =>
      svc.api('POST', `/v1/files/${up.file_id}/complete-upload`, {
        parts: [
          { part_number: 1, etag },
          { part_number: 2, etag: last.etag },
        ],
      });
    const stale = await complete(first.etag);
    expect(stale.status).toBe(400);
    expect(stale.body.detail).toBe('Part 1 was not uploaded');
    const shorter = await put(up.upload_urls[0] as string, chunkedBody(crypto.randomBytes(3 * MiB)));
    expect(shorter.status).toBe(400);
    expect(shorter.detail).toBe(`Part 1 must be ${5 * MiB} bytes, got ${3 * MiB}`);
    const good = await put(up.upload_urls[0] as string, chunkedBody(bytes.subarray(0, 5 * MiB)));
    expect(good.status).toBe(200);
    expect((await complete(good.etag)).status).toBe(200);
    expect((await storedBytes(svc, up.file_id, bytes)).equals(bytes)).toBe(true);
  });

  it('when the service stops after some parts, then after a restart nothing is STORED, the last part and complete-upload finish the same session, and its content hash is right', async () => {
    const dataDir = tempDir('ffdesk-upload-restart-');
    // The blocks hashed before the stop are forgotten and read back; the last part's are known.
    const bytes = crypto.randomBytes(16 * MiB + 77);
    const first = await startTestService({ dataDir });
    let second: TestService | undefined;
    try {
      const up = await init(first, bytes.length, 6 * MiB);
      const a = await put(up.upload_urls[0] as string, bytes.subarray(0, 6 * MiB));
      const b = await put(up.upload_urls[1] as string, bytes.subarray(6 * MiB, 12 * MiB));
      await first.service.stop();
      second = await startTestService({ dataDir });
      const s = second;
      // The part URL names the first service's port; the signature covers only the path.
      const lastUrl = new URL(up.upload_urls[2] as string);
      const c = await put(`${s.url}${lastUrl.pathname}${lastUrl.search}`, bytes.subarray(12 * MiB));
      expect(c.status).toBe(200);
      const after = await s.api('GET', `/v1/files/${up.file_id}`);
      expect(after.body.status).toBe('UPLOADING');
      expect((await s.api('GET', '/v1/files')).body.map((f: { file_id: string }) => f.file_id)).not.toContain(up.file_id);
      expect(fs.existsSync(path.join(dataDir, 'uploads', `${up.file_id}.upload`))).toBe(true);
      const parts = [a, b, c].map((r, i) => ({ part_number: i + 1, etag: r.etag }));
      expect((await s.api('POST', `/v1/files/${up.file_id}/complete-upload`, { parts })).status).toBe(200);
      expect((await storedBytes(s, up.file_id, bytes)).equals(bytes)).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'uploads', `${up.file_id}.upload`))).toBe(false);
    } finally {
      if (second) await second.stop();
      else await first.stop();
    }
  });
});
