import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientFor, runTimed, watchEvents, type EventWatcher } from '../lib/api';
import type { BenchContext, Scenario } from '../lib/context';
import { makeClip } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import type { Row } from '../lib/report';
import { REPO_ROOT, startService, type BenchService } from '../lib/service';
import { fmtMs, fmtSeconds, median } from '../lib/stats';
import { hasRedisServer, startRedis } from '../../../src-service/testing/redis';
import { openDatabase } from '../../../src-service/db/open';
import { createWorkersRepo } from '../../../src-service/scale-out/workers-repo';
import type { FfdeskClient } from '../../../src-service/client';

/** Jobs paced by -re, so they last as long as their input on any machine: only the added overhead differs. */
const PACED = '-re -i {{in_1}} -c:v libx264 -preset ultrafast -c:a aac {{out_1}}';
const SMALL = '-i {{in_1}} -t 1 -c:v libx264 -preset ultrafast -an {{out_1}}';

/**
 * Scale-out (docs/scale-out.md): per-job overhead of the queue and the two byte moves against
 * the embedded runner, for a ~1 s and a ~10 s (quick: ~3 s) job; and N small jobs through 1
 * worker and then 2 workers. Needs redis-server; without it the rows say so.
 */
export const scaleOutScenario: Scenario = {
  name: 'scale-out',
  async run(ctx) {
    if (!hasRedisServer()) return [info('scale-out', 'skipped: redis-server is not installed')];
    const dir = ctx.dir('scale-out');
    const longSeconds = ctx.quick ? 3 : 10;
    const clips = { short: path.join(dir, 'short.mp4'), long: path.join(dir, 'long.mp4'), small: path.join(dir, 'small.mp4') };
    await makeClip(clips.short, { seconds: 1, width: 1280, height: 720, fps: 30 });
    await makeClip(clips.long, { seconds: longSeconds, width: 1280, height: 720, fps: 30 });
    await makeClip(clips.small, { seconds: 1, width: 320, height: 240, fps: 25 });
    const redisDir = ctx.dir('scale-out-redis');
    const redis = await startRedis(redisDir);
    const embedded = await startService(ctx.dir('scale-out-embedded'));
    const queued = await startService(ctx.dir('scale-out-queued'), { env: { FFDESK_REDIS_URL: redis.url } });
    const token = issueToken(queued.dataDir);
    const workers: Started[] = [];
    try {
      workers.push(await startWorker(queued.url, redis.url, token, ctx.dir('scale-out-w1')));
      const runs = ctx.quick ? 2 : 3;
      const rows = [
        await overheadRow(ctx, embedded, queued, clips.short, '~1 s', runs),
        await overheadRow(ctx, embedded, queued, clips.long, `~${longSeconds} s`, runs),
      ];
      const n = ctx.quick ? 12 : 40;
      const one = await throughput(queued, clips.small, n);
      workers.push(await startWorker(queued.url, redis.url, token, ctx.dir('scale-out-w2')));
      await throughput(queued, clips.small, 4); // warm-up of the new worker, not counted
      const two = await throughput(queued, clips.small, n);
      rows.push({
        figure: `${n} small jobs (320×240 1 s → H.264), 2 workers vs 1 (vcpus 1 each, same machine)`,
        ffdesk: `${fmtSeconds(two)} with 2 workers`,
        baseline: `${fmtSeconds(one)} with 1 worker`,
        ratio: two / one,
        target: 'info (< 1 when the machine has a core per worker)',
        result: 'info',
        peakRssBytes: null,
        data: { one_worker_seconds: one, two_workers_seconds: two, jobs: n },
      });
      return rows;
    } finally {
      for (const w of workers) await w.stop();
      await queued.stop();
      await embedded.stop();
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

function info(figure: string, text: string): Row {
  return { figure, ffdesk: text, baseline: '—', ratio: null, target: 'info', result: 'info', peakRssBytes: null };
}

function issueToken(dataDir: string): string {
  const db = openDatabase(dataDir);
  try {
    return createWorkersRepo(db).createToken('bench').token;
  } finally {
    db.close();
  }
}

async function withEvents<T>(service: BenchService, fn: (client: FfdeskClient, events: EventWatcher) => Promise<T>): Promise<T> {
  const client = clientFor(service);
  const events = watchEvents(client);
  await events.ready;
  try {
    return await fn(client, events);
  } finally {
    events.close();
  }
}

/** Best of N submit → SUCCESS on each side, alternating; the difference is what the queue and the byte moves add. */
async function overheadRow(ctx: BenchContext, embedded: BenchService, queued: BenchService, clip: string, label: string, runs: number): Promise<Row> {
  const e: number[] = [];
  const q: number[] = [];
  await withEvents(embedded, async (ec, ee) =>
    withEvents(queued, async (qc, qe) => {
      const eUrl = (await storeInput(ec, ee, clip)).storageUrl;
      const qUrl = (await storeInput(qc, qe, clip)).storageUrl;
      const body = (url: string) => ({ input_files: { in_1: url }, output_files: { out_1: 'out.mp4' }, ffmpeg_command: PACED });
      await runTimed(qc, qe, body(qUrl)); // warm-up (worker connections, page cache), not counted
      for (let i = 0; i < runs; i++) {
        e.push((await runTimed(ec, ee, body(eUrl))).wallSeconds);
        q.push((await runTimed(qc, qe, body(qUrl))).wallSeconds);
      }
    }),
  );
  const best = { e: Math.min(...e), q: Math.min(...q) };
  ctx.log(`scale-out: ${label} job embedded ${fmtSeconds(best.e)}, through a worker ${fmtSeconds(best.q)}`);
  return {
    figure: `scale-out: ${label} job (720p, paced), added per-job overhead of the queue + 2 byte moves`,
    ffdesk: `${fmtSeconds(best.q)} via worker, +${fmtMs((best.q - best.e) * 1000)}`,
    baseline: `${fmtSeconds(best.e)} embedded runner`,
    ratio: best.q / best.e,
    target: 'info',
    result: 'info',
    peakRssBytes: null,
    data: { worker_seconds: q, embedded_seconds: e, added_ms_median: (median(q) - median(e)) * 1000, fs_bytes: fs.statSync(clip).size },
  };
}

async function throughput(service: BenchService, clip: string, n: number): Promise<number> {
  return withEvents(service, async (client, events) => {
    const url = (await storeInput(client, events, clip)).storageUrl;
    const started = performance.now();
    const ids = [];
    for (let i = 0; i < n; i++)
      ids.push((await client.runCommand({ input_files: { in_1: url }, output_files: { out_1: 'o.mp4' }, ffmpeg_command: SMALL, vcpu_count: 1 })).command_id);
    const finals = await Promise.all(ids.map((id) => events.commandFinal(id)));
    const failed = finals.filter((f) => f.status !== 'SUCCESS').length;
    if (failed) throw new Error(`${failed} of ${n} small jobs failed through the workers`);
    return (Math.max(...finals.map((f) => f.atMs)) - started) / 1000;
  });
}

interface Started {
  stop(): Promise<void>;
}

/** `ffdesk worker` as its own process group with a vCPU budget of 1. */
async function startWorker(serviceUrl: string, redisUrl: string, token: string, workDir: string): Promise<Started> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src-service/cli/main.ts',
      'worker',
      '--service',
      serviceUrl,
      '--redis',
      redisUrl,
      '--token',
      token,
      '--vcpus',
      '1',
      '--work-dir',
      workDir,
    ],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${out}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (/FFDesk worker \S+ ready/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}:\n${out}`)));
  });
  return {
    async stop() {
      if (child.exitCode !== null) return;
      process.kill(-(child.pid as number), 'SIGTERM');
      await exited;
    },
  };
}
