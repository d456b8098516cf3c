import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientFor, runTimed, watchEvents } from '../lib/api';
import type { BenchContext, Scenario } from '../lib/context';
import { makeClip } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { judge, type Row } from '../lib/report';
import { seedDatabase } from '../lib/seed';
import { startService, type BenchService } from '../lib/service';
import { fmtMs, median, percentile } from '../lib/stats';

/**
 * The service with `dbRows` commands and `dbRows` files: start-up until listening (best of
 * N), and sequential keep-alive latency of the list pages and of a poll (median judged, p99
 * shown). Submit latency and a deep list page are shown for information.
 */
export const bigDbScenario: Scenario = {
  name: 'big-db',
  async run(ctx) {
    const dataDir = ctx.dir('big-db-data');
    const clip = path.join(ctx.dir('big-db'), 'clip.mp4');
    await makeClip(clip, { seconds: 2, width: 640, height: 360, fps: 30 });
    let service = await startService(dataDir);
    const key = service.key;
    const template = await makeTemplate(service, clip);
    await service.stop();
    const emptyStartups = await restarts(dataDir, key, 2);
    const t = performance.now();
    seedDatabase(dataDir, ctx.sizes.dbRows, template);
    ctx.log(`big-db: seeded ${ctx.sizes.dbRows} commands + ${ctx.sizes.dbRows} files in ${fmtMs(performance.now() - t)}`);
    const startups = await restarts(dataDir, key, ctx.sizes.startupRuns);
    service = await startService(dataDir, { key });
    try {
      const startupRss = service.rss.peak();
      const end = service.rss.window();
      const m = await measureLatencies(ctx, service);
      const rss = end();
      return rows(ctx, { ...m, startups, emptyStartups, startupRss, rss });
    } finally {
      await service.stop();
    }
  },
};

async function makeTemplate(service: BenchService, clip: string): Promise<{ commandId: string; fileId: string }> {
  const client = clientFor(service);
  const events = watchEvents(client);
  try {
    await events.ready;
    const { storageUrl } = await storeInput(client, events, clip);
    const { record } = await runTimed(client, events, {
      input_files: { in_1: storageUrl },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-i {{in_1}} -c:v libx264 -preset veryfast -c:a aac {{out_1}}',
    });
    return { commandId: record.command_id, fileId: record.output_files?.out_1?.file_id as string };
  } finally {
    events.close();
  }
}

/** Starts as users start it (`launch.cjs`: the bundle), not through tsx. */
async function restarts(dataDir: string, key: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = await startService(dataDir, { key, launcher: 'launch-cjs' });
    out.push(s.startupMs);
    await s.stop();
  }
  return out;
}

interface Latency {
  median: number;
  p99: number;
}

async function measureLatencies(ctx: BenchContext, service: BenchService) {
  const headers = { 'X-API-KEY': service.key };
  const ids = ((await (await fetch(`${service.url}/v1/commands?limit=1000`, { headers })).json()) as { command_id: string }[]).map((c) => c.command_id);
  const n = ctx.sizes.latencySamples;
  const get = (p: () => string) =>
    sample(n, async () => {
      const res = await fetch(`${service.url}${p()}`, { headers });
      if (!res.ok) throw new Error(`GET ${p()} answered ${res.status}`);
      await res.arrayBuffer();
    });
  const listCommands = await get(() => '/v1/commands?limit=50');
  const listFiles = await get(() => '/v1/files?limit=50');
  const poll = await get(() => `/v1/commands/${ids[Math.floor(Math.random() * ids.length)]}`);
  const deepPage = await get(() => `/v1/commands?limit=50&offset=${Math.floor(ctx.sizes.dbRows / 2)}`);
  const body = JSON.stringify({
    input_files: { in_1: 'http://127.0.0.1:9/missing.mp4' },
    output_files: { out_1: 'o.mp4' },
    ffmpeg_command: '-i {{in_1}} {{out_1}}',
  });
  const submit = await sample(Math.min(50, n), async () => {
    const res = await fetch(`${service.url}/v1/run-ffmpeg-command`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body });
    if (!res.ok) throw new Error(`submit answered ${res.status}`);
    await res.arrayBuffer();
  });
  ctx.log(
    `big-db: list ${fmtMs(listCommands.median)}, files ${fmtMs(listFiles.median)}, poll ${fmtMs(poll.median)}, deep page ${fmtMs(deepPage.median)}, submit ${fmtMs(submit.median)}`,
  );
  return { listCommands, listFiles, poll, deepPage, submit };
}

/** Sequential requests over one keep-alive connection; 20 warm-up requests are not counted. */
async function sample(n: number, once: () => Promise<void>): Promise<Latency> {
  for (let i = 0; i < 20; i++) await once();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await once();
    ms.push(performance.now() - t);
  }
  return { median: median(ms), p99: percentile(ms, 99) };
}

function rows(
  ctx: BenchContext,
  r: Awaited<ReturnType<typeof measureLatencies>> & { startups: number[]; emptyStartups: number[]; startupRss: number | null; rss: number | null },
): Row[] {
  const k = `${ctx.sizes.dbRows / 1000}k`;
  const lat = (figure: string, l: Latency, limit: number | null): Row => ({
    figure,
    ffdesk: `${fmtMs(l.median)} median, p99 ${fmtMs(l.p99)}`,
    baseline: '—',
    ratio: null,
    target: limit === null ? '— (info)' : `≤ ${limit} ms median`,
    result: limit === null ? 'info' : judge(l.median, '<=', limit),
    peakRssBytes: r.rss,
    data: { ...l },
  });
  const startup = Math.min(...r.startups); // best of N: other work on the machine only adds time
  return [
    lat(`${k} commands + ${k} files: list page GET /v1/commands?limit=50`, r.listCommands, 20),
    lat(`${k}: list page GET /v1/files?limit=50`, r.listFiles, 20),
    lat(`${k}: poll GET /v1/commands/{id} (random ids)`, r.poll, 2),
    lat(`${k}: list page at offset ${ctx.sizes.dbRows / 2}`, r.deepPage, null),
    lat(`${k}: submit POST /v1/run-ffmpeg-command`, r.submit, null),
    {
      figure: `${k}: start-up to listening (\`node src-service/cli/launch.cjs serve\`: the bundle)`,
      ffdesk: `${fmtMs(startup)} best of ${r.startups.length} (median ${fmtMs(median(r.startups))})`,
      baseline: `empty database ${fmtMs(Math.min(...r.emptyStartups))}`,
      ratio: null,
      target: '≤ 1 s',
      result: judge(startup, '<=', 1000),
      peakRssBytes: r.startupRss,
      data: { startup_ms: r.startups, empty_db_startup_ms: r.emptyStartups },
    },
  ];
}
