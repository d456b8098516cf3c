import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { clientFor, runTimed, watchEvents } from '../lib/api';
import { startBaselineServer } from '../lib/baseline-server';
import type { BenchContext, Scenario } from '../lib/context';
import { makeClip } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { judge, type Row } from '../lib/report';
import { startService } from '../lib/service';

const CONNECTIONS = 64;

/**
 * `GET /v1/commands/{id}` of a finished command (with its output file) hammered at 64
 * keep-alive connections by autocannon, against a bare node:http server (its own process)
 * answering the very same JSON bytes from memory.
 */
export const pollLoadScenario: Scenario = {
  name: 'poll',
  async run(ctx) {
    const dir = ctx.dir('poll');
    const clip = path.join(dir, 'tiny.mp4');
    await makeClip(clip, { seconds: 1, width: 320, height: 240, fps: 25 });
    const service = await startService(ctx.dir('poll-data'));
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
      const pollUrl = `${service.url}/v1/commands/${record.command_id}`;
      const body = await (await fetch(pollUrl, { headers: { 'X-API-KEY': service.key } })).text();
      const jsonFile = path.join(dir, 'poll.json');
      fs.writeFileSync(jsonFile, body);
      const headers = { 'X-API-KEY': service.key };

      await load(pollUrl, headers, 1); // warm-up: JIT, statement cache
      const end = service.rss.window();
      const ffdesk = await load(pollUrl, headers, ctx.sizes.pollSeconds);
      const rss = end();
      const bare = await startBaselineServer({ BENCH_JSON_FILE: jsonFile });
      let baseline;
      try {
        await load(`${bare.url}/v1/commands/${record.command_id}`, headers, 1);
        baseline = await load(`${bare.url}/v1/commands/${record.command_id}`, headers, ctx.sizes.pollSeconds);
      } finally {
        await bare.stop();
      }
      ctx.log(`poll: FFDesk ${ffdesk.rps.toFixed(0)} req/s p99 ${ffdesk.p99} ms; bare ${baseline.rps.toFixed(0)} req/s p99 ${baseline.p99} ms`);
      return rows(ctx, ffdesk, baseline, rss, body.length);
    } finally {
      await service.stop();
    }
  },
};

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, r) => {
      if (err) reject(err);
      else resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

function rows(ctx: BenchContext, ffdesk: Load, baseline: Load, rss: number | null, bodyBytes: number): Row[] {
  const ratio = ffdesk.rps / baseline.rps;
  const broken = ffdesk.non2xx + ffdesk.errors > 0;
  const data = { ffdesk, baseline, body_bytes: bodyBytes, seconds: ctx.sizes.pollSeconds, connections: CONNECTIONS };
  return [
    {
      figure: `poll GET /v1/commands/{id}, ${CONNECTIONS} connections, ${ctx.sizes.pollSeconds} s (autocannon): throughput`,
      ffdesk: `${ffdesk.rps.toFixed(0)} req/s${broken ? ` (${ffdesk.non2xx} non-2xx, ${ffdesk.errors} errors)` : ''}`,
      baseline: `${baseline.rps.toFixed(0)} req/s bare node:http`,
      ratio,
      target: '≥ 0.50×',
      result: broken ? 'miss' : judge(ratio, '>=', 0.5),
      peakRssBytes: rss,
      data,
    },
    {
      figure: `poll at ${CONNECTIONS} connections: p99 latency`,
      ffdesk: `p99 ${ffdesk.p99} ms (p50 ${ffdesk.p50} ms)`,
      baseline: `p99 ${baseline.p99} ms (p50 ${baseline.p50} ms)`,
      ratio: null,
      target: '≤ 10 ms',
      result: judge(ffdesk.p99, '<=', 10),
      peakRssBytes: rss,
    },
  ];
}
