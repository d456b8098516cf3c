import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildService, type ChildService } from '../child-service';
import { tempDir } from '../harness';
import { checkConsistency } from './consistency';
import { makeClient, type Api } from './client';
import { sampleRss } from './process-memory';
import { putSlowly } from './slow-put';

/**
 * Load: a burst of command submissions and parallel direct uploads, all at once, against a
 * real service process on this (2-core) machine. Every request is accepted (200) or cleanly
 * refused (429 + Retry-After); every accepted command ends SUCCESS and is listed; every
 * upload is STORED with its bytes intact; the service's memory stays bounded.
 *
 * In the suite the burst is 120 submissions and 30 uploads: every request still arrives at
 * once (the same concurrent inserts, queue and sandbox runs), and the draining of the
 * accepted commands one sandboxed ffmpeg after the other, which was most of this test's time,
 * is an eighth of the full size. The local key has no daily command limit
 * (docs/sandbox.md), so no size provokes a 429 here: the refusal branch is checked when it
 * happens. The full size (1000 + 100, ~3 min): `npm run test:load`, i.e.
 * FFDESK_LOAD_SUBMISSIONS=1000 FFDESK_LOAD_UPLOADS=100 (docs/contributing.md, "Suite time").
 */
const SUBMISSIONS = Number(process.env.FFDESK_LOAD_SUBMISSIONS ?? 120);
const UPLOADS = Number(process.env.FFDESK_LOAD_UPLOADS ?? 30);
const RSS_LIMIT_MIB = 400;
const KEY = 'ffd_test_load_key_0123456789abcdef';
const MiB = 1024 * 1024;

let service: ChildService | undefined;
let dataDir: string;
let api: Api;

beforeAll(async () => {
  dataDir = tempDir('ffdesk-load-');
  service = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: KEY, FFDESK_VCPU_BUDGET: '2' });
  api = makeClient(() => service?.url ?? '', KEY);
});

afterAll(async () => {
  await service?.stop();
  if (!process.env.FFDESK_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

interface Refusal {
  status: number;
  retryAfter: string | null;
}

async function submitOne(): Promise<{ id?: string; refused?: Refusal; other?: string }> {
  const res = await api(
    'POST',
    '/v1/run-ffmpeg-command',
    {
      output_files: { out_1: 'x.png' },
      ffmpeg_command: '-f lavfi -i testsrc=size=64x48:rate=5 -frames:v 1 {{out_1}}',
      vcpu_count: 1,
    },
    { timeoutMs: 120_000 },
  );
  if (res.status === 200) return { id: res.body.command_id as string };
  if (res.status === 429) return { refused: { status: 429, retryAfter: res.headers.get('retry-after') } };
  return { other: `${res.status} ${JSON.stringify(res.body)}` };
}

async function uploadOne(data: Buffer): Promise<{ id?: string; problem?: string }> {
  const init = await api('POST', '/v1/files/init-upload', { filename: 'load.bin', size_bytes: data.length }, { timeoutMs: 120_000 });
  if (init.status !== 200) return { problem: `init ${init.status} ${JSON.stringify(init.body)}` };
  const put = await putSlowly(init.body.upload_urls[0] as string, data, { chunkBytes: 256 * 1024, delayMs: 0 });
  if (put.status !== 200) return { problem: `PUT ${put.status} ${put.body}` };
  const done = await api('POST', `/v1/files/${init.body.file_id}/complete-upload`, { parts: [{ part_number: 1, etag: put.etag }] }, { timeoutMs: 120_000 });
  if (done.status !== 200) return { problem: `complete ${done.status} ${JSON.stringify(done.body)}` };
  return { id: init.body.file_id as string };
}

/** Every command of the account, by paging the list (docs/choices.md: limit 1..1000). */
async function listAll(): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (let offset = 0; ; offset += 1000) {
    const page = (await api('GET', `/v1/commands?limit=1000&offset=${offset}`)).body as { command_id: string; status: string }[];
    for (const c of page) all.set(c.command_id, c.status);
    if (page.length < 1000) return all;
  }
}

describe('load: a burst of submissions and uploads at once', () => {
  it(
    `when ${SUBMISSIONS} commands and ${UPLOADS} uploads arrive at once, then each is accepted (the local key has no daily limit; any refusal must be a 429 with Retry-After), all accepted finish, nothing is lost, memory stays bounded`,
    async () => {
      const rss = sampleRss(service?.servicePid() as number, 50);
      const payloads = Array.from({ length: UPLOADS }, (_, i) => crypto.randomBytes(256 * 1024 + Math.floor((((i * 7919) % 100) / 100) * (1.75 * MiB))));
      const t0 = Date.now();
      const [submitted, uploaded] = await Promise.all([
        Promise.all(Array.from({ length: SUBMISSIONS }, () => submitOne())),
        Promise.all(payloads.map((d) => uploadOne(d))),
      ]);
      const burstSeconds = (Date.now() - t0) / 1000;
      const accepted = submitted.flatMap((s) => (s.id ? [s.id] : []));
      const refused = submitted.flatMap((s) => (s.refused ? [s.refused] : []));
      const other = submitted.flatMap((s) => (s.other ? [s.other] : []));
      console.log(
        `[load] burst answered in ${burstSeconds.toFixed(1)} s: ${accepted.length} accepted, ${refused.length} refused (429), ${other.length} other; uploads completed ${uploaded.filter((u) => u.id).length}/${UPLOADS}`,
      );
      expect(other).toEqual([]);
      for (const r of refused) expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(uploaded.flatMap((u) => (u.problem ? [u.problem] : []))).toEqual([]);

      // Drain: every accepted command ends, and ends SUCCESS.
      const deadline = Date.now() + SUBMISSIONS * 400 + 120_000;
      let listed = await listAll();
      while ([...listed.values()].some((s) => s === 'QUEUED' || s === 'PROCESSING') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1_000));
        listed = await listAll();
      }
      const drainSeconds = (Date.now() - t0) / 1000;
      const statuses = new Map<string, number>();
      for (const s of listed.values()) statuses.set(s, (statuses.get(s) ?? 0) + 1);
      console.log(
        `[load] all finished after ${drainSeconds.toFixed(1)} s (${(accepted.length / drainSeconds).toFixed(1)} commands/s): ${[...statuses].map(([s, n]) => `${s} ${n}`).join(', ')}`,
      );
      expect(accepted.filter((id) => !listed.has(id))).toEqual([]); // nothing lost
      expect(listed.size).toBe(accepted.length); // and nothing invented
      expect(accepted.filter((id) => listed.get(id) !== 'SUCCESS')).toEqual([]);

      // Uploads: STORED, bytes identical.
      let identical = 0;
      for (const [i, u] of uploaded.entries()) {
        let rec = (await api('GET', `/v1/files/${u.id}`)).body;
        for (let tries = 0; rec.status === 'UPLOADED' && tries < 100; tries++) {
          await new Promise((r) => setTimeout(r, 200));
          rec = (await api('GET', `/v1/files/${u.id}`)).body;
        }
        expect(rec.status).toBe('STORED');
        const bytes = Buffer.from(await (await fetch(rec.storage_url as string)).arrayBuffer());
        if (sha256(bytes) === sha256(payloads[i] as Buffer)) identical++;
      }
      const mem = rss.stop();
      console.log(
        `[load] uploads STORED with identical bytes: ${identical}/${UPLOADS}; service RSS peak ${mem.peakRssMiB.toFixed(0)} MiB (VmHWM ${mem.hwmMiB.toFixed(0)} MiB, ${mem.samples} samples), limit ${RSS_LIMIT_MIB} MiB`,
      );
      expect(identical).toBe(UPLOADS);
      expect(checkConsistency(dataDir, { phase: 'settled' }).violations).toEqual([]);
      expect(mem.samples).toBeGreaterThan(10);
      expect(Math.max(mem.peakRssMiB, mem.hwmMiB)).toBeLessThan(RSS_LIMIT_MIB);
    },
    SUBMISSIONS * 600 + 240_000,
  );
});
