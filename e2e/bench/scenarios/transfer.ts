import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientFor, watchEvents } from '../lib/api';
import { startBaselineServer } from '../lib/baseline-server';
import type { BenchContext, Scenario } from '../lib/context';
import { judge, type Row } from '../lib/report';
import { startService } from '../lib/service';
import { fmtBytes, fmtRate, fmtSeconds } from '../lib/stats';
import { download, uploadParts } from '../lib/transfer';

const PART_CONCURRENCY = 6;

/**
 * Upload (init-upload + parallel part PUTs + complete-upload, until STORED) against `cp` of
 * the same file, and download of storage_url against a minimal static file server. Best of
 * N for each side; runs alternate.
 */
export const transferScenario: Scenario = {
  name: 'transfer',
  async run(ctx) {
    const dir = ctx.dir('transfer');
    const source = path.join(dir, 'source.bin');
    await writeRandomFile(source, ctx.sizes.transferBytes);
    const service = await startService(ctx.dir('transfer-data'));
    const client = clientFor(service);
    const events = watchEvents(client);
    try {
      await events.ready;
      const upload = async () => {
        const started = performance.now();
        const { fileId, stages } = await uploadParts(client, source, { concurrency: PART_CONCURRENCY });
        const completed = performance.now();
        const stored = await events.fileStatus(fileId, 'STORED');
        if (stored.status !== 'STORED') throw new Error(`upload ${fileId} ended ${stored.status}`);
        return { fileId, seconds: (stored.atMs - started) / 1000, stages: { ...stages, storeMs: stored.atMs - completed } };
      };
      const copy = () => timedCp(source, path.join(dir, 'copy.bin'));
      await copy(); // warm the page cache for both sides
      const ups: number[] = [];
      const cps: number[] = [];
      const cpSyncs: number[] = [];
      let kept = '';
      let end = service.rss.window();
      for (let i = 0; i < ctx.sizes.transferRuns; i++) {
        const c = await copy();
        cps.push(c.cp);
        cpSyncs.push(c.cpThenFsync);
        const u = await upload();
        ups.push(u.seconds);
        if (kept) await client.deleteFile(kept); // keep the disk use bounded: one stored copy at a time
        kept = u.fileId;
        ctx.log(`transfer: upload stages ${JSON.stringify(u.stages, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`);
        ctx.log(`transfer: upload ${fmtSeconds(u.seconds)}, cp ${fmtSeconds(c.cp)}, cp + fsync ${fmtSeconds(c.cpThenFsync)}`);
      }
      const uploadRss = end();
      fs.rmSync(path.join(dir, 'copy.bin'), { force: true });
      const storageUrl = (await client.getFile(kept)).storage_url as string;
      const bare = await startBaselineServer({ BENCH_STATIC_FILE: source });
      const downs: number[] = [];
      const statics: number[] = [];
      end = service.rss.window();
      try {
        for (let i = 0; i < ctx.sizes.transferRuns; i++) {
          downs.push(checked(await download(storageUrl), ctx.sizes.transferBytes));
          statics.push(checked(await download(`${bare.url}/file`), ctx.sizes.transferBytes));
        }
      } finally {
        await bare.stop();
      }
      const downloadRss = end();
      return rows(ctx, { ups, cps, cpSyncs, downs, statics }, uploadRss, downloadRss);
    } finally {
      events.close();
      await service.stop();
    }
  },
};

function checked(r: { bytes: number; seconds: number }, expected: number): number {
  if (r.bytes !== expected) throw new Error(`downloaded ${r.bytes} bytes, expected ${expected}`);
  return r.seconds;
}

function rows(ctx: BenchContext, t: { ups: number[]; cps: number[]; cpSyncs: number[]; downs: number[]; statics: number[] }, uploadRss: number | null, downloadRss: number | null): Row[] {
  const size = ctx.sizes.transferBytes;
  const best = (xs: number[]) => Math.min(...xs);
  const up = best(t.ups);
  const cp = best(t.cps);
  const down = best(t.downs);
  const stat = best(t.statics);
  const n = ctx.sizes.transferRuns;
  return [
    {
      figure: `upload ${fmtBytes(size)}: init + ${PART_CONCURRENCY} parallel part PUTs + complete → STORED`,
      ffdesk: `${fmtSeconds(up)} = ${fmtRate(size / up)} (best of ${n})`,
      // STORED means durable (the blob store fsyncs before the rename), cp does not fsync: shown beside it.
      baseline: `cp ${fmtSeconds(cp)} = ${fmtRate(size / cp)} (cp + fsync ${fmtSeconds(best(t.cpSyncs))})`,
      ratio: cp / up,
      target: '≥ 0.70×',
      result: judge(cp / up, '>=', 0.7),
      peakRssBytes: uploadRss,
      data: { upload_seconds: t.ups, cp_seconds: t.cps, cp_then_fsync_seconds: t.cpSyncs, ratio_to_cp_then_fsync: best(t.cpSyncs) / up },
    },
    {
      figure: `download ${fmtBytes(size)}: GET storage_url`,
      ffdesk: `${fmtSeconds(down)} = ${fmtRate(size / down)} (best of ${n})`,
      baseline: `static node:http ${fmtSeconds(stat)} = ${fmtRate(size / stat)}`,
      ratio: stat / down,
      target: '≥ 0.80×',
      result: judge(stat / down, '>=', 0.8),
      peakRssBytes: downloadRss,
      data: { download_seconds: t.downs, static_server_seconds: t.statics },
    },
  ];
}

/** Incompressible bytes, written in 16 MiB blocks (each block fresh, so nothing dedupes). */
async function writeRandomFile(file: string, size: number): Promise<void> {
  const block = 16 * 1024 * 1024;
  const fd = fs.openSync(file, 'w');
  try {
    for (let done = 0; done < size; done += block) {
      fs.writeSync(fd, crypto.randomBytes(Math.min(block, size - done)));
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** `cp`, timed; then an fsync of the copy, so `cpThenFsync` is what a durable copy costs. */
async function timedCp(from: string, to: string): Promise<{ cp: number; cpThenFsync: number }> {
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('cp', [from, to], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`cp exited ${code}`))));
  });
  const cp = (performance.now() - started) / 1000;
  const fh = await fs.promises.open(to, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
  return { cp, cpThenFsync: (performance.now() - started) / 1000 };
}
