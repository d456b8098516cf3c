import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildService, type ChildService } from '../testing/child-service';
import { tempDir } from '../testing/harness';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import { processesMentioning } from '../testing/processes';
import { findBwrap, smokeTestBwrap } from '../media/confine/bwrap';
import { makeTinyMedia } from '../testing/media';

const KEY = 'ffd_test_recovery_key_0123456789';
let running: ChildService | undefined;
const dataDirs: string[] = [];

afterEach(async () => {
  await running?.kill9().catch(() => undefined);
  running = undefined;
  for (const d of dataDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A fresh data dir, removed after the test. */
function dataDirForTest(): string {
  const d = tempDir();
  dataDirs.push(d);
  return d;
}

/** These tests start the service two or three times as separate processes: room for a loaded 2-core runner. */
const MULTI_START_TIMEOUT_MS = 180_000;

const bwrap = findBwrap();
const bwrapProblem = process.platform !== 'linux' ? 'not Linux' : bwrap ? smokeTestBwrap(bwrap) : 'bwrap is not installed';

/** Resolves once `check` holds; throws after `timeoutMs` (a wait for an event, not a timed assertion). */
async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function call(base: string, method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'X-API-KEY': KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

async function waitFor(base: string, id: string, until: (b: any) => boolean, timeoutMs = 60_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const b = await call(base, 'GET', `/v1/commands/${id}`);
    if (until(b)) return b;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(b)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('crash recovery (kill -9)', () => {
  it(
    'when the service is killed while ffmpeg runs, then after restart the command is re-run to SUCCESS, never stuck PROCESSING',
    async () => {
      const dataDir = dataDirForTest();
      running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
      const sub = await call(running.url, 'POST', '/v1/run-ffmpeg-command', {
        output_files: { out_1: 'slow.mp4' },
        ffmpeg_command: '-re -f lavfi -i testsrc=size=160x120:rate=10:duration=3 -preset ultrafast {{out_1}}',
      });
      await waitFor(running.url, sub.command_id, (b) => b.status === 'PROCESSING');
      await running.kill9();

      running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
      const first = await call(running.url, 'GET', `/v1/commands/${sub.command_id}`);
      expect(['QUEUED', 'PROCESSING', 'SUCCESS']).toContain(first.status);
      const done = await waitFor(running.url, sub.command_id, (b) => b.status === 'SUCCESS' || b.status === 'FAILED');
      expect(done.status, done.error_message).toBe('SUCCESS');
      expect(Object.keys(done.output_files)).toEqual(['out_1']);
      expect((await fetch(done.output_files.out_1.storage_url)).status).toBe(200);
    },
    MULTI_START_TIMEOUT_MS,
  );

  it(
    'when the service is killed while a command reads a file stored here and restarts on another port, then the re-run reads it from disk and ends SUCCESS',
    async () => {
      // The desktop app and FFDESK_PORT=0 take any free port at each start: the command's input
      // URL still names the port of the run that was killed (docs/choices.md, "Requests").
      const dataDir = dataDirForTest();
      const media = makeTinyMedia(path.join(dataDir, '..', `${path.basename(dataDir)}-media`), { seconds: 2 });
      dataDirs.push(media.dir);
      running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
      const form = new FormData();
      form.append('upload_file', new Blob([fs.readFileSync(media.video)]), 'clip.mp4');
      const stored = (await (await fetch(`${running.url}/v1/files/upload`, { method: 'POST', headers: { 'X-API-KEY': KEY }, body: form })).json()) as {
        storage_url: string;
      };
      const sub = await call(running.url, 'POST', '/v1/run-ffmpeg-command', {
        input_files: { in_1: stored.storage_url },
        output_files: { out_1: 'slow.mp4' },
        ffmpeg_command: '-re -i {{in_1}} -c:v libx264 -preset ultrafast -an {{out_1}}',
      });
      await waitFor(running.url, sub.command_id, (b) => b.status === 'PROCESSING');
      const firstPort = new URL(running.url).port;
      await running.kill9();

      running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
      expect(new URL(running.url).port, 'the restart took another port').not.toBe(firstPort);
      const done = await waitFor(running.url, sub.command_id, (b) => b.status === 'SUCCESS' || b.status === 'FAILED');
      expect(done.status, done.error_message).toBe('SUCCESS');
      expect(done.original_request.input_files.in_1).toBe(stored.storage_url);
      expect(done.output_files.out_1.duration).toBeCloseTo(2, 0);
    },
    MULTI_START_TIMEOUT_MS,
  );

  it.skipIf(bwrapProblem !== null)(
    `when the service is killed while a confined ffmpeg runs, then no process of that job is left (its sandbox dies with it)${bwrapProblem ? ` [SKIPPED: ${bwrapProblem}]` : ''}`,
    async () => {
      const dataDir = dataDirForTest();
      const SOURCE = `testsrc=size=160x120:rate=10:duration=47.${process.pid}`;
      running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY, FFDESK_SANDBOX: 'require' });
      const sub = await call(running.url, 'POST', '/v1/run-ffmpeg-command', {
        output_files: { out_1: 'slow.mp4' },
        ffmpeg_command: `-re -f lavfi -i ${SOURCE} -preset ultrafast {{out_1}}`,
      });
      await waitFor(running.url, sub.command_id, (b) => b.status === 'PROCESSING');
      // bwrap's monitor and its init name the job folder; ffmpeg inside names its unique source.
      const job = path.join(dataDir, 'jobs', sub.command_id);
      const left = () => [...processesMentioning(job), ...processesMentioning(SOURCE)];
      await until('ffmpeg in the sandbox', () => processesMentioning(SOURCE).some((p) => !p.cmdline.includes('bwrap')));
      expect(processesMentioning(job).length).toBeGreaterThan(0);
      await running.kill9();
      running = undefined;
      await until('every process of the job to end', () => left().length === 0);
      expect(left()).toEqual([]);
    },
  );

  it(
    'when a command is interrupted twice, then it ends FAILED / INTERRUPTED and the webhook announces it',
    async () => {
      const dataDir = dataDirForTest();
      const receiver = await startWebhookReceiver();
      try {
        running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
        receiver.secret = (await call(running.url, 'PUT', '/v1/webhook', { url: receiver.url })).secret;
        const sub = await call(running.url, 'POST', '/v1/run-ffmpeg-command', {
          output_files: { out_1: 'slow.mp4' },
          ffmpeg_command: '-re -f lavfi -i testsrc=size=160x120:rate=10:duration=20 -preset ultrafast {{out_1}}',
        });
        for (let attempt = 0; attempt < 2; attempt++) {
          await waitFor(running.url, sub.command_id, (b) => b.status === 'PROCESSING');
          await running.kill9();
          running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
        }
        const done = await call(running.url, 'GET', `/v1/commands/${sub.command_id}`);
        expect(done).toMatchObject({ status: 'FAILED', error_status: 'INTERRUPTED' });
        const [hook] = await receiver.waitFor(1, 20_000);
        expect(hook?.json.data).toMatchObject({ command_id: sub.command_id, status: 'FAILED', error_status: 'INTERRUPTED' });
        expect(hook?.isSignatureValid).toBe(true);
      } finally {
        await receiver.close();
      }
    },
    MULTI_START_TIMEOUT_MS,
  );

  it(
    'when blobs exist that no record references (a crash before the commit), then the start-up sweep removes them (and store-file stagings a crash left)',
    async () => {
      const dataDir = dataDirForTest();
      running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
      await running.stop();
      const stray = path.join(dataDir, 'blobs', 'ab', 'ab'.padEnd(32, '0'));
      fs.mkdirSync(path.dirname(stray), { recursive: true });
      fs.writeFileSync(stray, 'orphan');
      const staging = path.join(dataDir, 'staging', 'left-by-a-crash');
      fs.mkdirSync(staging, { recursive: true });
      fs.writeFileSync(path.join(staging, 'half.mp4'), 'partial download');
      running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY });
      expect(fs.existsSync(stray)).toBe(false);
      expect(fs.existsSync(staging)).toBe(false);
    },
    MULTI_START_TIMEOUT_MS,
  );
});
