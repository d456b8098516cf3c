import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { startMediaServer, type MediaServer } from '../testing/media';

let svc: TestService;
let media: MediaServer;
let mediaDir: string;

const M3U8 = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg_000.ts\n#EXT-X-ENDLIST\n';
const MPD = '<?xml version="1.0"?>\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S"><Period></Period></MPD>\n';

beforeAll(async () => {
  mediaDir = tempDir('ffdesk-playlists-');
  fs.writeFileSync(path.join(mediaDir, 'list.m3u8'), M3U8);
  fs.writeFileSync(path.join(mediaDir, 'manifest.mpd'), MPD);
  media = await startMediaServer(mediaDir);
  svc = await startTestService();
});

afterAll(async () => {
  await svc.stop();
  await media.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function waitStored(id: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const res = await svc.api('GET', `/v1/files/${id}`);
    if (res.body.status === 'STORED' || res.body.status === 'FAILED') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`file ${id} not stored in time`);
}

async function upload(name: string, text: string): Promise<string> {
  const bytes = Buffer.from(text);
  const init = await svc.api('POST', '/v1/files/init-upload', { filename: name, size_bytes: bytes.length });
  expect(init.status, init.text).toBe(200);
  const put = await fetch(init.body.upload_urls[0], { method: 'PUT', body: bytes });
  expect(put.status).toBe(200);
  const done = await svc.api('POST', `/v1/files/${init.body.file_id}/complete-upload`, { parts: [{ part_number: 1, etag: put.headers.get('etag') }] });
  expect(done.status, done.text).toBe(200);
  return init.body.file_id as string;
}

async function expectServedAsStored(file: any, text: string): Promise<void> {
  expect(file).toMatchObject({ status: 'STORED', file_type: 'output_manifest', service_store_type: 'STORED_FILE' });
  const res = await fetch(file.storage_url);
  expect(res.status, `GET ${file.storage_url}`).toBe(200);
  expect(await res.text()).toBe(text);
}

describe('stored playlists stay downloadable', () => {
  it('when an .m3u8 and an .mpd are uploaded, then their storage_url serves them byte for byte', async () => {
    for (const [name, text] of [
      ['list.m3u8', M3U8],
      ['manifest.mpd', MPD],
    ] as const) {
      await expectServedAsStored(await waitStored(await upload(name, text)), text);
    }
  });

  it('when an .m3u8 is stored from a URL, then its storage_url serves it, and it can be deleted like any file', async () => {
    const res = await svc.api('POST', '/v1/files/store-file', { file_url: `${media.url}/list.m3u8` });
    expect(res.status, res.text).toBe(200);
    const file = await waitStored(res.body.file_id);
    await expectServedAsStored(file, M3U8);
    const del = await svc.api('POST', '/v1/files/bulk-delete', { file_ids: [file.file_id] });
    expect(del.status, del.text).toBe(200);
    expect((await fetch(file.storage_url)).status).toBe(404);
  });
});
