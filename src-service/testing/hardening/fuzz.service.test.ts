import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../harness';
import { answerProblem } from './error-shapes';
import { createHttpClient, rawResponseBody, sendRawBytes, type HttpClient, type RawRequest } from './http-raw';
import { lavfiOutputs, uploadFile } from './fixtures';
import {
  CONTENT_TYPES,
  DEAD_INPUT,
  type BodyMutation,
  anyJson,
  commandText,
  headerValue,
  mutatedBody,
  nastyString,
  pathSegment,
  queryString,
} from './fuzz-arbitraries';
import { ROUTES, validBodies, type Route } from './fuzz-routes';

/**
 * Property-based fuzzing of every endpoint (routes from api/**\/*.routes.ts and the OpenAPI
 * operations) over real HTTP: bodies, paths, queries, headers and raw bytes. Whatever is
 * sent, the service never answers 5xx, keeps answering /v1/health, and every error body
 * has the spec's shape ({"detail": "..."} or the 422 list).
 */
const seed = Number(process.env.FFDESK_FUZZ_SEED) || Date.now() % 2 ** 31;
const stats = { requests: 0, raw: 0, byStatus: new Map<number, number>(), slowest: { ms: 0, what: '' } };
/** Far above any honest answer even on a loaded 2-core machine: a request this slow is a denial of service. */
const SLOW_MS = 10_000;
let svc: TestService;
let http: HttpClient;
let ids: Record<string, string[]>;

async function send(req: RawRequest): Promise<void> {
  stats.requests++;
  let res;
  const started = performance.now();
  try {
    res = await http.send(req);
  } catch (err) {
    throw new Error(`${req.method} ${req.path.slice(0, 200)}: no answer (${(err as Error).message})`, { cause: err });
  }
  const ms = performance.now() - started;
  if (ms > stats.slowest.ms) stats.slowest = { ms, what: `${req.method} ${req.path.slice(0, 80)}` };
  if (ms > SLOW_MS) throw new Error(`${req.method} ${req.path.slice(0, 200)} took ${Math.round(ms)} ms`);
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const problem = answerProblem(req.method, res.status, res.text, res.headers['content-type']);
  if (problem) throw new Error(`${req.method} ${req.path.slice(0, 200)} -> ${problem}`);
}

function fillPath(route: Route, segments: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => segments[name] ?? 'x');
}

const segmentsFor = (route: Route) =>
  fc.record(Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] as string, pathSegment(ids[m[1] as string] ?? ['x'])])));

const params = (numRuns: number) => ({ numRuns, seed, endOnFailure: true });

// A safety net, not a timing: each property sends its fixed number of requests (1.5 to 10 s on
// an idle 2-core CI machine); beside the heaviest files on a loaded machine three of them took
// over vitest's 60 s default (docs/contributing.md, "Suite time").
vi.setConfig({ testTimeout: 240_000 });

async function expectAlive(): Promise<void> {
  const health = await svc.api('GET', '/v1/health');
  expect(health.status).toBe(200);
}

beforeAll(async () => {
  process.env.FFDESK_WEBHOOK_TIMEOUT_MS = '1000';
  svc = await startTestService({ inputHostsAllow: '127.0.0.1' });
  http = createHttpClient(svc.url, 4);
  const stored = await uploadFile(svc, 'fixture.txt', Buffer.from('fuzz fixture\n'));
  const playlist = await lavfiOutputs(svc, { out_playlist_1: 'index.m3u8' });
  const privateFile = await lavfiOutputs(svc, { out_1: 'p.mp4' }, { isPrivate: true });
  const signed = await svc.api('GET', `/v1/commands/${privateFile.command_id}?presigned_ttl_seconds=3600`);
  const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'up.bin', size_bytes: 100 });
  await svc.api('PUT', '/v1/webhook', { url: 'http://127.0.0.1:9/hook' });
  const delivery = await svc.api('POST', '/v1/webhook/test');
  const key = await svc.api('POST', '/v1/keys', { label: 'fuzz' });
  const token = /\/storage\/s\/([^/]+)\//.exec(signed.body.output_files.out_1.storage_url)?.[1] as string;
  const partToken = new URL(init.body.upload_urls[0]).searchParams.get('token') as string;
  ids = {
    command_id: [playlist.command_id, privateFile.command_id],
    file_id: [stored.file_id, playlist.output_files.out_playlist_1.file_id, privateFile.output_files.out_1.file_id, init.body.file_id],
    delivery_id: [delivery.body.delivery_id],
    key_id: [key.body.key_id],
    token: [token, encodeURIComponent(partToken)],
    name: ['fixture.txt', 'index.m3u8', 'index0.ts', 'p.mp4', 'up.bin'],
    part_number: ['1', '0', '2', '10000', '10001', '-1', '99999', '1.0'],
    batch_id: ['00000000-0000-0000-0000-000000000000'],
    watch_id: ['00000000-0000-0000-0000-000000000000'],
  };
  (ids.name as string[]).push('transcode', 'fuzz');
}, 120_000);

afterAll(async () => {
  const fiveXx = [...stats.byStatus.entries()].filter(([s]) => s >= 500 && s !== 507).reduce((n, [, c]) => n + c, 0);
  const statuses = [...stats.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(
    `fuzz: ${stats.requests + stats.raw} generated requests (${stats.requests} over node:http keep-alive, ${stats.raw} raw-socket), seed ${seed}; statuses ${statuses}; slowest ${Math.round(stats.slowest.ms)} ms (${stats.slowest.what}); 5xx other than 507: ${fiveXx}`,
  );
  http?.close();
  // Whatever got through validation must not keep running: cancel it, then stop.
  const open = ((await svc?.api('GET', '/v1/commands'))?.body ?? []).filter((c: any) => c.status === 'QUEUED' || c.status === 'PROCESSING');
  await Promise.all(open.map((c: any) => svc.api('POST', `/v1/commands/${c.command_id}/cancel`)));
  await svc?.stop();
});

describe('API fuzzing (fast-check, real service over HTTP)', () => {
  it('when the OpenAPI document lists its operations, then every one of them is in the fuzzed route table', async () => {
    const doc = (await svc.api('GET', '/v1/openapi.json')).body;
    const documented = Object.entries<Record<string, unknown>>(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'parameters')
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    const fuzzed = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(documented.filter((op) => !fuzzed.has(op))).toEqual([]);
    expect(documented.length).toBeGreaterThan(25);
  });

  it('when part-upload and storage URLs get hostile ids, names, tokens and ranges, then never a 5xx', async () => {
    const storageRoutes = ROUTES.filter((r) => !r.path.startsWith('/v1/'));
    const arb = fc.constantFrom(...storageRoutes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        segments: segmentsFor(route),
        query: queryString(route.query ?? []),
        method: fc.constantFrom(route.method, route.method, 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
        range: fc.option(
          fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=0-', 'bytes=999999999999-', 'bytes=a-b', 'bytes=0-1,2-3', 'lines=1-2', 'bytes=-0'),
          { nil: undefined },
        ),
        body: fc.option(fc.uint8Array({ maxLength: 200 }), { nil: undefined }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async (x) => {
        const headers: Record<string, string> = x.range ? { range: x.range } : {};
        await send({ method: x.method, path: fillPath(x.route, x.segments) + x.query, headers, body: x.body ? Buffer.from(x.body) : undefined });
      }),
      params(1200),
    );
    await expectAlive();
  });

  it('when JSON bodies are valid ones structurally mutated, then never a 5xx and errors keep the spec shape', async () => {
    const bodies = validBodies();
    const withBodies = ROUTES.filter((r) => r.body);
    const arb = fc.constantFrom(...withBodies).chain((route) =>
      fc.record({
        route: fc.constant(route),
        segments: segmentsFor(route),
        body:
          route.body === 'run' || route.body === 'chained'
            ? fc.oneof(mutatedBody(bodies[route.body]), commandBody(route.body))
            : mutatedBody(route.body === 'none' ? { x: 1 } : bodies[route.body as keyof typeof bodies]),
        contentType: fc.oneof({ weight: 5, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async (x) => {
        await send({
          method: x.route.method,
          path: fillPath(x.route, x.segments),
          headers: { 'x-api-key': svc.key, 'content-type': x.contentType },
          body: x.body.bytes ?? x.body.text,
        });
      }),
      params(4200),
    );
    await expectAlive();
  });

  it('when any route gets random bytes, JSON or nothing, with any method, then never a 5xx', async () => {
    const arb = fc
      .record({
        route: fc.constantFrom(...ROUTES),
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'MKCOL', 'LINK', 'PURGE', 'REPORT', 'SEARCH'),
        body: fc.oneof(
          fc.constant(undefined),
          fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
          anyJson.map((j) => JSON.stringify(j) ?? ''),
        ),
        contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
        withKey: fc.boolean(),
      })
      .chain((x) => fc.record({ x: fc.constant(x), segments: segmentsFor(x.route), query: queryString(x.route.query ?? []) }));
    await fc.assert(
      fc.asyncProperty(arb, async ({ x, segments, query }) => {
        const headers: Record<string, string> = {};
        if (x.withKey) headers['x-api-key'] = svc.key;
        if (x.contentType) headers['content-type'] = x.contentType;
        await send({ method: x.method, path: fillPath(x.route, segments) + query, headers, body: x.body });
      }),
      params(2600),
    );
    await expectAlive();
  });

  it('when headers are hostile (keys, duplicates, types, ranges, event ids, own Host and Origin spellings), then never a 5xx', async () => {
    const arb = fc
      .record({
        route: fc.constantFrom(...ROUTES.filter((r) => r.method === 'GET')),
        key: fc
          .constantFrom<(string | string[] | undefined)[]>(
            undefined,
            svc.key,
            [svc.key, svc.key],
            [svc.key, 'wrong'],
            `${svc.key}\u00ff`,
            svc.key.toUpperCase(),
            '',
            ' ',
          )
          .chain((k) => fc.oneof(fc.constant(k), headerValue)),
        extra: fc.dictionary(
          fc.constantFrom(
            'accept',
            'range',
            'if-none-match',
            'last-event-id',
            'accept-encoding',
            'cookie',
            'authorization',
            'x-forwarded-for',
            'x-forwarded-host',
            'forwarded',
            'x-request-id',
            'content-type',
          ),
          headerValue,
          { maxKeys: 4 },
        ),
        hostName: fc.constantFrom('127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'),
        origin: fc.option(fc.constantFrom('own', 'own-upper'), { nil: undefined }),
      })
      .chain((x) => fc.record({ x: fc.constant(x), segments: segmentsFor(x.route) }));
    await fc.assert(
      fc.asyncProperty(arb, async ({ x, segments }) => {
        const port = new URL(svc.url).port;
        const headers: Record<string, string | string[]> = { ...x.extra, host: `${x.hostName}:${port}` };
        if (x.key !== undefined) headers['x-api-key'] = x.key;
        if (x.origin) headers.origin = x.origin === 'own' ? svc.url : svc.url.toUpperCase();
        await send({ method: 'GET', path: fillPath(x.route, segments), headers, setHost: false });
      }),
      params(1400),
    );
    await expectAlive();
  });

  it('when raw bytes break HTTP itself (request line, headers, lengths, chunking), then never a 5xx and the service lives', async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest(), async (bytes) => {
        stats.raw++;
        const answer = await sendRawBytes(svc.url, bytes, 3000);
        if (answer.status === null) return; // closed without an answer: fine, as long as the service lives
        stats.byStatus.set(answer.status, (stats.byStatus.get(answer.status) ?? 0) + 1);
        const type = /\r\ncontent-type:\s*([^\r\n]*)/i.exec(answer.raw.slice(0, answer.raw.indexOf('\r\n\r\n')))?.[1];
        const method = bytes.toString('latin1').split(' ')[0] ?? '';
        const problem = answerProblem(method, answer.status, rawResponseBody(answer.raw), type);
        if (problem) throw new Error(`raw ${JSON.stringify(bytes.toString('latin1').slice(0, 160))} -> ${problem}`);
      }),
      params(700),
    );
    await expectAlive();
  });

  it('when racing requests hit one fresh upload or command at once (complete, abort, delete, cancel, part PUTs), then never a 5xx', async () => {
    const uploadOps = ['put', 'put', 'complete', 'abort', 'delete', 'get', 'bulk-delete', 'put-wrong'] as const;
    const commandOps = ['cancel', 'cancel', 'delete-files', 'get', 'log', 'poll'] as const;
    const arb = fc.oneof(
      fc.record({ kind: fc.constant('upload' as const), ops: fc.shuffledSubarray([...uploadOps], { minLength: 2 }) }),
      fc.record({ kind: fc.constant('command' as const), ops: fc.shuffledSubarray([...commandOps], { minLength: 2 }) }),
    );
    const json = { 'x-api-key': svc.key, 'content-type': 'application/json' };
    await fc.assert(
      fc.asyncProperty(arb, async (x) => {
        if (x.kind === 'upload') {
          const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'race.bin', size_bytes: 4 });
          const id = init.body.file_id as string;
          const part = new URL(init.body.upload_urls[0]);
          const op: Record<(typeof uploadOps)[number], RawRequest> = {
            put: { method: 'PUT', path: part.pathname + part.search, body: Buffer.from('race') },
            'put-wrong': { method: 'PUT', path: part.pathname + part.search, body: Buffer.from('too long') },
            complete: {
              method: 'POST',
              path: `/v1/files/${id}/complete-upload`,
              headers: json,
              body: JSON.stringify({ parts: [{ part_number: 1, etag: '"d1b5fc5e1ab2ed5eae9e83a6b27a4e4f"' }] }),
            },
            abort: { method: 'POST', path: `/v1/files/${id}/abort-upload`, headers: json },
            delete: { method: 'DELETE', path: `/v1/files/${id}`, headers: json },
            get: { method: 'GET', path: `/v1/files/${id}`, headers: json },
            'bulk-delete': { method: 'POST', path: '/v1/files/bulk-delete', headers: json, body: JSON.stringify({ file_ids: [id] }) },
          };
          await Promise.all(x.ops.map((o) => send(op[o])));
        } else {
          const sub = await svc.api('POST', '/v1/run-ffmpeg-command', { ...validBodies().run });
          const id = sub.body.command_id as string;
          const op: Record<(typeof commandOps)[number], RawRequest> = {
            cancel: { method: 'POST', path: `/v1/commands/${id}/cancel`, headers: json },
            'delete-files': { method: 'DELETE', path: `/v1/commands/${id}/files`, headers: json },
            get: { method: 'GET', path: `/v1/commands/${id}`, headers: json },
            log: { method: 'GET', path: `/v1/commands/${id}/log`, headers: json },
            poll: { method: 'GET', path: `/v1/poll-command/${id}`, headers: json },
          };
          await Promise.all(x.ops.map((o) => send(op[o])));
        }
      }),
      params(150),
    );
    await expectAlive();
  });

  it('when a part PUT is still sending as its upload is aborted, then it answers 400, not 500 (regression found by the race property)', async () => {
    const init = await svc.api('POST', '/v1/files/init-upload', { filename: 'slow.bin', size_bytes: 8 });
    const part = new URL(init.body.upload_urls[0]);
    const nodeHttp = await import('node:http');
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = nodeHttp.request(
        { host: part.hostname, port: part.port, method: 'PUT', path: part.pathname + part.search, headers: { 'content-length': '8' } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write('half');
      setTimeout(() => {
        void svc.api('POST', `/v1/files/${init.body.file_id}/abort-upload`).then((r) => {
          expect(r.status).toBe(200);
          req.end('half');
        }, reject);
      }, 300);
    });
    const res = await answer;
    expect(res.status, res.text).toBe(400);
    expect(JSON.parse(res.text).detail).toMatch(/aborted/);
  });

  it('when the fuzzing is over, then at least 10,000 requests were sent, and the service still works end to end', async () => {
    expect(stats.requests + stats.raw).toBeGreaterThanOrEqual(10_000);
    const ok = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: DEAD_INPUT },
      output_files: { out_1: 'o.mp4' },
      ffmpeg_command: '-i {{in_1}} {{out_1}}',
      vcpu_count: 1,
    });
    expect(ok.status).toBe(200);
    expect((await svc.waitForCommand(ok.body.command_id)).error_status).toBe('UNREACHABLE_INPUT_FILE');
  });
});

/** Run/chained bodies whose command text is generated token by token (parser and sandbox fuzzing). */
function commandBody(kind: 'run' | 'chained'): fc.Arbitrary<BodyMutation> {
  const base = validBodies()[kind];
  return fc.tuple(commandText, commandText).map(([a, b]) => ({
    text: JSON.stringify(kind === 'run' ? { ...base, ffmpeg_command: a } : { ...base, ffmpeg_commands: [a, b] }),
  }));
}

/** Malformed HTTP/1.x requests, byte by byte. */
function rawRequest(): fc.Arbitrary<Buffer> {
  const port = () => new URL(svc.url).port;
  const method = fc.oneof(
    fc.constantFrom('GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE', 'get', 'G ET', ''),
    fc.string({ maxLength: 8 }),
  );
  const target = fc.oneof(
    fc.constantFrom(
      '/v1/health',
      '/v1/commands',
      '/v1/run-ffmpeg-command',
      '/storage/x/y',
      '/uploads/x/parts/1',
      '*',
      'http://evil.example/v1/health',
      '//v1/health',
      '/v1/%',
      '/v1/\u0000',
    ),
    nastyString.map((s) => `/v1/${s}`),
    fc.uint8Array({ maxLength: 40 }).map((b) => `/${Buffer.from(b).toString('latin1')}`),
  );
  const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/1.1', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1x', '', 'http/1.1');
  const header = fc.oneof(
    fc.constantFrom(
      `Host: 127.0.0.1:${port()}`,
      'Content-Length: 5',
      'Content-Length: -1',
      'Content-Length: 99999999999999999999',
      'Content-Length: 1, 2',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'Transfer-Encoding: x',
      'Content-Type: application/json',
      `X-API-KEY: ${svc.key}`,
      'X-API-KEY:',
      ' folded: continuation',
      'NoColonHere',
      ': empty name',
      'Bad Name: x',
      `X-Big: ${'a'.repeat(70_000)}`,
      'Expect: 100-continue',
      'Connection: close',
      'Connection: keep-alive, Upgrade',
      'Upgrade: websocket',
    ),
    fc.tuple(fc.string({ maxLength: 12 }), fc.uint8Array({ maxLength: 30 })).map(([n, v]) => `${n}: ${Buffer.from(v).toString('latin1')}`),
  );
  const body = fc.oneof(
    fc.constant(''),
    fc.constantFrom('{}', '{"a":', '0\r\n\r\n', '5\r\nhello\r\n0\r\n\r\n', 'zz\r\nhello\r\n', '5;ext=1\r\nhello\r\n0\r\n\r\n', 'hello world'),
    fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b).toString('latin1')),
  );
  const lineEnd = fc.constantFrom('\r\n', '\r\n', '\n', '\r');
  return fc
    .tuple(method, target, version, fc.array(header, { maxLength: 6 }), body, lineEnd)
    .map(([m, t, v, hs, b, eol]) => Buffer.from(`${m} ${t} ${v}${eol}${hs.join(eol)}${hs.length ? eol : ''}${eol}${b}`, 'latin1'));
}
