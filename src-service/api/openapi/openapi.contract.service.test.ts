import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../../testing/media';
import { buildOpenApi, type OpenApiDocument } from './build-spec';
import { checkResponse } from '../../testing/openapi/contract';
import { ENDPOINTS } from '../../contract/endpoints';
import { bodyKindOf } from '../../contract/endpoint';

let svc: TestService;
let media: MediaServer;
let doc: OpenApiDocument;
const checked: string[] = [];

beforeAll(async () => {
  const dir = tempDir('ffdesk-media-');
  makeTinyMedia(dir);
  media = await startMediaServer(dir);
  svc = await startTestService();
  doc = (await svc.api('GET', '/v1/openapi.json', undefined, { key: null })).body;
});
afterAll(async () => {
  await svc?.stop();
  await media?.close();
});

/** A real request whose response must validate against /v1/openapi.json. */
async function call(method: string, path: string, body?: unknown, opts?: { key?: string | null }) {
  const res = await svc.api(method, path, body, opts);
  const problems = checkResponse(doc, method, path, res.status, res.headers.get('content-type')?.includes('json') ? res.body : undefined);
  expect(problems, `${method} ${path} -> ${res.status} ${res.text.slice(0, 500)}`).toEqual([]);
  checked.push(`${method} ${res.status}`);
  return res;
}

describe('the OpenAPI document', () => {
  it('when fetched without a key, then it is OpenAPI 3.1, version 1.0.0, with the X-API-KEY scheme, and is the generated one', async () => {
    expect(doc).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' } });
    expect((doc.components.securitySchemes as Record<string, unknown>).ApiKeyAuth).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-KEY' }),
    );
    expect({ ...doc, servers: undefined }).toEqual(JSON.parse(JSON.stringify({ ...buildOpenApi(), servers: undefined })));
  });

  it('when the routers are built, then each route is a declared endpoint (routes are made from declarations, nothing else)', () => {
    // The route groups the running app mounts, as the composition root built them.
    const routers = svc.service.parts.routers;
    const routes = routers.flatMap((r) =>
      r.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m.toLowerCase()} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`)),
    );
    const declared = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(routes.filter((r) => r !== 'get /docs' && !declared.includes(r))).toEqual([]);
    expect(documented.sort()).toEqual([...declared].sort());
    expect(routes.length).toBeGreaterThan(50);
  });

  it('when the worker protocol is documented, then it is tagged internal and takes the bearer worker token, not the key', () => {
    const schemes = doc.components.securitySchemes as Record<string, unknown>;
    expect(schemes.WorkerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const worker = Object.entries(doc.paths).filter(([p]) => p.startsWith('/v1/worker/'));
    expect(worker.length).toBe(12);
    for (const [p, ops] of worker)
      for (const op of Object.values(ops) as { tags: string[]; security?: unknown }[]) {
        expect(op.tags, p).toEqual(['Worker protocol (internal)']);
        expect(op.security, p).toEqual([{ WorkerToken: [] }]);
      }
  });

  it('when each declared endpoint is asked for with a key, then the running app answers from its route, never "no such route"', async () => {
    const missing: string[] = [];
    // The worker protocol is served in scale-out mode only, and never with a key: scale-out.service.test.ts walks it with a worker token.
    for (const e of ENDPOINTS.filter((x) => x.auth !== 'worker')) {
      const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'part_number' ? '1' : `x${crypto.randomUUID()}`));
      const takesBody = e.method !== 'get' && e.method !== 'delete';
      // A body of the wrong type: a JSON route refuses it (415) before its handler runs, so nothing is created.
      const res = await fetch(`${svc.url}${path}`, {
        method: e.method.toUpperCase(),
        headers: { 'x-api-key': svc.key, ...(takesBody ? { 'content-type': 'text/plain' } : {}) },
        body: takesBody ? 'x' : undefined,
      });
      const text = res.headers.get('content-type')?.includes('json') ? await res.text() : (await res.body?.cancel(), '');
      if (res.status === 405 || text === '{"detail":"Not Found"}') missing.push(`${e.method} ${e.path} -> ${res.status} ${text}`);
      if (bodyKindOf(e) === 'json' && res.status !== 415) missing.push(`${e.method} ${e.path} read a text/plain body: ${res.status}`);
    }
    expect(missing).toEqual([]);
  });

  it('when an operation has {params} in its path, then each is declared as a required path parameter, and ids are unique', () => {
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const op of Object.values(ops) as { operationId: string; parameters?: { name: string; in: string; required: boolean }[] }[]) {
        const declared = (op.parameters ?? [])
          .filter((x) => x.in === 'path' && x.required)
          .map((x) => x.name)
          .sort();
        expect(declared, `${op.operationId} ${p}`).toEqual([...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
      }
    }
  });

  it('when /docs is opened, then a self-contained page lists every path with no external resource', async () => {
    const res = await fetch(`${svc.url}/docs`);
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    for (const p of Object.keys(doc.paths)) expect(html).toContain(p.replace(/&/g, '&amp;'));
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)=["']https?:/);
  });
});

describe('real responses validate against the document', () => {
  it('when a command is submitted, polled to SUCCESS, listed and its outputs read, then every body matches', async () => {
    const sub = await call('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'thumb.jpg' },
      ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}',
    });
    const done = await svc.waitForCommand(sub.body.command_id);
    expect(done.status).toBe('SUCCESS');
    await call('GET', `/v1/commands/${sub.body.command_id}`);
    await call('GET', `/v1/poll-command/${sub.body.command_id}?presigned_ttl_seconds=60`);
    await call('GET', '/v1/commands?limit=5');
    const fileId = done.output_files.out_1.file_id;
    await call('GET', `/v1/files/${fileId}`);
    await call('GET', '/v1/files');
    const chained = await call('POST', '/v1/run-chained-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'a.mp4' },
      ffmpeg_commands: ['-i {{in_1}} -t 0.3 -preset ultrafast {{out_1}}'],
    });
    const log = await svc.waitForCommand(chained.body.command_id);
    expect(log.status).toBe('SUCCESS');
    await call('GET', `/v1/commands/${chained.body.command_id}/log`);
    await call('DELETE', `/v1/commands/${chained.body.command_id}/files`);
  });

  it('when files are stored, uploaded, aborted and deleted, then every body matches', async () => {
    const stored = await call('POST', '/v1/files/store-file', { file_url: `${media.url}/audio.mp3` });
    for (let i = 0; i < 200 && (await svc.api('GET', `/v1/files/${stored.body.file_id}`)).body.status !== 'STORED'; i++)
      await new Promise((r) => setTimeout(r, 50));
    await call('GET', `/v1/files/${stored.body.file_id}`);
    const init = await call('POST', '/v1/files/init-upload', { filename: 'x.bin', size_bytes: 10 });
    await call('POST', `/v1/files/${init.body.file_id}/abort-upload`);
    await call('POST', '/v1/files/bulk-delete', { file_ids: [stored.body.file_id] });
    await call('DELETE', `/v1/files/${stored.body.file_id}`);
  });

  it('when a command fails or is cancelled, and an upload completes, then those bodies match too', async () => {
    const bad = await call('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'x.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc=duration=0.2 -bogus 1 {{out_1}}',
    });
    expect((await svc.waitForCommand(bad.body.command_id)).status).toBe('FAILED');
    await call('GET', `/v1/commands/${bad.body.command_id}`);
    const long = await call('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'l.mp4' },
      ffmpeg_command: '-re -f lavfi -i testsrc=duration=30 {{out_1}}',
    });
    await svc.waitForCommand(long.body.command_id, { until: (b) => b.status === 'PROCESSING' });
    await call('GET', `/v1/commands/${long.body.command_id}`);
    await call('POST', `/v1/commands/${long.body.command_id}/cancel`);
    const init = await call('POST', '/v1/files/init-upload', { filename: 'n.txt', size_bytes: 5 });
    const put = await fetch(init.body.upload_urls[0], { method: 'PUT', body: 'hello' });
    await call('POST', `/v1/files/${init.body.file_id}/complete-upload`, { parts: [{ part_number: 1, etag: put.headers.get('etag') }] });
  });

  it('when errors happen, then 401, 404 and 422 bodies match', async () => {
    expect((await call('GET', '/v1/commands', undefined, { key: 'ffd_nope' })).status).toBe(401);
    expect((await call('GET', '/v1/commands/00000000-0000-0000-0000-000000000001')).status).toBe(404);
    expect((await call('GET', '/v1/files/nope')).status).toBe(404);
    expect((await call('POST', '/v1/run-ffmpeg-command', { output_files: { out_1: '../x' } })).status).toBe(422);
    expect((await call('GET', '/v1/commands?limit=0')).status).toBe(422);
    // A query number that is not one says so in words (it said "expected number, received NaN"); a missing lax number is "Field required".
    const word = await call('GET', '/v1/commands?limit=abc');
    expect(word.body.detail).toEqual([
      { loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', type: 'int_parsing' },
    ]);
    const missing = await call('POST', '/v1/files/init-upload', { filename: 'a.mp4' });
    expect(missing.body.detail).toEqual([{ loc: ['body', 'size_bytes'], msg: 'Field required', type: 'missing' }]);
  });

  it('when the FFDesk extras answer, then their bodies match too', async () => {
    for (const p of ['/v1/account', '/v1/system', '/v1/keys', '/v1/webhook', '/v1/webhook/deliveries']) await call('GET', p);
    await call('GET', '/v1/health', undefined, { key: null });
    await call('PUT', '/v1/webhook', { url: 'http://127.0.0.1:9/hook' });
    await call('POST', '/v1/webhook/test');
    await call('POST', '/v1/keys', { label: 'contract' });
    await call('DELETE', '/v1/webhook');
    expect(checked.length).toBeGreaterThan(25);
  });
});
