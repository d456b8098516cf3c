import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../testing/harness';
import { UI_NOT_BUILT } from './web-ui';

let svc: TestService;
let webRoot: string;
/** A file beside the web root that a path traversal would reach. */
const secretFile = path.join(os.tmpdir(), 'ffdesk-web-secret.txt');
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>FFDesk</title>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1.css'), 'body{}');
  fs.writeFileSync(secretFile, 'secret');
  svc = await startTestService({ webRoot });
});
afterAll(async () => {
  await svc?.stop();
  fs.rmSync(webRoot, { recursive: true, force: true });
  fs.rmSync(secretFile, { force: true });
});

describe('web UI (the built renderer served at /)', () => {
  it('when the page and its assets are fetched, then they carry their web types, a CSP and nosniff', async () => {
    const page = await fetch(`${svc.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const js = await fetch(`${svc.url}/assets/app-1.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${svc.url}/assets/app-1.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('when an app route without an extension is asked, then index.html answers (single-page app)', async () => {
    const res = await fetch(`${svc.url}/jobs/anything`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>FFDesk</title>');
  });

  it('when a path tries to leave the web root, then nothing outside is served', async () => {
    for (const p of ['/../ffdesk-web-secret.txt', '/%2e%2e/ffdesk-web-secret.txt', '/assets/..%2f..%2fffdesk-web-secret.txt', '/%00index.html']) {
      const res = await fetch(`${svc.url}${p}`);
      expect(await res.text(), p).not.toContain('secret');
    }
  });

  it('when /v1 routes are asked, then the API answers, not the page', async () => {
    const res = await fetch(`${svc.url}/v1/nope`, { headers: { 'X-API-KEY': svc.key } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('when the UI is built while the service runs, then / serves it at once, as the message said', async () => {
    const later = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-web-later-'));
    const waiting = await startTestService({ webRoot: later });
    try {
      const before = await fetch(`${waiting.url}/`);
      expect([before.status, await before.json()]).toEqual([404, { detail: UI_NOT_BUILT }]);
      fs.writeFileSync(path.join(later, 'index.html'), '<!doctype html><title>FFDesk</title>');
      const after = await fetch(`${waiting.url}/`);
      expect(after.status).toBe(200);
      expect(await after.text()).toContain('<title>FFDesk</title>');
    } finally {
      await waiting.stop();
      fs.rmSync(later, { recursive: true, force: true });
    }
  });

  it('when the service runs without a built UI, then / says how to build it instead of a bare 404', async () => {
    const bare = await startTestService();
    try {
      const res = await fetch(`${bare.url}/`);
      expect([res.status, await res.json()]).toEqual([404, { detail: UI_NOT_BUILT }]);
    } finally {
      await bare.stop();
    }
  });
});
