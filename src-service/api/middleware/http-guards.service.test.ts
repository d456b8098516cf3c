import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';
import { createHttpClient, type HttpClient } from '../../testing/hardening/http-raw';
import { ROUTES, type Route } from '../../testing/hardening/fuzz-routes';
import { sendLargeBody } from '../../testing/hardening/large-body-sender';

let svc: TestService;
let http: HttpClient;

beforeAll(async () => {
  svc = await startTestService();
  http = createHttpClient(svc.url);
});

afterAll(async () => {
  http.close();
  await svc.stop();
});

const PUBLIC = new Set(['/v1/health', '/v1/openapi.json']);
/** Routes with their own grant (signed storage and part URLs) or no API at all (the docs page). */
const OWN_GRANT = (r: Route) => !r.path.startsWith('/v1/');

const concrete = (p: string) => p.replace(/\{[a-z_]+\}/g, () => crypto.randomUUID());

/** Every spelling a router, a proxy or a decoder could take for the same API route. */
function spellings(p: string): Record<string, string> {
  const rest = p.slice('/v1'.length);
  const mixed = p
    .split('')
    .map((c, i) => (i % 2 ? c.toUpperCase() : c))
    .join('');
  return {
    exact: p,
    upper: p.toUpperCase(),
    'upper prefix': `/V1${rest}`,
    mixed,
    '%2F after the prefix': `/v1%2F${rest.slice(1)}`,
    '%2f everywhere': `/${p.slice(1).replace(/\//g, '%2f')}`,
    'double-encoded %252F': `/v1%252F${rest.slice(1)}`,
    'leading //': `/${p}`,
    '// inside': p.replace('/v1/', '/v1//'),
    'trailing /': `${p}/`,
    'trailing ;': `${p};`,
    '; parameter': `${p};x=1`,
    'upper with ;': `/V1${rest};`,
    backslash: p.replace('/v1/', '/v1\\'),
  };
}

describe('authentication cannot be routed around', () => {
  it('when any declared route is asked for in any spelling without a key, then 401 (never a handler)', async () => {
    const failures: string[] = [];
    for (const route of ROUTES.filter((r) => !OWN_GRANT(r))) {
      for (const [name, path] of Object.entries(spellings(concrete(route.path)))) {
        if (name === 'exact' && PUBLIC.has(path)) continue;
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}';
        const res = await http.send({ method: route.method, path, headers: body ? { 'content-type': 'application/json' } : {}, body });
        const detail = (JSON.parse(res.text || '{}') as { detail?: unknown }).detail;
        // The key check's answer (its wording may name the header), never a handler's; the worker
        // protocol asks for its worker token instead (in scale-out mode; here the key check answers).
        const refusal = route.path.startsWith('/v1/worker/') ? /key|worker token/i : /key/i;
        if (res.status !== 401 || typeof detail !== 'string' || !refusal.test(detail))
          failures.push(`${route.method} ${path} (${name}) -> ${res.status} ${res.text.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('when /V1/system is asked for with a key, then 404 and none of the system data', async () => {
    const res = await svc.api('GET', '/V1/system');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(svc.dataDir);
  });

  it('when the public routes are asked for in another case, then the key is required', async () => {
    expect((await svc.api('GET', '/v1/health', undefined, { key: null })).status).toBe(200);
    expect((await svc.api('GET', '/V1/HEALTH', undefined, { key: null })).status).toBe(401);
    expect((await svc.api('GET', '/v1/OpenAPI.json', undefined, { key: null })).status).toBe(401);
  });
});

const MULTIPART = 'multipart/form-data; boundary=XyZ';
const multipartBody = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n';

async function postTyped(path: string, type: string, body: string): Promise<{ status: number; text: string; detail: unknown }> {
  const res = await fetch(`${svc.url}${path}`, { method: 'POST', headers: { 'X-API-KEY': svc.key, 'Content-Type': type }, body });
  const text = await res.text();
  return { status: res.status, text, detail: (JSON.parse(text) as { detail?: unknown }).detail };
}

describe('bodies are parsed by the routes that take them', () => {
  it('when a multipart body is posted to an unknown path, then 404 (with or without a key)', async () => {
    for (const path of ['/v1/no-such-route', '/v1/files/no/such/thing', '/nowhere']) {
      for (const key of [svc.key, null]) {
        const res = await svc.api('POST', path, multipartBody, { key, headers: { 'Content-Type': MULTIPART } });
        const expected = key === null && path.startsWith('/v1/') ? 401 : 404;
        expect(res.status, `${path} key=${key !== null}: ${res.text}`).toBe(expected);
      }
    }
  });

  it('when a JSON route gets a body of another type, then 415 naming the type it takes', async () => {
    for (const [type, body] of [
      [MULTIPART, multipartBody],
      ['text/plain', '{}'],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['application/xml', '<a/>'],
    ] as const) {
      const res = await postTyped('/v1/run-ffmpeg-command', type, body);
      expect(res.status, `${type}: ${res.text}`).toBe(415);
      expect(res.detail).toContain('application/json');
    }
  });

  it('when a connection is kept alive, then the service says it keeps idle ones 65 s (clients pool for less, so none reuses a socket the service is closing)', async () => {
    const res = await fetch(`${svc.url}/v1/health`);
    await res.text();
    expect(res.headers.get('connection')).toBe('keep-alive');
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('when a JSON route gets JSON without a Content-Type, or as application/*+json, then it is read', async () => {
    const none = await fetch(`${svc.url}/v1/files/bulk-delete`, {
      method: 'POST',
      headers: { 'X-API-KEY': svc.key },
      body: new Blob([JSON.stringify({ file_ids: [crypto.randomUUID()] })]),
    });
    // An unknown file id is a 404 only once the body was read and validated.
    expect(none.status, await none.text()).toBe(404);
    const plus = await postTyped('/v1/files/bulk-delete', 'application/vnd.api+json; charset=utf-8', JSON.stringify({ file_ids: [crypto.randomUUID()] }));
    expect(plus.status, plus.text).toBe(404);
  });

  it('when a JSON body is malformed, then the 422 list shape', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', '{"a":');
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });
});

const MiB = 1024 * 1024;

function head(method: string, path: string, headers: Record<string, string>, length: number): string {
  const lines = Object.entries({ Host: new URL(svc.url).host, 'Content-Length': String(length), ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

async function expectEveryClientReads(heads: string[], bodyBytes: number, status: number): Promise<void> {
  const outcomes = await Promise.all(heads.map((h) => sendLargeBody(svc.url, h, bodyBytes)));
  for (const o of outcomes) {
    expect(o.status, `socket ended with ${o.error ?? 'no error'} before the answer`).toBe(status);
    expect(o.body, `answer body not read whole (${o.error ?? 'no error'})`).not.toBeNull();
    expect(JSON.parse(o.body as string)).toHaveProperty('detail');
  }
}

describe('refusals reach clients that are still sending', () => {
  it('when 10 keyless multipart uploads of 8 MiB are sent at once, then each client reads its 401', async () => {
    const h = head('POST', '/v1/files/upload', { 'Content-Type': MULTIPART }, 8 * MiB);
    await expectEveryClientReads(
      Array.from({ length: 10 }, () => h),
      8 * MiB,
      401,
    );
  });

  it('when 10 forged part URLs get 8 MiB each, then each client reads its 403', async () => {
    const heads = Array.from({ length: 10 }, () => head('PUT', `/uploads/${crypto.randomUUID()}/parts/1?token=forged`, {}, 8 * MiB));
    await expectEveryClientReads(heads, 8 * MiB, 403);
  });

  it('when a JSON body of 8 MiB is sent with a key, then the client reads its 413', async () => {
    const h = head('POST', '/v1/run-ffmpeg-command', { 'X-API-KEY': svc.key, 'Content-Type': 'application/json' }, 8 * MiB);
    await expectEveryClientReads([h, h, h], 8 * MiB, 413);
  });

  it('when a multipart body of 8 MiB goes to an unknown path, then the client reads its 404', async () => {
    const h = head('POST', '/nowhere/upload', { 'Content-Type': MULTIPART }, 8 * MiB);
    await expectEveryClientReads([h, h, h], 8 * MiB, 404);
  });

  it('when a refused client then stops sending, then the service is still answering', async () => {
    expect((await svc.api('GET', '/v1/health', undefined, { key: null })).status).toBe(200);
  });
});
