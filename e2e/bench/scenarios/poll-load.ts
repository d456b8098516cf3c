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
import { median } from '../lib/stats';
import { readCpuSeconds as cpuSeconds } from '../../../src-service/media/cpu-time';
import { findWrk, runWrk } from '../lib/wrk';

const CONNECTIONS = 64;
/** Rounds per side, alternating FFDesk and the bare server: the medians are judged. */
const ROUNDS = { full: 5, quick: 3 };

/**
 * `GET /v1/commands/{id}` of a finished command (with its output file) hammered at 64
 * keep-alive connections, against a bare node:http server (its own process) answering the
 * very same JSON bytes from memory. Both run at once, idle but for the side being loaded;
 * short rounds alternate between them, so load from other work falls on both alike, and the
 * medians of the rounds are compared. Loaded by wrk (a C client on one thread, so the server
 * is what is measured); by autocannon (in this Node process) where wrk is not installed.
 * A second, short run under `--cpu-prof` shows where the service's time goes.
 */
export const pollLoadScenario: Scenario = {
  name: 'poll',
  async run(ctx) {
    const dir = ctx.dir('poll');
    const clip = path.join(dir, 'tiny.mp4');
    await makeClip(clip, { seconds: 1, width: 320, height: 240, fps: 25 });
    const wrk = findWrk();
    if (!wrk) ctx.log('poll: wrk not installed (Debian: wrk): throughput is judged on autocannon');
    const key = `bench_poll_${Date.now()}`;
    const prepared = await prepare(ctx, clip, key);
    const service = prepared.service;
    const pollPath = `/v1/commands/${prepared.commandId}`;
    const headers = { 'X-API-KEY': key };
    const jsonFile = path.join(dir, 'poll.json');
    let rounds: Rounds;
    let rss: number | null;
    try {
      const body = await (await fetch(`${service.url}${pollPath}`, { headers })).text();
      fs.writeFileSync(jsonFile, body);
      const bare = await startBaselineServer({ BENCH_JSON_FILE: jsonFile });
      try {
        const load = (url: string, seconds: number) => (wrk ? runWrk(wrk, url, headers, CONNECTIONS, seconds) : autocannonLoad(url, headers, seconds));
        // Each round also takes the loaded process's CPU time: CPU µs per answer moves far less with other work than req/s.
        const measured = async (side: 'ffdesk' | 'bare', seconds: number): Promise<Load> => {
          const pid = side === 'ffdesk' ? service.pid : bare.pid;
          const cpu0 = cpuSeconds(pid);
          const r = await load(`${side === 'ffdesk' ? service.url : bare.url}${pollPath}`, seconds);
          const cpu1 = cpuSeconds(pid);
          return { ...r, cpuUs: cpu0 === null || cpu1 === null || !(r.rps > 0) ? null : ((cpu1 - cpu0) * 1e6) / (r.rps * seconds) };
        };
        await load(`${service.url}${pollPath}`, 1); // warm-up: JIT, caches
        await load(`${bare.url}${pollPath}`, 1);
        const end = service.rss.window();
        rounds = await interleaved(ctx, measured);
        rss = end();
      } finally {
        await bare.stop();
      }
    } finally {
      await service.stop();
    }
    const profile = await profiledRun(ctx, prepared.dataDir, key, pollPath, wrk);
    ctx.log(`poll: FFDesk ${fmtSide(rounds.ffdesk)}; bare ${fmtSide(rounds.bare)}`);
    return rows(wrk ? 'wrk' : 'autocannon', rounds, rss, fs.statSync(jsonFile).size, profile);
  },
};

interface Rounds {
  ffdesk: Load[];
  bare: Load[];
  seconds: number;
}

/** FFDesk, bare, FFDesk, bare, … (the order flips every round, so neither side always goes first). */
async function interleaved(ctx: BenchContext, load: (side: 'ffdesk' | 'bare', seconds: number) => Promise<Load>): Promise<Rounds> {
  const n = ctx.quick ? ROUNDS.quick : ROUNDS.full;
  const seconds = Math.max(1, Math.round(ctx.sizes.pollSeconds / n));
  const out: Rounds = { ffdesk: [], bare: [], seconds };
  for (let i = 0; i < n; i++) {
    for (const side of i % 2 === 0 ? (['ffdesk', 'bare'] as const) : (['bare', 'ffdesk'] as const)) out[side].push(await load(side, seconds));
  }
  return out;
}

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
  /** CPU µs (user + system, all threads) the loaded process spent per answer; null without /proc. */
  cpuUs?: number | null;
}

function autocannonLoad(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, r) => {
      if (err) reject(err);
      else resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors });
    });
  });
}

/** The medians over the rounds of one side. */
function medianLoad(xs: Load[]): Load {
  return {
    rps: median(xs.map((x) => x.rps)),
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    errors: xs.reduce((n, x) => n + x.errors, 0),
    cpuUs: xs.every((x) => typeof x.cpuUs === 'number') ? median(xs.map((x) => x.cpuUs as number)) : null,
  };
}

const fmtSide = (xs: Load[]) => xs.map((x) => `${x.rps.toFixed(0)} req/s p99 ${x.p99.toFixed(2)} ms`).join(', ');

function rows(tool: string, rounds: Rounds, rss: number | null, bodyBytes: number, profile: string): Row[] {
  const ffdesk = medianLoad(rounds.ffdesk);
  const bare = medianLoad(rounds.bare);
  const ratio = ffdesk.rps / bare.rps;
  const perRound = rounds.ffdesk.map((f, i) => f.rps / (rounds.bare[i] as Load).rps);
  const spread = `rounds ${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)}×`;
  const data = { rounds, ffdesk, bare, body_bytes: bodyBytes, connections: CONNECTIONS, profile };
  const shape = `${CONNECTIONS} connections, ${rounds.ffdesk.length} × ${rounds.seconds} s alternating (${tool})`;
  return [
    {
      figure: `poll GET /v1/commands/{id}, ${shape}: throughput, medians`,
      ffdesk: `${ffdesk.rps.toFixed(0)} req/s (${spread})${ffdesk.errors > 0 ? ` (${ffdesk.errors} errors/non-2xx)` : ''}`,
      baseline: `${bare.rps.toFixed(0)} req/s bare node:http, same bytes`,
      ratio,
      target: '≥ 0.80×',
      result: ffdesk.errors > 0 ? 'miss' : judge(ratio, '>=', 0.8),
      peakRssBytes: rss,
      stages: profile,
      data,
    },
    {
      figure: `poll at ${CONNECTIONS} connections: server CPU µs per answer (user + system), median of the rounds`,
      ffdesk: ffdesk.cpuUs == null ? 'unknown' : `${ffdesk.cpuUs.toFixed(1)} µs`,
      baseline: bare.cpuUs == null ? 'unknown' : `bare node:http ${bare.cpuUs.toFixed(1)} µs`,
      ratio: ffdesk.cpuUs != null && bare.cpuUs != null ? bare.cpuUs / ffdesk.cpuUs : null,
      target: 'info (bare ÷ FFDesk)',
      result: 'info',
      peakRssBytes: rss,
    },
    {
      figure: `poll at ${CONNECTIONS} connections: p99 latency (${tool}), median of the rounds`,
      ffdesk: `p99 ${ffdesk.p99.toFixed(2)} ms (p50 ${ffdesk.p50.toFixed(2)} ms)`,
      baseline: `p99 ${bare.p99.toFixed(2)} ms (p50 ${bare.p50.toFixed(2)} ms)`,
      ratio: null,
      target: '≤ 3 ms',
      result: judge(ffdesk.p99, '<=', 3),
      peakRssBytes: rss,
    },
  ];
}
