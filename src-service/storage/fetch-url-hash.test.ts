import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/harness';
import { downloadToFile } from './fetch-url';

let server: http.Server;
let base: string;
const body = crypto.randomBytes(3 * 1024 * 1024 + 17);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/moved') return void res.writeHead(302, { Location: '/file.bin' }).end('redirect body, not hashed');
    res.writeHead(200, { 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const opts = { maxBytes: 1e9, connectTimeoutMs: 5000, idleTimeoutMs: 5000, maxRedirects: 3 };

describe('downloadToFile with sha256', () => {
  it('when asked, then the SHA-256 of the final body (after a redirect) comes with the file, equal to hashing the file', async () => {
    const got = await downloadToFile(`${base}/moved`, tempDir('ffdesk-dl-'), { ...opts, sha256: true });
    const expected = crypto.createHash('sha256').update(fs.readFileSync(got.path)).digest('hex');
    expect(got.sha256).toBe(expected);
    expect(got.sha256).toBe(crypto.createHash('sha256').update(body).digest('hex'));
    expect(path.basename(got.path)).toBe('file.bin');
  });

  it('when not asked, then no hash is computed', async () => {
    const got = await downloadToFile(`${base}/file.bin`, tempDir('ffdesk-dl-'), opts);
    expect(got.sha256).toBeUndefined();
  });
});
