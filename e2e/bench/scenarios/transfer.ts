import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientFor, watchEvents } from '../lib/api';
import { startBaselineServer } from '../lib/baseline-server';
import type { BenchContext, Scenario } from '../lib/context';
import { findNginx, startNginx } from '../lib/nginx';
import { judge, type Row } from '../lib/report';
import { startService } from '../lib/service';
import { fmtBytes, fmtMs, fmtRate, fmtSeconds, median, MiB } from '../lib/stats';
import { findTool, run } from '../lib/tools';
import { download, uploadParts, type Downloaded, type UploadStages } from '../lib/transfer';

const PART_CONCURRENCY = 6;
const PART_SIZE = 8 * MiB;
const RSS_GROWTH_LIMIT = 64 * MiB;

interface Upload {
  seconds: number;
  stages: UploadStages & { storeMs: number };
}

/**
 * Upload (init-upload + 6 part PUTs of 8 MiB at a time + complete-upload, until STORED)
 * against `cp` + `sync` of the same file on the same filesystem (STORED means flushed to
 * disk), and download of storage_url against nginx with sendfile (and a minimal node:http
 * server), all fetched by curl into /dev/null. Best of N for each side; runs alternate.
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
      const upload = async (): Promise<Upload & { fileId: string }> => {
        const started = performance.now();
        const { fileId, stages } = await uploadParts(client, source, { concurrency: PART_CONCURRENCY, partSize: PART_SIZE });
        const completed = performance.now();
        const stored = await events.fileStatus(fileId, 'STORED');
        if (stored.status !== 'STORED') throw new Error(`upload ${fileId} ended ${stored.status}`);
        return { fileId, seconds: (stored.atMs - started) / 1000, stages: { ...stages, storeMs: stored.atMs - completed } };
      };
      const copy = () => timedCpSync(source, path.join(dir, 'copy.bin'));
      await copy(); // warm the page cache for both sides
      const ups: Upload[] = [];
      const cps: { cp: number; cpSync: number }[] = [];
      let kept = '';
      const rssBefore = service.rss.current();
      const end = service.rss.window();
      for (let i = 0; i < ctx.sizes.transferRuns; i++) {
        const c = await copy();
        cps.push(c);
        const u = await upload();
        ups.push(u);
        if (kept) await client.deleteFile(kept); // keep the disk use bounded: one stored copy at a time
        kept = u.fileId;
        ctx.log(`transfer: upload ${fmtSeconds(u.seconds)} (${stagesText(u)}), cp ${fmtSeconds(c.cp)}, cp + sync ${fmtSeconds(c.cpSync)}`);
      }
      const uploadRss = { peak: end(), before: rssBefore };
      fs.rmSync(path.join(dir, 'copy.bin'), { force: true });
      const storageUrl = (await client.getFile(kept)).storage_url as string;
      const downloads = await measureDownloads(ctx, service, storageUrl, source);
      return rows(ctx, ups, cps, uploadRss, downloads);
    } finally {
      events.close();
      await service.stop();
    }
  },
};

interface Downloads {
  ffdesk: Downloaded[];
  nginx: Downloaded[] | null;
  node: Downloaded[];
  client: string;
  rss: { peak: number | null; before: number | null };
}

async function measureDownloads(ctx: BenchContext, service: Awaited<ReturnType<typeof startService>>, storageUrl: string, source: string): Promise<Downloads> {
  const curl = findTool('curl', ['/usr/bin/curl']);
  const nginxBin = findNginx();
  if (!nginxBin) ctx.log('transfer: nginx not installed (Debian: nginx-light): the download row is judged against the node:http server');
  const nginx = nginxBin ? await startNginx(nginxBin, path.dirname(source), ctx.dir('nginx')) : null;
  const bare = await startBaselineServer({ BENCH_STATIC_FILE: source });
  const get = (url: string) => download(url, curl);
  const size = ctx.sizes.transferBytes;
  const out: Downloads = { ffdesk: [], nginx: nginx ? [] : null, node: [], client: curl ? 'curl' : 'node:http', rss: { peak: null, before: service.rss.current() } };
  const end = service.rss.window();
  try {
    for (let i = 0; i < ctx.sizes.transferRuns; i++) {
      out.ffdesk.push(checked(await get(storageUrl), size));
      if (nginx) out.nginx?.push(checked(await get(`${nginx.url}/${path.basename(source)}`), size));
      out.node.push(checked(await get(`${bare.url}/file`), size));
    }
  } finally {
    out.rss.peak = end();
    await bare.stop();
    await nginx?.stop();
  }
  return out;
}

function checked(r: Downloaded, expected: number): Downloaded {
  if (r.bytes !== expected) throw new Error(`downloaded ${r.bytes} bytes, expected ${expected}`);
  return r;
}

const fastest = <T extends { seconds: number }>(xs: T[]): T => xs.reduce((a, b) => (b.seconds < a.seconds ? b : a));

function stagesText(u: Upload): string {
  const s = u.stages;
  return (
    `init ${fmtMs(s.initMs)}, parts ${fmtMs(s.partsMs)} (service per part, summed: receive+write ${fmtMs(s.server.receive ?? 0)}, ` +
    `hash ${fmtMs(s.server.hash ?? 0)}), complete ${fmtMs(s.completeMs)}, complete → STORED ${fmtMs(s.storeMs)} (probe + fsync + rename)`
  );
}

function growthText(rss: { peak: number | null; before: number | null }): string {
  if (rss.peak === null || rss.before === null) return 'unknown';
  return `+${((rss.peak - rss.before) / MiB).toFixed(0)} MiB (from ${(rss.before / MiB).toFixed(0)} MiB)`;
}

function growthRow(figure: string, rss: { peak: number | null; before: number | null }): Row {
  const growth = rss.peak === null || rss.before === null ? null : rss.peak - rss.before;
  return {
    figure,
    ffdesk: growthText(rss),
    baseline: '—',
    ratio: null,
    target: `< ${RSS_GROWTH_LIMIT / MiB} MiB`,
    result: growth === null ? 'info' : judge(growth, '<=', RSS_GROWTH_LIMIT - 1),
    peakRssBytes: rss.peak,
    data: { rss_before_bytes: rss.before, rss_peak_bytes: rss.peak },
  };
}

function rows(ctx: BenchContext, ups: Upload[], cps: { cp: number; cpSync: number }[], uploadRss: { peak: number | null; before: number | null }, d: Downloads): Row[] {
  const size = ctx.sizes.transferBytes;
  const n = ctx.sizes.transferRuns;
  const up = fastest(ups);
  const cpSync = Math.min(...cps.map((c) => c.cpSync));
  const cp = Math.min(...cps.map((c) => c.cp));
  const down = fastest(d.ffdesk);
  const nodeBest = fastest(d.node);
  const base = d.nginx ? fastest(d.nginx) : nodeBest;
  const baseName = d.nginx ? 'nginx sendfile' : 'static node:http (nginx not installed)';
  const parts = Math.ceil(size / PART_SIZE);
  return [
    {
      figure: `upload ${fmtBytes(size)}: init + ${parts} × ${fmtBytes(PART_SIZE)} parts, ${PART_CONCURRENCY} PUTs at a time + complete → STORED`,
      ffdesk: `${fmtSeconds(up.seconds)} = ${fmtRate(size / up.seconds)} (best of ${n})`,
      baseline: `cp + sync ${fmtSeconds(cpSync)} = ${fmtRate(size / cpSync)} (cp alone ${fmtSeconds(cp)})`,
      ratio: cpSync / up.seconds,
      target: '≥ 0.70×',
      result: judge(cpSync / up.seconds, '>=', 0.7),
      peakRssBytes: uploadRss.peak,
      stages: stagesText(up),
      data: { upload_seconds: ups.map((u) => u.seconds), upload_stages: ups.map((u) => u.stages), cp_seconds: cps.map((c) => c.cp), cp_sync_seconds: cps.map((c) => c.cpSync) },
    },
    growthRow(`upload ${fmtBytes(size)}: peak RSS growth`, uploadRss),
    {
      figure: `download ${fmtBytes(size)}: GET storage_url (${d.client} to /dev/null)`,
      ffdesk: `${fmtSeconds(down.seconds)} = ${fmtRate(size / down.seconds)} (best of ${n})`,
      baseline: `${baseName} ${fmtSeconds(base.seconds)} = ${fmtRate(size / base.seconds)}${d.nginx ? `; node:http ${fmtRate(size / nodeBest.seconds)}` : ''}`,
      ratio: base.seconds / down.seconds,
      target: '≥ 0.80×',
      result: judge(base.seconds / down.seconds, '>=', 0.8),
      peakRssBytes: d.rss.peak,
      stages: `first byte after ${fmtMs(down.ttfbMs)} (signature check, stat, open), then ${fmtMs(down.seconds * 1000 - down.ttfbMs)} of body; median of ${n} ${fmtSeconds(median(d.ffdesk.map((x) => x.seconds)))}`,
      data: { download: d.ffdesk, nginx: d.nginx, node_static: d.node, client: d.client },
    },
    growthRow(`download ${fmtBytes(size)}: peak RSS growth`, d.rss),
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

/** `cp`, then `sync` of the copy (coreutils: fsync of that file): what a durable copy costs. */
async function timedCpSync(from: string, to: string): Promise<{ cp: number; cpSync: number }> {
  fs.rmSync(to, { force: true }); // a fresh file each time, like an upload's staging file
  const started = performance.now();
  await run('cp', [from, to]);
  const cp = (performance.now() - started) / 1000;
  await run('sync', [to]);
  return { cp, cpSync: (performance.now() - started) / 1000 };
}
