import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildService, type ChildService } from '../child-service';
import { tempDir } from '../harness';
import { startMediaServer, type MediaServer } from '../media';
import { checkConsistency } from './consistency';
import { makeClient, type Api } from './client';
import { putSlowly } from './slow-put';

/**
 * Disk full: the whole data dir (database included) lives on a 40 MiB tmpfs. Outputs,
 * zips, downloads and uploads that overflow it must fail cleanly with a message saying so,
 * nothing half-written may be stored, the service must keep answering, and it must work
 * again once space is freed.
 */
const KEY = 'ffd_test_diskfull_key_0123456789';
const MiB = 1024 * 1024;
const mountDir = tempDir('ffdesk-diskfull-');
const skipReason = mountTmpfs(mountDir, 40);
if (skipReason) console.log(`[disk-full] skipped: ${skipReason}`);

function mountTmpfs(dir: string, sizeMiB: number): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    return null;
  } catch (err) {
    return `needs root to mount a tmpfs (${String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim()})`;
  }
}

const dataDir = path.join(mountDir, 'data');
const filler = path.join(mountDir, 'filler.bin');
let service: ChildService | undefined;
let api: Api;
let media: MediaServer | undefined;
let mediaDir: string;

const freeBytes = () => {
  const s = fs.statfsSync(mountDir);
  return s.bavail * s.bsize;
};

/** Grows the filler file until only `leave` bytes stay free (0: until the disk is full). */
function fillLeaving(leave: number): void {
  const fd = fs.openSync(filler, 'a');
  const chunk = Buffer.alloc(256 * 1024, 1);
  try {
    for (let free = freeBytes(); free > leave; free = freeBytes()) {
      fs.writeSync(fd, chunk, 0, Math.min(chunk.length, Math.max(4096, free - leave)));
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
}

const unfill = () => fs.rmSync(filler, { force: true });

async function waitCommand(id: string, timeoutMs = 90_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `/v1/commands/${id}`);
    if (res.body.status === 'SUCCESS' || res.body.status === 'FAILED' || Date.now() > deadline) return res.body as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function waitFile(id: string, timeoutMs = 60_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `/v1/files/${id}`);
    if (['STORED', 'FAILED'].includes(res.body.status as string) || Date.now() > deadline) return res.body as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The storage invariant once nothing is under way; open upload sessions are allowed. */
function expectConsistent(label: string): void {
  const report = checkConsistency(dataDir, { phase: 'settled' });
  console.log(
    `[disk-full] ${label}: ${report.violations.length} invariant violations, free ${(freeBytes() / MiB).toFixed(1)} MiB${report.violations.map((v) => `\n  ${v}`).join('')}`,
  );
  expect(report.violations).toEqual([]);
}

const NO_SPACE = /no space left/i;
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe.skipIf(skipReason !== null)('disk full (data dir on a 40 MiB tmpfs)', () => {
  beforeAll(async () => {
    mediaDir = tempDir('ffdesk-diskfull-media-');
    fs.writeFileSync(path.join(mediaDir, 'big.bin'), crypto.randomBytes(12 * MiB));
    media = await startMediaServer(mediaDir);
    service = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY, ...(process.env.FFDESK_DEBUG ? { FFDESK_QUIET: '0' } : {}) });
    api = makeClient(() => service?.url ?? '', KEY);
  });

  afterAll(async () => {
    if (process.env.FFDESK_DEBUG) console.log(service?.output());
    await service?.stop().catch(() => undefined);
    await media?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
    unfill();
    try {
      execFileSync('umount', ['-l', mountDir]);
      fs.rmSync(mountDir, { recursive: true, force: true });
    } catch (err) {
      console.log(`[disk-full] could not unmount ${mountDir}: ${(err as Error).message}`);
    }
  });

  it('when a command output overflows the disk, then it ends FAILED saying no space is left, stores nothing, and the service keeps answering meanwhile', async () => {
    const sub = await api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'huge.nut' },
      ffmpeg_command: '-f lavfi -i testsrc=size=640x480:rate=25 -t 60 -c:v rawvideo -f nut {{out_1}}',
    });
    expect(sub.status).toBe(200);
    let answered = 0;
    let done: Record<string, unknown>;
    for (;;) {
      const [health, list, files] = await Promise.all([api('GET', '/v1/health'), api('GET', '/v1/commands?limit=10'), api('GET', '/v1/files?limit=10')]);
      expect([health.status, list.status, files.status]).toEqual([200, 200, 200]);
      answered += 3;
      done = (await api('GET', `/v1/commands/${sub.body.command_id}`)).body;
      if (done.status === 'SUCCESS' || done.status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `[disk-full] overflowing output: ${done.status} ${done.error_status}: ${String(done.error_message).split('\n')[0]} (${answered} requests answered 200 meanwhile)`,
    );
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message).toMatch(NO_SPACE);
    expect(done.output_files ?? {}).toEqual({});
    expect(freeBytes()).toBeGreaterThan(30 * MiB); // the job folder went
    expectConsistent('after the overflowing output');
  });

  it('when the outputs fit but their OUTPUT_FOLDER zip does not, then FAILED saying no space is left, and no zip is stored', async () => {
    fillLeaving(13 * MiB);
    try {
      // Ten noisy 640x480 BMP frames: ~9 MiB that barely compress, so the zip needs ~9 MiB more.
      const sub = await api('POST', '/v1/run-ffmpeg-command', {
        output_files: 'OUTPUT_FOLDER',
        ffmpeg_command: '-f lavfi -i color=c=gray:s=640x480:r=25 -vf noise=alls=100:allf=t -frames:v 10 -pix_fmt bgr24 frame_%02d.bmp',
      });
      expect(sub.status).toBe(200);
      const done = await waitCommand(sub.body.command_id);
      console.log(`[disk-full] overflowing zip: ${done.status} ${done.error_status}: ${String(done.error_message).split('\n')[0]}`);
      expect(done).toMatchObject({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
      expect(done.error_message).toMatch(NO_SPACE);
      expectConsistent('after the overflowing zip');
    } finally {
      unfill();
    }
  });

  it('when a store-file download overflows the disk, then the file ends FAILED saying no space is left, with nothing stored', async () => {
    fillLeaving(4 * MiB);
    try {
      const res = await api('POST', '/v1/files/store-file', { file_url: `${media?.url}/big.bin` });
      expect(res.status).toBe(200);
      const rec = await waitFile(res.body.file_id);
      console.log(`[disk-full] overflowing store-file: ${rec.status} ${rec.error_status}: ${rec.external_error_message}`);
      expect(rec).toMatchObject({ status: 'FAILED', error_status: 'STORAGE_ERROR' });
      expect(rec.external_error_message).toMatch(NO_SPACE);
      expect(fs.readdirSync(path.join(dataDir, 'staging'))).toEqual([]);
      expectConsistent('after the overflowing store-file');
    } finally {
      unfill();
    }
  });

  it('when an upload does not fit, then init-upload answers 507, a part that overflows answers 507, and nothing half-written is stored', async () => {
    fillLeaving(8 * MiB);
    try {
      const tooBig = await api('POST', '/v1/files/init-upload', { filename: 'big.bin', size_bytes: 20 * MiB });
      console.log(`[disk-full] init-upload of 20 MiB with 8 MiB free: ${tooBig.status} ${JSON.stringify(tooBig.body)}`);
      expect(tooBig.status).toBe(507);
      expect(tooBig.body.detail).toMatch(NO_SPACE);

      // Two 5 MiB uploads each fit alone, so init accepts both; the second one's part overflows.
      const data = [crypto.randomBytes(5 * MiB), crypto.randomBytes(5 * MiB)];
      const inits = await Promise.all(data.map((d) => api('POST', '/v1/files/init-upload', { filename: 'half.bin', size_bytes: d.length })));
      expect(inits.map((r) => r.status)).toEqual([200, 200]);
      const [first, second] = inits.map((r) => r.body as { file_id: string; upload_urls: string[] });
      const put1 = await putSlowly(first!.upload_urls[0]!, data[0]!, { chunkBytes: 256 * 1024, delayMs: 1 });
      expect(put1.status).toBe(200);
      expect((await api('POST', `/v1/files/${first!.file_id}/complete-upload`, { parts: [{ part_number: 1, etag: put1.etag }] })).status).toBe(200);
      const stored = await waitFile(first!.file_id);
      expect(stored.status).toBe('STORED');
      expect(sha256(Buffer.from(await (await fetch(stored.storage_url as string)).arrayBuffer()))).toBe(sha256(data[0]!));

      const put2 = await putSlowly(second!.upload_urls[0]!, data[1]!, { chunkBytes: 256 * 1024, delayMs: 1 });
      console.log(`[disk-full] second 5 MiB part with ${(freeBytes() / MiB).toFixed(1)} MiB free after it: ${put2.status} ${put2.body}`);
      expect(put2.status).toBe(507);
      expect(JSON.parse(put2.body).detail).toMatch(NO_SPACE);
      const complete = await api('POST', `/v1/files/${second!.file_id}/complete-upload`, { parts: [{ part_number: 1, etag: '"0"' }] });
      expect(complete.status).toBe(400); // the part never landed: nothing to assemble
      // Aborting writes the record first: on a disk with no room at all that is a clean 507, and works once space returns.
      let abort = await api('POST', `/v1/files/${second!.file_id}/abort-upload`);
      expect([200, 507]).toContain(abort.status);
      if (abort.status === 507) {
        unfill();
        abort = await api('POST', `/v1/files/${second!.file_id}/abort-upload`);
      }
      expect(abort.body).toMatchObject({ status: 'FAILED', error_status: 'UPLOAD_ABORTED' });
      expectConsistent('after the overflowing upload');
    } finally {
      unfill();
    }
  });

  it('while the disk is completely full, then reads keep answering and writes are refused or failed cleanly (never a 500)', async () => {
    fillLeaving(0);
    try {
      const reads = await Promise.all([api('GET', '/v1/health'), api('GET', '/v1/commands?limit=50'), api('GET', '/v1/files?limit=50')]);
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200]);
      const submit = await api('POST', '/v1/run-ffmpeg-command', {
        output_files: { out_1: 'x.png' },
        ffmpeg_command: '-f lavfi -i testsrc=size=64x48:rate=5 -frames:v 1 {{out_1}}',
      });
      const store = await api('POST', '/v1/files/store-file', { file_url: `${media?.url}/big.bin` });
      const init = await api('POST', '/v1/files/init-upload', { filename: 'a.bin', size_bytes: 1024 });
      console.log(`[disk-full] with 0 bytes free: submit ${submit.status}, store-file ${store.status}, init-upload ${init.status}`);
      for (const r of [submit, store, init]) {
        expect([200, 507]).toContain(r.status);
        if (r.status === 507) expect(r.body.detail).toMatch(NO_SPACE);
      }
      if (submit.status === 200) {
        const done = await waitCommand(submit.body.command_id);
        console.log(
          `[disk-full] command submitted on a full disk: ${done.status} ${done.error_status ?? ''} ${String(done.error_message ?? '').split('\n')[0]}`,
        );
        if (done.status === 'FAILED') expect(done.error_message).toMatch(NO_SPACE);
      }
      if (store.status === 200) {
        const rec = await waitFile(store.body.file_id);
        if (rec.status === 'FAILED') expect(rec.external_error_message).toMatch(NO_SPACE);
      }
      expect((await api('GET', '/v1/health')).status).toBe(200);
    } finally {
      unfill();
    }
  });

  it('when space returns, then the next command and the next upload succeed', async () => {
    const sub = await api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'ok.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc=size=160x120:rate=10:duration=1 -c:v libx264 -preset ultrafast {{out_1}}',
    });
    const done = await waitCommand(sub.body.command_id);
    expect(done.status, String(done.error_message)).toBe('SUCCESS');
    const data = crypto.randomBytes(3 * MiB);
    const init = await api('POST', '/v1/files/init-upload', { filename: 'ok.bin', size_bytes: data.length });
    expect(init.status).toBe(200);
    const put = await putSlowly(init.body.upload_urls[0], data, { chunkBytes: MiB, delayMs: 0 });
    expect(put.status).toBe(200);
    expect((await api('POST', `/v1/files/${init.body.file_id}/complete-upload`, { parts: [{ part_number: 1, etag: put.etag }] })).status).toBe(200);
    const rec = await waitFile(init.body.file_id);
    expect(rec.status).toBe('STORED');
    expect(sha256(Buffer.from(await (await fetch(rec.storage_url as string)).arrayBuffer()))).toBe(sha256(data));
    expectConsistent('after space returned');
  });
});
