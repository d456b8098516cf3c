import path from 'node:path';
import { startBaselineServer } from '../lib/baseline-server';
import type { BenchContext, Scenario } from '../lib/context';
import { findNginx, startNginx } from '../lib/nginx';
import { judge, type Row } from '../lib/report';
import { startService } from '../lib/service';
import { fmtBytes, fmtMs, fmtRate, fmtSeconds, median } from '../lib/stats';
import { findTool } from '../lib/tools';
import { download, type Downloaded } from '../lib/transfer';
import { downloadPath } from '../../../src-service/storage/kernel-send';
import { readTreeCpuSeconds } from '../../../src-service/media/cpu-time';
import { storeInput } from '../lib/inputs';
import { growthRow, measureUploads, withTransferService } from './upload';

/**
 * The upload rows (scenarios/upload.ts), then download of the stored file's storage_url
 * against nginx with sendfile (and a minimal node:http server), all fetched by curl into
 * /dev/null. Best of N for each side; runs alternate.
 */
export const transferScenario: Scenario = {
  name: 'transfer',
  run: (ctx) =>
    withTransferService(ctx, 'transfer', async ({ service, client, events, source }) => {
      const uploads = await measureUploads(ctx, service, client, events, source);
      const storageUrl = (await client.getFile(uploads.keptFileId)).storage_url as string;
      return [...uploads.rows, ...downloadRows(ctx, await measureDownloads(ctx, service, storageUrl, source))];
    }),
};

/**
 * `--only=download`: the download rows alone, on a file stored by a plain upload (the sendfile
 * path: docs/performance.md, "Downloads").
 */
export const downloadScenario: Scenario = {
  name: 'download',
  run: (ctx) =>
    withTransferService(ctx, 'download', async ({ service, client, events, source }) => {
      const { storageUrl } = await storeInput(client, events, source);
      return downloadRows(ctx, await measureDownloads(ctx, service, storageUrl, source));
    }),
};

/** A download and the CPU seconds per GiB its server used (user + system, every thread). */
type Sent = Downloaded & { cpuPerGiB: number | null };

interface Downloads {
  ffdesk: Sent[];
  nginx: Sent[] | null;
  node: Sent[];
  client: string;
  /** How the service sends (ffdesk doctor's line; the same module and environment as the bench's). */
  via: string;
  rss: { peak: number | null; before: number | null };
}

async function measureDownloads(ctx: BenchContext, service: Awaited<ReturnType<typeof startService>>, storageUrl: string, source: string): Promise<Downloads> {
  const curl = findTool('curl', ['/usr/bin/curl']);
  const nginxBin = findNginx();
  if (!nginxBin) ctx.log('transfer: nginx not installed (Debian: nginx-light): the download row is judged against the node:http server');
  const nginx = nginxBin ? await startNginx(nginxBin, path.dirname(source), ctx.dir('nginx')) : null;
  const bare = await startBaselineServer({ BENCH_STATIC_FILE: source });
  const size = ctx.sizes.transferBytes;
  /** `pid` and its children (nginx's master and its worker). */
  const get = async (url: string, pid: number): Promise<Sent> => {
    const cpu = () => readTreeCpuSeconds(pid);
    const before = cpu();
    const r = await download(url, curl);
    const after = cpu();
    return { ...r, cpuPerGiB: before === null || after === null ? null : ((after - before) * 2 ** 30) / size };
  };
  const out: Downloads = {
    ffdesk: [],
    nginx: nginx ? [] : null,
    node: [],
    client: curl ? 'curl' : 'node:http',
    via: downloadPath().detail,
    rss: { peak: null, before: service.rss.current() },
  };
  const end = service.rss.window();
  try {
    for (let i = 0; i < ctx.sizes.transferRuns; i++) {
      out.ffdesk.push(checked(await get(storageUrl, service.pid), size));
      if (nginx) out.nginx?.push(checked(await get(`${nginx.url}/${path.basename(source)}`, nginx.pid), size));
      out.node.push(checked(await get(`${bare.url}/file`, bare.pid), size));
    }
  } finally {
    out.rss.peak = end();
    await bare.stop();
    await nginx?.stop();
  }
  return out;
}

function checked<T extends Downloaded>(r: T, expected: number): T {
  if (r.bytes !== expected) throw new Error(`downloaded ${r.bytes} bytes, expected ${expected}`);
  return r;
}

function cpuText(xs: Sent[]): string {
  const known = xs.map((x) => x.cpuPerGiB).filter((c): c is number => c !== null);
  return known.length ? `${median(known).toFixed(2)} s` : '?';
}

const fastest = <T extends { seconds: number }>(xs: T[]): T => xs.reduce((a, b) => (b.seconds < a.seconds ? b : a));

function downloadRows(ctx: BenchContext, d: Downloads): Row[] {
  const size = ctx.sizes.transferBytes;
  const n = ctx.sizes.transferRuns;
  const down = fastest(d.ffdesk);
  const nodeBest = fastest(d.node);
  const base = d.nginx ? fastest(d.nginx) : nodeBest;
  const baseName = d.nginx ? 'nginx sendfile' : 'static node:http (nginx not installed)';
  return [
    {
      figure: `download ${fmtBytes(size)}: GET storage_url (${d.client} to /dev/null)`,
      ffdesk: `${fmtSeconds(down.seconds)} = ${fmtRate(size / down.seconds)} (best of ${n})`,
      baseline: `${baseName} ${fmtSeconds(base.seconds)} = ${fmtRate(size / base.seconds)}${d.nginx ? `; node:http ${fmtRate(size / nodeBest.seconds)}` : ''}`,
      ratio: base.seconds / down.seconds,
      target: '≥ 0.95×',
      result: judge(base.seconds / down.seconds, '>=', 0.95),
      peakRssBytes: d.rss.peak,
      stages: `first byte after ${fmtMs(down.ttfbMs)} (signature check, stat, open), then ${fmtMs(down.seconds * 1000 - down.ttfbMs)} of body; median of ${n} ${fmtSeconds(median(d.ffdesk.map((x) => x.seconds)))}; server CPU per GiB (median): FFDesk ${cpuText(d.ffdesk)}${d.nginx ? `, nginx ${cpuText(d.nginx)}` : ''}, node:http ${cpuText(d.node)}; sent ${d.via}`,
      data: { download: d.ffdesk, nginx: d.nginx, node_static: d.node, client: d.client },
    },
    growthRow(`download ${fmtBytes(size)}: peak RSS growth`, d.rss),
  ];
}
