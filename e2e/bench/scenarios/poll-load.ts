import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { clientFor, runTimed, watchEvents } from '../lib/api';
import { startBaselineServer } from '../lib/baseline-server';
import type { BenchContext, Scenario } from '../lib/context';
import { mainThreadProfile, profileLine, summarizeProfile } from '../lib/cpu-profile';
import { makeClip } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { judge, type Row } from '../lib/report';
import { startService, type BenchService } from '../lib/service';
import { findWrk, runWrk, type WrkResult } from '../lib/wrk';

const CONNECTIONS = 64;

/**
 * `GET /v1/commands/{id}` of a finished command (with its output file) hammered at 64
 * keep-alive connections, against a bare node:http server (its own process) answering the
 * very same JSON bytes from memory. Loaded by wrk (a C client on one thread, so the server is
 * what is measured) where installed, and by autocannon (in this Node process) beside it.
 * A second, short run under `--cpu-prof` shows where the service's time goes.
 */
export const pollLoadScenario: Scenario = {
  name: 'poll',
  async run(ctx) {
    const dir = ctx.dir('poll');
    const clip = path.join(dir, 'tiny.mp4');
    await makeClip(clip, { seconds: 1, width: 320, height: 240, fps: 25 });
    const wrk = findWrk();
    if (!wrk) ctx.log('poll: wrk not installed (Debian: wrk): throughput is judged on autocannon alone');
    const key = `bench_poll_${Date.now()}`;
    const prepared = await prepare(ctx, clip, key);
    const service = prepared.service;
    const pollPath = `/v1/commands/${prepared.commandId}`;
    const headers = { 'X-API-KEY': key };
    const jsonFile = path.join(dir, 'poll.json');
    let ffdesk: Loads;
    let baseline: Loads;
    let rss: number | null;
    try {
      const body = await (await fetch(`${service.url}${pollPath}`, { headers })).text();
      fs.writeFileSync(jsonFile, body);
      await autocannonLoad(`${service.url}${pollPath}`, headers, 1); // warm-up: JIT, caches
      const end = service.rss.window();
      ffdesk = await loads(ctx, wrk, `${service.url}${pollPath}`, headers);
      rss = end();
    } finally {
      await service.stop();
    }
    const bare = await startBaselineServer({ BENCH_JSON_FILE: jsonFile });
    try {
      await autocannonLoad(`${bare.url}${pollPath}`, headers, 1);
      baseline = await loads(ctx, wrk, `${bare.url}${pollPath}`, headers);
    } finally {
      await bare.stop();
    }
    const profile = await profiledRun(ctx, prepared.dataDir, key, pollPath, wrk);
    ctx.log(`poll: FFDesk ${fmtLoads(ffdesk)}; bare ${fmtLoads(baseline)}`);
    return rows(ctx, ffdesk, baseline, rss, fs.statSync(jsonFile).size, profile);
  },
};

/** A service with one finished command (its output stored), ready to be polled. */
async function prepare(ctx: BenchContext, clip: string, key: string): Promise<{ service: BenchService; dataDir: string; commandId: string }> {
  const dataDir = ctx.dir('poll-data');
  const service = await startService(dataDir, { key });
  try {
    const client = clientFor(service);
    const events = watchEvents(client);
    await events.ready;
    const { storageUrl } = await storeInput(client, events, clip);
    const { record } = await runTimed(client, events, {
      input_files: { in_1: storageUrl },
      output_files: { out_1: 'thumb.jpg' },
      ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}',
    });
    events.close();
    return { service, dataDir, commandId: record.command_id };
  } catch (err) {
    await service.stop();
    throw err;
  }
}

/** The same data dir again, under `--cpu-prof`, loaded for a short while: the profile's top functions. */
async function profiledRun(ctx: BenchContext, dataDir: string, key: string, pollPath: string, wrk: string | null): Promise<string> {
  const profDir = ctx.dir('poll-profile');
  const service = await startService(dataDir, { key, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
  const url = `${service.url}${pollPath}`;
  const seconds = ctx.quick ? 1 : 3;
  try {
    await fetch(url, { headers: { 'X-API-KEY': key } }); // fills the cache
    if (wrk) await runWrk(wrk, url, { 'X-API-KEY': key }, CONNECTIONS, seconds);
    else await autocannonLoad(url, { 'X-API-KEY': key }, seconds);
  } finally {
    await service.stop();
  }
  const file = mainThreadProfile(profDir);
  // The last seconds of the profile are the load (the stop follows at once); start-up is left out.
  return file
    ? `${profileLine(summarizeProfile(file, 8, { lastMs: seconds * 1000 }), 6)} (--cpu-prof, ${seconds} s of ${wrk ? 'wrk' : 'autocannon'})`
    : 'no profile written';
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Loads {
  autocannon: Load;
  wrk: WrkResult | null;
}

async function loads(ctx: BenchContext, wrk: string | null, url: string, headers: Record<string, string>): Promise<Loads> {
  const w = wrk ? await runWrk(wrk, url, headers, CONNECTIONS, ctx.sizes.pollSeconds) : null;
  const a = await autocannonLoad(url, headers, ctx.sizes.pollSeconds);
  return { autocannon: a, wrk: w };
}

function autocannonLoad(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, r) => {
      if (err) reject(err);
      else resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors });
    });
  });
}

const fmtLoads = (l: Loads) =>
  `${l.wrk ? `wrk ${l.wrk.rps.toFixed(0)} req/s p99 ${l.wrk.p99.toFixed(2)} ms, ` : ''}autocannon ${l.autocannon.rps.toFixed(0)} req/s p99 ${l.autocannon.p99} ms`;

function rows(ctx: BenchContext, ffdesk: Loads, baseline: Loads, rss: number | null, bodyBytes: number, profile: string): Row[] {
  const judged = (l: Loads) => l.wrk ?? l.autocannon;
  const tool = ffdesk.wrk ? 'wrk' : 'autocannon';
  const ratio = judged(ffdesk).rps / judged(baseline).rps;
  const acRatio = ffdesk.autocannon.rps / baseline.autocannon.rps;
  const errors = judged(ffdesk).errors + ffdesk.autocannon.errors;
  const data = { ffdesk, baseline, body_bytes: bodyBytes, seconds: ctx.sizes.pollSeconds, connections: CONNECTIONS, profile };
  return [
    {
      figure: `poll GET /v1/commands/{id}, ${CONNECTIONS} connections, ${ctx.sizes.pollSeconds} s (${tool}): throughput`,
      ffdesk: `${judged(ffdesk).rps.toFixed(0)} req/s${ffdesk.wrk ? `; autocannon ${ffdesk.autocannon.rps.toFixed(0)} (${acRatio.toFixed(2)}×)` : ''}${errors > 0 ? ` (${errors} errors/non-2xx)` : ''}`,
      baseline: `${judged(baseline).rps.toFixed(0)} req/s bare node:http${baseline.wrk ? `; autocannon ${baseline.autocannon.rps.toFixed(0)}` : ''}`,
      ratio,
      target: '≥ 0.70×',
      result: errors > 0 ? 'miss' : judge(ratio, '>=', 0.7),
      peakRssBytes: rss,
      stages: profile,
      data,
    },
    {
      figure: `poll at ${CONNECTIONS} connections: p99 latency (${tool})`,
      ffdesk: `p99 ${judged(ffdesk).p99.toFixed(2)} ms (p50 ${judged(ffdesk).p50.toFixed(2)} ms)`,
      baseline: `p99 ${judged(baseline).p99.toFixed(2)} ms (p50 ${judged(baseline).p50.toFixed(2)} ms)`,
      ratio: null,
      target: '≤ 5 ms',
      result: judge(judged(ffdesk).p99, '<=', 5),
      peakRssBytes: rss,
    },
  ];
}
