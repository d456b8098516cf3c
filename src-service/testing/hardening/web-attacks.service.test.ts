import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../harness';
import { createHttpClient, type HttpClient, type RawResponse } from './http-raw';
import { errorShapeProblem } from './error-shapes';
import { DEAD_URL, lavfiOutputs, otherAccountKey, uploadFile, waitForCommandAs } from './fixtures';
import { tamperSignature } from './escape-tricks';
import { ENDPOINTS } from '../../contract/endpoints';
import { bodyKindOf } from '../../contract/endpoint';

/**
 * Web attacks on a local API, against the real service over HTTP: DNS rebinding, cross-site
 * requests, signed-URL tampering and replay, other accounts' ids, oversize and slow
 * clients, key storage, and stored files that try to run script on the API's origin.
 */
let svc: TestService;
let http: HttpClient;
let host: string;
let tried = 0;

const BODY_TIMEOUT_MS = 1500;
const HEADERS_TIMEOUT_MS = 1500;

beforeAll(async () => {
  svc = await startTestService({ jsonBodyTimeoutMs: BODY_TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS });
  http = createHttpClient(svc.url);
  host = new URL(svc.url).host;
});

afterAll(async () => {
  console.log(`web attacks: ${tried} attack requests tried`);
  http?.close();
  await svc?.stop();
});

const withKey = (headers: Record<string, string> = {}) => ({ 'x-api-key': svc.key, ...headers });

async function attack(req: Parameters<HttpClient['send']>[0]): Promise<RawResponse> {
  tried++;
  const res = await http.send(req);
  const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
  expect(cors, `${req.method} ${req.path} answered CORS headers`).toEqual([]);
  if (res.status >= 400 && req.method !== 'HEAD') expect(errorShapeProblem(res.status, res.text, res.headers['content-type'])).toBeNull();
  return res;
}

async function commandCount(): Promise<number> {
  return (await svc.api('GET', '/v1/commands')).body.length;
}

describe('DNS rebinding: a foreign Host is refused', () => {
  it.each([
    ['GET', '/v1/health'],
    ['GET', '/v1/commands'],
    ['GET', '/v1/openapi.json'],
    ['GET', '/storage/00000000-0000-0000-0000-000000000000/x.mp4'],
    ['PUT', '/uploads/00000000-0000-0000-0000-000000000000/parts/1?token=x'],
    ['GET', '/'],
  ])('when %s %s comes with Host evil.example, then 403', async (method, urlPath) => {
    const res = await attack({ method, path: urlPath, headers: withKey({ host: `evil.example:${new URL(svc.url).port}` }), setHost: false });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toEqual({ detail: 'Host not allowed' });
  });

  it('when a rebound page POSTs a command with the key, then 403 and nothing is queued', async () => {
    const before = await commandCount();
    const body = JSON.stringify({ input_files: { in_1: DEAD_URL }, output_files: { out_1: 'o.mp4' }, ffmpeg_command: '-i {{in_1}} {{out_1}}' });
    const res = await attack({
      method: 'POST',
      path: '/v1/run-ffmpeg-command',
      body,
      headers: withKey({ host: 'attacker.example', 'content-type': 'application/json' }),
      setHost: false,
    });
    expect(res.status).toBe(403);
    expect(await commandCount()).toBe(before);
  });

  it.each(['127.0.0.1', '127.0.0.1:1', 'localhost.evil.example', '', '0.0.0.0'])('when the Host is "%s" (not this service), then 403', async (value) => {
    const headers = value ? withKey({ host: value }) : withKey();
    const res = await attack({ method: 'GET', path: '/v1/health', headers, setHost: false });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('when the Host is this service by another loopback name, then it answers (control)', async () => {
    const port = new URL(svc.url).port;
    for (const name of [`localhost:${port}`, `LOCALHOST:${port}`, `127.0.0.1:${port}`]) {
      expect((await attack({ method: 'GET', path: '/v1/health', headers: { host: name }, setHost: false })).status).toBe(200);
    }
  });
});

describe('cross-site requests: a foreign Origin is refused, and no CORS header is ever sent', () => {
  it.each(['https://evil.example', 'null', 'http://127.0.0.1:1', 'http://localhost', 'http://127.0.0.1.evil.example'])(
    'when Origin is %s, then GET, POST and the preflight are 403',
    async (origin) => {
      const before = await commandCount();
      expect((await attack({ method: 'GET', path: '/v1/commands', headers: withKey({ origin }) })).status).toBe(403);
      const body = JSON.stringify({ input_files: { in_1: DEAD_URL }, output_files: { out_1: 'o.mp4' }, ffmpeg_command: '-i {{in_1}} {{out_1}}' });
      expect((await attack({ method: 'POST', path: '/v1/run-ffmpeg-command', body, headers: withKey({ origin, 'content-type': 'text/plain' }) })).status).toBe(
        403,
      );
      const preflight = { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type' };
      expect((await attack({ method: 'OPTIONS', path: '/v1/run-ffmpeg-command', headers: preflight })).status).toBe(403);
      expect((await attack({ method: 'GET', path: '/v1/health', headers: { origin } })).status).toBe(403);
      expect(await commandCount()).toBe(before);
    },
  );

  it('when the preflight comes from the own origin, then it still gets no CORS grant', async () => {
    const res = await attack({ method: 'OPTIONS', path: '/v1/commands', headers: { origin: svc.url, 'access-control-request-method': 'DELETE' } });
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(500);
    expect((await attack({ method: 'GET', path: '/v1/commands', headers: withKey({ origin: svc.url }) })).status).toBe(200);
  });
});

describe('signed URLs', () => {
  let a: any;
  let b: any;
  let signedA: string;

  beforeAll(async () => {
    const done = await lavfiOutputs(svc, { out_1: 'a.mp4', out_2: 'b.mp4' }, { isPrivate: true });
    const signed = await svc.api('GET', `/v1/commands/${done.command_id}?presigned_ttl_seconds=3600`);
    [a, b] = [signed.body.output_files.out_1, signed.body.output_files.out_2];
    signedA = new URL(a.storage_url).pathname;
  });

  it('when the presigned URL is used as handed out, then it serves the file (control)', async () => {
    const res = await attack({ method: 'GET', path: signedA });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(Math.round(a.size_mbytes * 1048576));
  });

  it.each([
    ['the file id is swapped for another private file', (p: string) => p.replace(a.file_id, b.file_id)],
    ['the name is changed', (p: string) => p.replace(/a\.mp4$/, 'b.mp4')],
    ['the expiry is pushed later', (p: string) => p.replace(/(\/storage\/s\/[^.]+\.)(\d+)/, (_m, h: string, exp: string) => `${h}${Number(exp) + 86400}`)],
    ['the expiry gets a leading zero', (p: string) => p.replace(/(\/storage\/s\/[^.]+\.)(\d+)/, (_m, h: string, exp: string) => `${h}0${exp}`)],
    ['one signature character is changed', (p: string) => tamperSignature(p)],
    ['the signature is cut short', (p: string) => p.replace(/(\/storage\/s\/[^/]+)[A-Za-z0-9_-](\/)/, '$1$2')],
    ['the signing key id is changed', (p: string) => p.replace(/\/storage\/s\/[^.]+\./, '/storage/s/deadbeef.')],
    ['the signature part is dropped', (p: string) => p.replace(/\/storage\/s\/[^/]+/, '/storage')],
  ])('when %s, then 403', async (_name, tamper) => {
    const tampered = tamper(signedA);
    expect(tampered).not.toBe(signedA);
    const res = await attack({ method: 'GET', path: tampered });
    expect(res.status).toBe(403);
  });

  it('when a presigned URL is replayed after its expiry, then 403', async () => {
    const signed = await svc.api('GET', `/v1/files/${a.file_id}?presigned_ttl_seconds=1`);
    const url = new URL(signed.body.storage_url);
    expect((await attack({ method: 'GET', path: url.pathname })).status).toBe(200);
    const exp = Number(/\/storage\/s\/[^.]+\.(\d+)\./.exec(url.pathname)?.[1]);
    await new Promise((r) => setTimeout(r, (exp + 1) * 1000 - Date.now() + 50));
    const replay = await attack({ method: 'GET', path: url.pathname });
    expect(replay.status).toBe(403);
    expect(JSON.parse(replay.text).detail).toMatch(/expired/);
  });

  it.each(['0', '-1', '604801', '1.5', 'abc'])('when presigned_ttl_seconds is %s, then 422', async (ttl) => {
    tried++;
    expect((await svc.api('GET', `/v1/files/${a.file_id}?presigned_ttl_seconds=${ttl}`)).status).toBe(422);
  });

  it('when an upload part URL is tampered (token, part number, file id), then 403 and nothing is written', async () => {
    const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'p.bin', size_bytes: 12 * 1024 * 1024, part_size: 5 * 1024 * 1024 });
    const [part1, part2] = init.body.upload_urls.map((u: string) => new URL(u));
    const other = await svc.api('POST', '/v1/files/init-upload', { filename: 'q.bin', size_bytes: 10 });
    const variants = [
      `${part1.pathname}?token=${encodeURIComponent(tamperToken(part1.searchParams.get('token') as string))}`,
      `${part1.pathname}${part2.search}`,
      `${part1.pathname.replace(init.body.file_id, other.body.file_id)}${part1.search}`,
      part1.pathname,
    ];
    for (const variant of variants) {
      const res = await attack({ method: 'PUT', path: variant, body: Buffer.alloc(10) });
      expect(res.status, variant).toBe(403);
    }
  });
});

function tamperToken(token: string): string {
  const last = token.at(-1) === 'A' ? 'B' : 'A';
  return token.slice(0, -1) + last;
}

/** Which of the other account's ids fills each path parameter (complete/abort-upload take its upload). */
const ID_OF: Record<string, string> = { command_id: 'command', file_id: 'file', delivery_id: 'delivery', key_id: 'key' };
const UPLOAD_OPERATIONS = new Set(['completeUpload', 'abortUpload']);
const BODY_OF: Record<string, unknown> = { completeUpload: { parts: [{ part_number: 1, etag: '"x"' }] }, renameCommand: { name: 'mine now' } };

/**
 * Every declared endpoint addressed by such an id (a new one is tried without being listed), plus bulk delete.
 * Not the worker protocol: no user key opens it (scale-out.service.test.ts walks it with a worker token).
 */
const CROSS_ACCOUNT_ROUTES: [string, string, unknown?][] = [
  ...ENDPOINTS.filter((e) => e.auth !== 'worker' && e.params && bodyKindOf(e) !== 'raw' && Object.keys(e.params.shape).every((name) => name in ID_OF)).map(
    (e): [string, string, unknown?] => [
      e.method.toUpperCase(),
      e.path.replace(/\{(\w+)\}/g, (_m, name: string) => `{${UPLOAD_OPERATIONS.has(e.operationId) ? 'upload' : ID_OF[name]}}`),
      BODY_OF[e.operationId],
    ],
  ),
  ['POST', '/v1/files/bulk-delete', { file_ids: ['{file}'] }],
];

describe("another account's ids answer 404 and change nothing", () => {
  let otherKey: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    otherKey = otherAccountKey(svc);
    const done = await lavfiOutputs(svc, { out_1: 'theirs.mp4' }, { key: otherKey });
    ids.command = done.command_id;
    ids.file = done.output_files.out_1.file_id;
    ids.upload = (await svc.api('POST', '/v1/files/init-upload', { filename: 'u.bin', size_bytes: 10 }, { key: otherKey })).body.file_id;
    await svc.api('PUT', '/v1/webhook', { url: 'http://127.0.0.1:9/hook' }, { key: otherKey });
    ids.delivery = (await svc.api('POST', '/v1/webhook/test', undefined, { key: otherKey })).body.delivery_id;
    ids.key = (await svc.api('POST', '/v1/keys', { label: 'theirs' }, { key: otherKey })).body.key_id;
    await svc.api('PUT', '/v1/webhook', { url: 'http://127.0.0.1:9/mine' });
  });

  it.each(CROSS_ACCOUNT_ROUTES)('when %s %s is asked with my key, then 404', async (method, template, body?: unknown) => {
    tried++;
    const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_m, k: string) => ids[k] as string);
    const res = await svc.api(method, fill(template), body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body))));
    expect(res.status, res.text).toBe(404);
    expect(errorShapeProblem(res.status, res.text, res.headers.get('content-type') ?? undefined)).toBeNull();
  });

  it('when the attempts are over, then their records are untouched and absent from my lists', async () => {
    const theirs = (p: string) => svc.api('GET', p, undefined, { key: otherKey });
    expect((await theirs(`/v1/files/${ids.file}`)).body).toMatchObject({ status: 'STORED', is_deleted: false });
    expect((await theirs(`/v1/files/${ids.upload}`)).body.status).toBe('UPLOADING');
    expect((await waitForCommandAs(svc, ids.command as string, otherKey)).status).toBe('SUCCESS');
    expect((await theirs('/v1/keys')).body.find((k: any) => k.key_id === ids.key).revoked_at).toBeNull();
    const mine = JSON.stringify([
      (await svc.api('GET', '/v1/commands')).body,
      (await svc.api('GET', '/v1/files')).body,
      (await svc.api('GET', '/v1/webhook/deliveries')).body,
      (await svc.api('GET', '/v1/keys')).body,
    ]);
    for (const id of Object.values(ids)) expect(mine).not.toContain(id);
  });
});

/**
 * Every endpoint that lists or shows anything without an id (a new one is walked without being
 * listed): asked with another account's key while the local account has work, none of the local
 * account's ids and none of the machine's paths appear; `/v1/system` gives counts only.
 */
const LISTINGS = ENDPOINTS.filter(
  (e) =>
    e.method === 'get' &&
    !e.params &&
    e.auth !== 'worker' &&
    e.auth !== false &&
    !Object.values(e.responses).some((r) => 'mediaType' in r && r.mediaType === 'text/event-stream'),
).map((e) => e.path);

describe("listings show another account's work as counts only", () => {
  let otherKey: string;
  let running: string;
  const mine: string[] = [];

  beforeAll(async () => {
    otherKey = otherAccountKey(svc, 'trial');
    const done = await lavfiOutputs(svc, { out_1: 'mine.mp4' });
    mine.push(done.command_id, done.output_files.out_1.file_id);
    mine.push((await svc.api('POST', '/v1/keys', { label: 'mine' })).body.key_id);
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'long.mp4' },
      vcpu_count: 1,
      max_command_run_seconds: 120,
      ffmpeg_command: '-re -f lavfi -i testsrc=duration=120:size=64x48:rate=5 -c:v libx264 -preset ultrafast {{out_1}}',
    });
    running = res.body.command_id;
    mine.push(running);
    while ((await svc.api('GET', `/v1/commands/${running}`)).body.status !== 'PROCESSING') await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => {
    await svc.api('POST', `/v1/commands/${running}/cancel`);
  });

  it('when the listings are walked, then they include /v1/system and the account lists (control)', () => {
    expect(LISTINGS).toEqual(expect.arrayContaining(['/v1/system', '/v1/commands', '/v1/files', '/v1/keys', '/v1/batches', '/v1/presets']));
  });

  it.each(LISTINGS)("when %s is asked with another account's key, then none of my ids nor the data dir appear", async (p) => {
    tried++;
    const res = await svc.api('GET', p, undefined, { key: otherKey });
    expect([200, 403]).toContain(res.status);
    for (const id of mine) expect(res.text).not.toContain(id);
    expect(res.text).not.toContain(svc.dataDir);
  });

  it('when /v1/system is asked, then the other account sees a count and no paths, the local account sees everything', async () => {
    const theirs = (await svc.api('GET', '/v1/system', undefined, { key: otherKey })).body;
    expect(theirs).toMatchObject({ running_command_ids: [], data_dir: null, ffmpeg_path: null, ffprobe_path: null });
    expect(theirs.running_commands_total).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(theirs.ffmpeg)).not.toContain(svc.service.parts.media.binaries().ffmpegPath);
    const local = (await svc.api('GET', '/v1/system')).body;
    expect(local.running_command_ids).toContain(running);
    expect(local.data_dir).toBe(svc.dataDir);
    expect(local.ffmpeg_path).toBe(svc.service.parts.media.binaries().ffmpegPath);
  });
});

describe('oversize and slow clients', () => {
  it('when a JSON body declares more than the limit, then 413 at once', async () => {
    const res = await attack({
      method: 'POST',
      path: '/v1/files/store-file',
      headers: withKey({ 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) }),
      body: Buffer.alloc(2 * 1024 * 1024, 0x20),
    });
    expect(res.status).toBe(413);
  });

  it('when a chunked JSON body grows past the limit, then 413 is answered, not a reset connection (regression)', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 0x20);
    const res = await attack({
      method: 'POST',
      path: '/v1/run-ffmpeg-command',
      headers: withKey({ 'content-type': 'application/json', 'transfer-encoding': 'chunked' }),
      body,
    });
    expect(res.status).toBe(413);
  });

  it('when the request headers are larger than node allows, then 431 in the spec shape', async () => {
    const res = await attack({ method: 'GET', path: '/v1/health', headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
  });

  it('when a client sends its headers slowly, then it is cut off with a 408', async () => {
    const answer = await trickle(`GET /v1/health HTTP/1.1\r\nHost: ${host}\r\n`, (i) => `X-Slow-${i}: 1\r\n`);
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS * 4 + 5000);
    expect(errorShapeProblem(408, answer.body, 'application/json')).toBeNull();
  });

  it('when a client sends a JSON body slowly, then it is cut off with a 408 (regression: nothing bounded it)', async () => {
    const head = `POST /v1/run-ffmpeg-command HTTP/1.1\r\nHost: ${host}\r\nX-API-KEY: ${svc.key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"`;
    const answer = await trickle(head, () => 'aaaa');
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeLessThan(BODY_TIMEOUT_MS + 5000);
    expect(errorShapeProblem(408, answer.body, 'application/json')).toBeNull();
    expect((await svc.api('GET', '/v1/health')).status).toBe(200);
  });

  it('when a client without a valid key trickles a body, then it gets 401 without the body being read, and is cut off', async () => {
    const head = `POST /v1/files/store-file HTTP/1.1\r\nHost: ${host}\r\nX-API-KEY: wrong\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{`;
    const answer = await trickle(head, () => 'a');
    expect(answer.status).toBe(401);
    expect(answer.closedAfterMs).toBeLessThan(5000 + 5000);
  });
});

/** Opens a socket, writes `head`, then one `piece(i)` every 200 ms until the server answers and closes (or 15 s). */
function trickle(head: string, piece: (i: number) => string): Promise<{ status: number | null; body: string; closedAfterMs: number }> {
  tried++;
  const started = Date.now();
  const socket = net.connect(Number(new URL(svc.url).port), '127.0.0.1');
  let raw = '';
  let i = 0;
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write(piece(i++)), 200);
  return new Promise((resolve) => {
    const done = () => {
      clearInterval(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1];
      resolve({ status: status ? Number(status) : null, body: raw.slice(raw.indexOf('\r\n\r\n') + 4), closedAfterMs: Date.now() - started });
    };
    socket.on('data', (c: Buffer) => (raw += c.toString('latin1')));
    socket.on('close', done);
    socket.on('error', () => undefined);
    setTimeout(done, 15_000);
  });
}

describe('API keys are stored hashed', () => {
  it('when the database files are read as bytes, then no key appears in them, only its SHA-256', async () => {
    const other = otherAccountKey(svc, 'trial');
    const created = (await svc.api('POST', '/v1/keys', { label: 'extra' })).body.key as string;
    const keys = [svc.key, other, created];
    const dbFiles = fs
      .readdirSync(svc.dataDir)
      .filter((f) => f.startsWith('ffdesk.db'))
      .map((f) => path.join(svc.dataDir, f));
    expect(dbFiles.length).toBeGreaterThan(0);
    for (const file of dbFiles) {
      const bytes = fs.readFileSync(file);
      for (const key of keys) {
        expect(bytes.includes(Buffer.from(key)), `${path.basename(file)} holds a plaintext key`).toBe(false);
        expect(bytes.includes(Buffer.from(key.slice(4, 24))), `${path.basename(file)} holds part of a key`).toBe(false);
      }
    }
    const db = new Database(path.join(svc.dataDir, 'ffdesk.db'), { readonly: true, fileMustExist: true });
    try {
      const hashes = new Set((db.prepare('SELECT key_hash FROM api_keys').all() as { key_hash: string }[]).map((r) => r.key_hash));
      for (const key of keys) expect(hashes.has(crypto.createHash('sha256').update(key).digest('hex'))).toBe(true);
    } finally {
      db.close();
    }
  });

  it.each([
    ['the key with its last character changed', (k: string) => k.slice(0, -1) + (k.at(-1) === 'A' ? 'B' : 'A')],
    ['the key prefix only', (k: string) => k.slice(0, 10)],
    ['the key in other letter case', (k: string) => (k.toUpperCase() === k ? k.toLowerCase() : k.toUpperCase())],
    ['two keys in one duplicated header', (k: string) => `${k}, ${k}`],
    ['the key hash itself', (k: string) => crypto.createHash('sha256').update(k).digest('hex')],
  ])('when the API is called with %s, then 401', async (_name, alter) => {
    const res = await attack({ method: 'GET', path: '/v1/commands', headers: { 'x-api-key': alter(svc.key) } });
    expect(res.status).toBe(401);
  });
});

describe('local files', () => {
  it.skipIf(process.platform === 'win32')(
    'when the service creates its data dir, then only its owner can enter it, and the key file is owner-only',
    async () => {
      const root = tempDir('ffdesk-perm-');
      const dataDir = path.join(root, 'nested', 'data');
      const fresh = await startTestService({ dataDir });
      try {
        expect(fs.statSync(dataDir).mode & 0o077, 'data dir open to group/others').toBe(0);
        expect(fs.statSync(path.join(dataDir, 'local-api-key')).mode & 0o077, 'key file open to group/others').toBe(0);
      } finally {
        await fresh.stop();
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  );
});

describe('stored files never run script on the API origin', () => {
  const active: [string, string][] = [
    ['page.html', '<!doctype html><script>fetch("/v1/keys")</script>'],
    ['page.htm', '<script>alert(1)</script>'],
    ['page.xhtml', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
    ['image.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['app.js', 'alert(1)'],
    ['notes.txt', '<html><script>alert(1)</script></html>'],
    ['noext', '<html><script>alert(1)</script></html>'],
  ];

  it.each(active)('when %s is uploaded and opened from its storage URL, then it is served inert', async (name, content) => {
    const file = await uploadFile(svc, name, Buffer.from(content));
    expect(file.status).toBe('STORED');
    const res = await attack({ method: 'GET', path: new URL(file.storage_url).pathname });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).not.toMatch(/html|svg|javascript|xml/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'none'/);
    expect(res.headers['content-security-policy']).not.toMatch(/allow-scripts/);
  });

  it('when a range cannot be satisfied, then 416 with a spec-shaped body (regression)', async () => {
    const file = await uploadFile(svc, 'r.txt', Buffer.from('0123456789'));
    const res = await attack({ method: 'GET', path: new URL(file.storage_url).pathname, headers: { range: 'bytes=100-200' } });
    expect(res.status).toBe(416);
  });

  it.each([
    '/storage/%2e%2e/%2e%2e/ffdesk.db',
    '/storage/..%2f..%2fffdesk.db/x',
    '/storage/%252e%252e/%252e%252e/ffdesk.db',
    '/storage/s/%2e%2e/%2e%2e/ffdesk.db/x',
    '/uploads/%2e%2e/parts/1?token=x',
    '/uploads/..%2f..%2fffdesk.db/parts/1?token=x',
  ])('when a storage or upload URL is %s, then nothing of the data dir is served', async (urlPath) => {
    const res = await attack({ method: urlPath.startsWith('/uploads') ? 'PUT' : 'GET', path: urlPath, body: urlPath.startsWith('/uploads') ? 'x' : undefined });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.text).not.toContain('SQLite format');
  });
});
