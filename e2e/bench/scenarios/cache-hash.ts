import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { RunCommandRequest } from '../../../src-service/client/index';
import { clientFor, runTimed, watchEvents, type TimedRun } from '../lib/api';
import type { Scenario } from '../lib/context';
import { makeClip } from '../lib/ffmpeg';
import { judge, type Row } from '../lib/report';
import { startService } from '../lib/service';
import { fmtMs, fmtSeconds, median } from '../lib/stats';

const ENCODE = '-c:v libx264 -preset veryfast -an';

/**
 * What the result cache costs when it misses (every input hashed), against the same job with
 * the cache off, and what a hit saves. The input comes by URL from a local server, so it is
 * downloaded and hashed on every run (stored inputs are hashed once and remembered).
 * Each miss gets its own output name, so no run can hit an earlier one.
 */
export const cacheHashScenario: Scenario = {
  name: 'cache-hash',
  async run(ctx) {
    const dir = ctx.dir('cache-hash');
    const clip = path.join(dir, 'clip.mp4');
    await makeClip(clip, { seconds: ctx.quick ? 4 : 10, width: 1280, height: 720, fps: 30 });
    const server = await serveFile(clip);
    const service = await startService(ctx.dir('cache-hash-data'));
    const client = clientFor(service);
    const events = watchEvents(client);
    await events.ready;
    try {
      const body = (out: string, cache: boolean) =>
        ({ input_files: { in_1: server.url }, output_files: { out_1: out }, ffmpeg_command: `-i {{in_1}} ${ENCODE} {{out_1}}`, cache }) as RunCommandRequest;
      await runTimed(client, events, body('warm.mp4', false));
      const off: TimedRun[] = [];
      const miss: TimedRun[] = [];
      const runs = ctx.quick ? 3 : 5;
      for (let i = 0; i < runs; i++) {
        // Alternating, so drift in machine load hits both alike.
        if (i % 2 === 0) off.push(await runTimed(client, events, body(`off-${i}.mp4`, false)));
        miss.push(await runTimed(client, events, body(`miss-${i}.mp4`, true)));
        if (i % 2 === 1) off.push(await runTimed(client, events, body(`off-${i}.mp4`, false)));
      }
      const hits = [];
      for (let i = 0; i < runs; i++) hits.push(await runTimed(client, events, body('miss-0.mp4', true)));
      return rows(off, miss, hits, fs.statSync(clip).size);
    } finally {
      events.close();
      await service.stop();
      server.close();
    }
  },
};

function rows(off: TimedRun[], miss: TimedRun[], hits: TimedRun[], inputBytes: number): Row[] {
  const total = (r: TimedRun) => r.record.total_processing_seconds ?? r.wallSeconds;
  const bestOff = Math.min(...off.map(total));
  const bestMiss = Math.min(...miss.map(total));
  const ratio = bestMiss / bestOff;
  const bestHit = Math.min(...hits.map((r) => r.wallSeconds));
  const bestOffWall = Math.min(...off.map((r) => r.wallSeconds));
  return [
    {
      figure: `result cache on, miss (input ${(inputBytes / 1048576).toFixed(1)} MiB by URL hashed) vs cache off, total_processing_seconds`,
      ffdesk: `${fmtSeconds(bestMiss)} best of ${miss.length}`,
      baseline: `${fmtSeconds(bestOff)} cache off, best of ${off.length}`,
      ratio,
      target: '≤ 1.05×',
      result: judge(ratio, '<=', 1.05),
      peakRssBytes: null,
      data: {
        off_seconds: off.map(total),
        miss_seconds: miss.map(total),
        hashing_overhead_ms_median: (median(miss.map(total)) - median(off.map(total))) * 1000,
      },
    },
    {
      figure: 'result cache hit vs the same job run, submit → SUCCESS seen',
      ffdesk: `${fmtMs(bestHit * 1000)} best of ${hits.length}`,
      baseline: `${fmtSeconds(bestOffWall)} full run`,
      ratio: bestHit / bestOffWall,
      target: 'info',
      result: 'info',
      peakRssBytes: null,
      data: { hit_wall_seconds: hits.map((r) => r.wallSeconds), cache_hit: hits.every((r) => (r.record as { cache_hit?: boolean }).cache_hit === true) },
    },
  ];
}

function serveFile(file: string): Promise<{ url: string; close(): void }> {
  const size = fs.statSync(file).size;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/clip.mp4`, close: () => server.close() });
    }),
  );
}
