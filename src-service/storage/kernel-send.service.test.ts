import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { kernelTransfers, sendfileModule } from './kernel-send';

// Downloads through sendfile(2) (docs/performance.md, "Downloads"). npm install builds the module
// on Linux with a C compiler; elsewhere the buffered path serves and files.service.test.ts covers it.
const built = sendfileModule() !== null;
const why = built ? '' : ' (skipped: the sendfile module is not built here: not Linux, or no C compiler at npm install)';

let svc: TestService;
const bytes = crypto.randomBytes(9 * 1024 * 1024 + 4321);
/** More than loopback's socket buffers hold (several MiB each way): a client that stops reading stalls it. */
const stallBytes = Buffer.concat(Array.from({ length: 6 }, () => bytes));
let storageUrl: string;
let stallUrl: string;

/** A form upload (docs/api.md): the file is STORED when the answer comes. */
async function upload(to: TestService, name: string, content = bytes): Promise<string> {
  const form = new FormData();
  form.append('upload_file', new Blob([content]), name);
  const res = await fetch(`${to.url}/v1/files/upload`, { method: 'POST', headers: { 'X-API-KEY': to.key }, body: form });
  const body = (await res.json()) as { status: string; storage_url: string };
  expect(body.status).toBe('STORED');
  return body.storage_url;
}

beforeAll(async () => {
  if (!built) return;
  svc = await startTestService();
  storageUrl = await upload(svc, 'kernel.bin');
  stallUrl = await upload(svc, 'stall.bin', stallBytes);
});
afterAll(async () => {
  await svc?.stop();
});

async function until(what: string, ok: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A GET on a raw socket that reads the head and then stops reading: the kernel's transfer stalls. */
function stalledClient(url: string): Promise<net.Socket> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const sock = net.connect(Number(u.port), u.hostname, () => sock.write(`GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`));
    sock.once('data', () => {
      sock.pause();
      resolve(sock);
    });
    sock.once('error', reject);
  });
}

describe(`downloads through the kernel${why}`, () => {
  it.skipIf(!built)(
    'when a stored file is downloaded whole or by ranges, then the bytes are exact, through sendfile or (FFDESK_SENDFILE=0) buffers alike',
    async () => {
      expect(storageUrl).toBeTruthy();
      for (const mode of ['kernel', 'buffers'] as const) {
        if (mode === 'buffers') process.env.FFDESK_SENDFILE = '0';
        try {
          const whole = await fetch(storageUrl);
          expect(whole.headers.get('content-length')).toBe(String(bytes.length));
          expect(Buffer.from(await whole.arrayBuffer()).equals(bytes), mode).toBe(true);
          // Under the first write (headers + 64 KiB), across it, an odd start, the very end.
          for (const [a, b] of [
            [5, 70_000],
            [65_535, 65_537],
            [65_536, 4_000_001],
            [1, bytes.length - 1],
            [bytes.length - 200_000, bytes.length - 1],
          ] as const) {
            const res = await fetch(storageUrl, { headers: { Range: `bytes=${a}-${b}` } });
            expect(res.status).toBe(206);
            expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(a, b + 1)), `${mode} ${a}-${b}`).toBe(true);
          }
        } finally {
          delete process.env.FFDESK_SENDFILE;
        }
      }
      expect(kernelTransfers()).toBe(0);
    },
  );

  it.skipIf(!built)('when a download ends, then the same keep-alive connection answers the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: Buffer; reused: boolean }>((resolve, reject) => {
        const req = http.get(url, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      const first = await get(storageUrl);
      expect(first.body.equals(bytes)).toBe(true);
      const second = await get(storageUrl, { Range: 'bytes=100-299999' });
      expect(second).toMatchObject({ status: 206, reused: true });
      expect(second.body.equals(bytes.subarray(100, 300_000))).toBe(true);
      const health = await get(`${svc.url}/v1/health`);
      expect(health).toMatchObject({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it.skipIf(!built)('when a client stops reading and then goes away, then its transfer ends and the service carries on', async () => {
    const sock = await stalledClient(stallUrl);
    await until('the stalled transfer', () => kernelTransfers() === 1);
    // The service answers others meanwhile (the transfer has a thread of its own).
    expect((await svc.api('GET', '/v1/health')).status).toBe(200);
    const res = await fetch(storageUrl, { headers: { Range: 'bytes=0-999999' } });
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(0, 1_000_000))).toBe(true);
    sock.destroy();
    await until('the transfer to end', () => kernelTransfers() === 0);
  });

  it.skipIf(!built)('when the service stops while a client has stopped reading, then the stop ends and so does the transfer', async () => {
    const other = await startTestService();
    try {
      const sock = await stalledClient(await upload(other, 'stall.bin', stallBytes));
      await until('the stalled transfer', () => kernelTransfers() === 1);
      const started = Date.now();
      await other.service.stop();
      expect(Date.now() - started).toBeLessThan(10_000);
      // Still not reading: only the cancel can have ended the thread (it held the socket open).
      await until('the transfer to end', () => kernelTransfers() === 0);
      const closed = new Promise((r) => sock.once('close', r));
      sock.resume(); // reads what was sent, then sees the connection end
      await closed;
    } finally {
      await other.stop();
    }
  });
});
