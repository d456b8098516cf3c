import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FfdeskClient } from '../../../src-service/client';
import { clientFor, watchEvents, type EventWatcher } from '../lib/api';
import { startBaselineServer, startSpliceSink, type BaselineServer } from '../lib/baseline-server';
import type { BenchContext, Scenario } from '../lib/context';
import { readCpuSeconds as cpuSeconds } from '../../../src-service/media/cpu-time';
import { putParts, splitParts, type PartClient } from '../lib/part-put';
import { judge, type Row } from '../lib/report';
import { startService, type BenchService } from '../lib/service';
import { fmtBytes, fmtMs, fmtRate, fmtSeconds, GiB, MiB } from '../lib/stats';
import { findTool, run } from '../lib/tools';
import { uploadParts, type UploadStages } from '../lib/transfer';

const PART_CONCURRENCY = 6;
const PART_SIZE = 8 * MiB;
export const RSS_GROWTH_LIMIT = 64 * MiB;

interface Timed {
  seconds: number;
  /** CPU seconds the server process used per GiB received (user + system), null without /proc. */
  cpuPerGiB: number | null;
}

interface Upload extends Timed {
  stages: UploadStages & { storeMs: number };
}

export interface UploadMeasures {
  /** The file stored by the last upload (the download rows fetch it). */
  keptFileId: string;
  rows: Row[];
}

/**
 * `npm run bench -- --only=upload`: the upload rows alone (the `transfer` scenario runs the
 * same measures, then the downloads).
 */
export const uploadScenario: Scenario = {
  name: 'upload',
  run: (ctx) => withTransferService(ctx, 'upload', async (s) => (await measureUploads(ctx, s.service, s.client, s.events, s.source)).rows),
};

/**
 * The set-up the transfer scenarios share: a random source file of the run's size in
 * `<name>/source.bin`, a fresh service in `<name>-data` with its event stream open, stopped after `fn`.
 */
export async function withTransferService(
  ctx: BenchContext,
  name: string,
  fn: (s: { service: BenchService; client: FfdeskClient; events: EventWatcher; source: string }) => Promise<Row[]>,
): Promise<Row[]> {
  const source = path.join(ctx.dir(name), 'source.bin');
  await writeRandomFile(source, ctx.sizes.transferBytes);
  const service = await startService(ctx.dir(`${name}-data`));
  const client = clientFor(service);
  const events = watchEvents(client);
  try {
    await events.ready;
    return await fn({ service, client, events, source });
  } finally {
    events.close();
    await service.stop();
  }
}

/**
 * Upload (init-upload + 6 part PUTs of 8 MiB at a time + complete-upload, until STORED)
 * against `cp` + `sync` of the same file on the same filesystem (STORED means flushed to
 * disk). Beside it, on the same parts with the same client: a bare node:http sink that pipes
 * each part to its offset and fsyncs once (what any Node server pays), and the service's and
 * the sink's CPU seconds per GiB, which other work on the machine barely changes. The part
 * client is curl where installed (cheap, so the server is what is measured), else node:http;
 * the service is also timed with a node:http client. Best of N for each side; runs alternate.
 */
export async function measureUploads(
  ctx: BenchContext,
  service: BenchService,
  client: FfdeskClient,
  events: EventWatcher,
  source: string,
): Promise<UploadMeasures> {
  const dir = path.dirname(source);
  const curl = findTool('curl', ['/usr/bin/curl']);
  const partClient: PartClient = curl ? { kind: 'curl', curl, partsDir: path.join(dir, 'parts') } : { kind: 'node' };
  if (partClient.kind === 'curl') splitParts(source, PART_SIZE, partClient.partsDir);
  const sinkFile = path.join(dir, 'sink.bin');
  const sink = await startBaselineServer({ BENCH_UPLOAD_FILE: sinkFile });
  const splice = await startSpliceSink({ BENCH_UPLOAD_FILE: sinkFile });
  if (!splice) ctx.log('upload: python3 with os.splice not found: no splice(2) sink row');
  const size = ctx.sizes.transferBytes;
  const upload = async (via: PartClient): Promise<Upload & { fileId: string }> => {
    const cpu0 = cpuSeconds(service.pid);
    const started = performance.now();
    const { fileId, stages } = await uploadParts(client, source, { concurrency: PART_CONCURRENCY, partSize: PART_SIZE, partClient: via });
    const completed = performance.now();
    const stored = await events.fileStatus(fileId, 'STORED');
    if (stored.status !== 'STORED') throw new Error(`upload ${fileId} ended ${stored.status}`);
    return {
      fileId,
      seconds: (stored.atMs - started) / 1000,
      cpuPerGiB: perGiB(cpu0, cpuSeconds(service.pid), size),
      stages: { ...stages, storeMs: stored.atMs - completed },
    };
  };
  const toSink = async (server: BaselineServer = sink): Promise<Timed> => {
    const fd = fs.openSync(sinkFile, 'w');
    fs.ftruncateSync(fd, size);
    fs.closeSync(fd);
    const cpu0 = cpuSeconds(server.pid);
    const started = performance.now();
    const urls = Array.from({ length: Math.ceil(size / PART_SIZE) }, (_, i) => `${server.url}/sink/${i + 1}?part_size=${PART_SIZE}`);
    await putParts(partClient, urls, source, PART_SIZE, PART_CONCURRENCY);
    const synced = await fetch(`${server.url}/sink-sync`, { method: 'POST' });
    if (synced.status !== 204) throw new Error(`sink sync answered ${synced.status}`);
    return { seconds: (performance.now() - started) / 1000, cpuPerGiB: perGiB(cpu0, cpuSeconds(server.pid), size) };
  };
  const copy = () => timedCpSync(source, path.join(dir, 'copy.bin'));
  try {
    await copy(); // warm the page cache for every side
    const ups: Upload[] = [];
    const nodeUps: Upload[] = [];
    const sinks: Timed[] = [];
    const splices: Timed[] = [];
    const cps: { cp: number; cpSync: number }[] = [];
    let kept = '';
    const keep = async (fileId: string) => {
      if (kept) await client.deleteFile(kept); // keep the disk use bounded: one stored copy at a time
      kept = fileId;
    };
    const rssBefore = service.rss.current();
    const end = service.rss.window();
    for (let i = 0; i < ctx.sizes.transferRuns; i++) {
      cps.push(await copy());
      const u = await upload(partClient);
      ups.push(u);
      await keep(u.fileId);
      sinks.push(await toSink());
      if (splice) splices.push(await toSink(splice));
      if (partClient.kind === 'curl') {
        const n = await upload({ kind: 'node' });
        nodeUps.push(n);
        await keep(n.fileId);
      }
      const c = cps[i] as { cp: number; cpSync: number };
      ctx.log(
        `upload: ${fmtSeconds(u.seconds)} (${stagesText(u)}), node:http sink ${fmtSeconds((sinks[i] as Timed).seconds)}${splice ? `, splice sink ${fmtSeconds((splices[i] as Timed).seconds)}` : ''}, cp ${fmtSeconds(c.cp)}, cp + sync ${fmtSeconds(c.cpSync)}`,
      );
    }
    const rss = { peak: end(), before: rssBefore };
    return { keptFileId: kept, rows: rows(ctx, partClient.kind, { ups, nodeUps, sinks, splices, cps }, rss) };
  } finally {
    fs.rmSync(path.join(dir, 'copy.bin'), { force: true });
    fs.rmSync(sinkFile, { force: true });
    if (partClient.kind === 'curl') fs.rmSync(partClient.partsDir, { recursive: true, force: true });
    await sink.stop();
    await splice?.stop();
  }
}

function perGiB(before: number | null, after: number | null, bytes: number): number | null {
  return before === null || after === null ? null : (after - before) / (bytes / GiB);
}

const fastest = <T extends { seconds: number }>(xs: T[]): T => xs.reduce((a, b) => (b.seconds < a.seconds ? b : a));
const leastCpu = (xs: Timed[]): number | null => {
  const known = xs.map((x) => x.cpuPerGiB).filter((c): c is number => c !== null);
  return known.length ? Math.min(...known) : null;
};
const fmtCpu = (c: number | null) => (c === null ? 'unknown' : `${c.toFixed(2)} CPU s/GiB`);

function stagesText(u: Upload): string {
  const s = u.stages;
  return (
    `init ${fmtMs(s.initMs)}, parts ${fmtMs(s.partsMs)} (service per part, summed: receive+write ${fmtMs(s.server.receive ?? 0)}, ` +
    `hash ${fmtMs(s.server.hash ?? 0)}), complete ${fmtMs(s.completeMs)}, complete → STORED ${fmtMs(s.storeMs)} (probe beside fsync, rename); ` +
    `service ${fmtCpu(u.cpuPerGiB)}`
  );
}

function growthText(rss: { peak: number | null; before: number | null }): string {
  if (rss.peak === null || rss.before === null) return 'unknown';
  return `+${((rss.peak - rss.before) / MiB).toFixed(0)} MiB (from ${(rss.before / MiB).toFixed(0)} MiB)`;
}

export function growthRow(figure: string, rss: { peak: number | null; before: number | null }): Row {
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

interface Runs {
  ups: Upload[];
  nodeUps: Upload[];
  sinks: Timed[];
  /** The splice(2) sink (servers/splice-sink.py), empty without python3's os.splice. */
  splices: Timed[];
  cps: { cp: number; cpSync: number }[];
}

function rows(ctx: BenchContext, clientKind: PartClient['kind'], r: Runs, rss: { peak: number | null; before: number | null }): Row[] {
  const size = ctx.sizes.transferBytes;
  const n = ctx.sizes.transferRuns;
  const up = fastest(r.ups);
  const sink = fastest(r.sinks);
  const cpSync = Math.min(...r.cps.map((c) => c.cpSync));
  const cp = Math.min(...r.cps.map((c) => c.cp));
  const parts = Math.ceil(size / PART_SIZE);
  const client = clientKind === 'curl' ? 'curl --parallel' : 'node:http';
  const nodeText = r.nodeUps.length ? `; with a node:http client ${fmtRate(size / fastest(r.nodeUps).seconds)}` : '';
  const serviceCpu = leastCpu(r.ups);
  const sinkCpu = leastCpu(r.sinks);
  return [
    {
      figure: `upload ${fmtBytes(size)}: init + ${parts} × ${fmtBytes(PART_SIZE)} parts, ${PART_CONCURRENCY} PUTs at a time (${client}) + complete → STORED`,
      ffdesk: `${fmtSeconds(up.seconds)} = ${fmtRate(size / up.seconds)} (best of ${n})${nodeText}`,
      baseline: `cp + sync ${fmtSeconds(cpSync)} = ${fmtRate(size / cpSync)} (cp alone ${fmtSeconds(cp)}); bare node:http sink + fsync ${fmtRate(size / sink.seconds)}`,
      ratio: cpSync / up.seconds,
      target: '≥ 0.80×',
      result: judge(cpSync / up.seconds, '>=', 0.8),
      peakRssBytes: rss.peak,
      stages: stagesText(up),
      data: {
        client: clientKind,
        upload_seconds: r.ups.map((u) => u.seconds),
        upload_stages: r.ups.map((u) => u.stages),
        node_client_upload_seconds: r.nodeUps.map((u) => u.seconds),
        sink_seconds: r.sinks.map((s) => s.seconds),
        cp_seconds: r.cps.map((c) => c.cp),
        cp_sync_seconds: r.cps.map((c) => c.cpSync),
      },
    },
    {
      figure: `upload ${fmtBytes(size)}: server CPU seconds per GiB (user + system, least of ${n})`,
      ffdesk: fmtCpu(serviceCpu),
      baseline: `bare node:http sink ${fmtCpu(sinkCpu)}`,
      ratio: serviceCpu !== null && sinkCpu !== null ? serviceCpu / sinkCpu : null,
      target: '—',
      result: 'info',
      peakRssBytes: null,
      data: {
        service_cpu_s_per_gib: r.ups.map((u) => u.cpuPerGiB),
        sink_cpu_s_per_gib: r.sinks.map((s) => s.cpuPerGiB),
        node_client_service_cpu_s_per_gib: r.nodeUps.map((u) => u.cpuPerGiB),
      },
    },
    ...spliceRows(ctx, r, client),
    growthRow(`upload ${fmtBytes(size)}: peak RSS growth`, rss),
  ];
}

/** What a receiver that keeps the bytes out of user space reaches with the same client and parts. */
function spliceRows(ctx: BenchContext, r: Runs, client: string): Row[] {
  if (!r.splices.length) return [];
  const size = ctx.sizes.transferBytes;
  const best = fastest(r.splices);
  const sink = fastest(r.sinks);
  const cpSync = Math.min(...r.cps.map((c) => c.cpSync));
  return [
    {
      figure: `upload ${fmtBytes(size)}: the same parts (${client}) into a splice(2) sink (socket → pipe → file, python3) + fsync`,
      ffdesk: '—',
      baseline: `${fmtSeconds(best.seconds)} = ${fmtRate(size / best.seconds)}, ${fmtCpu(leastCpu(r.splices))}; bare node:http sink ${fmtRate(size / sink.seconds)}, ${fmtCpu(leastCpu(r.sinks))}`,
      ratio: cpSync / best.seconds,
      target: 'info (splice sink vs cp + sync)',
      result: 'info',
      peakRssBytes: null,
      data: { splice_seconds: r.splices.map((s) => s.seconds), splice_cpu_s_per_gib: r.splices.map((s) => s.cpuPerGiB) },
    },
  ];
}

/** Incompressible bytes, written in 16 MiB blocks (each block fresh, so nothing dedupes). */
export async function writeRandomFile(file: string, size: number): Promise<void> {
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
