import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientFor, runTimed, watchEvents, type EventWatcher, type TimedRun } from '../lib/api';
import type { BenchContext, Scenario } from '../lib/context';
import { runFfmpeg } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { judge, type Row } from '../lib/report';
import { startService } from '../lib/service';
import { fmtSeconds } from '../lib/stats';
import { hasRedisServer, startRedis } from '../../../src-service/testing/redis';
import { startWorkerProcess, type WorkerProcess } from '../../../src-service/testing/worker-process';
import { openDatabase } from '../../../src-service/db/open';
import { createWorkersRepo } from '../../../src-service/scale-out/workers-repo';
import type { FfdeskClient } from '../../../src-service/client';
import { partsOf, describeParts, type SegmentedParts } from '../lib/segmented-parts';

/** A 1-core encode: x264's default preset with one thread, so a worker pinned to one core is one lane. */
const ENCODE = '-i {{in_1}} -c:v libx264 -preset medium -crf 23 -threads 1 -c:a aac -b:a 128k {{out_1}}';

/**
 * Segmented encodes (docs/scale-out.md, "Segmented encodes"): a 60 s 720p clip (quick: 20 s)
 * encoded with `-threads 1` through the queue, split into 10 s segments (quick: 5 s) across 2 workers
 * pinned to one core each (`--cores 0`, `--cores 1`), against the same command unsegmented on
 * one of them (target ≥ 1.8× faster); and the join's share of the segmented run (≤ 2 %). The
 * parts (plan, lanes, audio, join) go under the table for the on-paper speed-up for N workers.
 * Run alone: `npm run bench -- --only=segmented`.
 */
export const segmentedScenario: Scenario = {
  name: 'segmented',
  async run(ctx) {
    if (!hasRedisServer()) return [info('skipped: redis-server is not installed')];
    if (os.availableParallelism() < 2) return [info('skipped: needs 2 cores (one per worker)')];
    const seconds = ctx.quick ? 20 : 60;
    const segmentSeconds = ctx.quick ? 5 : 10;
    const clip = await makeClip(ctx, 'clip', { seconds, size: '1280x720' });
    const redis = await startRedis(ctx.dir('segmented-redis'));
    const service = await startService(ctx.dir('segmented-service'), { env: { FFDESK_REDIS_URL: redis.url } });
    const token = issueToken(service.dataDir);
    const workers: WorkerProcess[] = [];
    try {
      for (const core of ['0', '1'])
        workers.push(
          await startWorkerProcess({
            serviceUrl: service.url,
            redisUrl: redis.url,
            token,
            vcpus: 1,
            cores: core,
            workDir: ctx.dir(`segmented-w${core}`),
            stalledMs: 30_000,
          }),
        );
      return await withEvents(clientFor(service), (client, events) => measure(ctx, client, events, clip, { seconds, segmentSeconds }));
    } finally {
      for (const w of workers) await w.stop();
      await service.stop();
      await redis.stop();
    }
  },
};

async function measure(ctx: BenchContext, client: FfdeskClient, events: EventWatcher, clip: string, o: Sizes): Promise<Row[]> {
  const url = (await storeInput(client, events, clip)).storageUrl;
  const body = (segmented: boolean) => ({
    input_files: { in_1: url },
    output_files: { out_1: 'out.mp4' },
    ffmpeg_command: ENCODE,
    vcpu_count: 1,
    ...(segmented ? { segmented: { segment_seconds: o.segmentSeconds } } : {}),
  });
  const load = [os.loadavg()[0] as number];
  // Warm-up (both workers' first piece and input fetch, the join path), not counted.
  const small = (await storeInput(client, events, await makeClip(ctx, 'warm-up', { seconds: 4, size: '320x240' }))).storageUrl;
  await runTimed(client, events, { ...body(true), input_files: { in_1: small }, segmented: { segment_seconds: 2 } });
  const whole: TimedRun[] = [];
  const split: TimedRun[] = [];
  for (let i = 0; i < (ctx.quick ? 1 : 2); i++) {
    whole.push(await runTimed(client, events, body(false)));
    ctx.log(`segmented: unsegmented on 1 worker ${fmtSeconds(whole.at(-1)!.wallSeconds)}`);
    split.push(await runTimed(client, events, body(true)));
    ctx.log(`segmented: segmented on 2 workers ${fmtSeconds(split.at(-1)!.wallSeconds)}`);
    load.push(os.loadavg()[0] as number);
  }
  const best = (runs: TimedRun[]) => runs.reduce((a, b) => (b.wallSeconds < a.wallSeconds ? b : a));
  const one = best(whole);
  const two = best(split);
  const parts = partsOf(two.record, await client.getCommandLog(two.record.command_id));
  return rows(o, one, two, parts, load);
}

interface Sizes {
  seconds: number;
  segmentSeconds: number;
}

function rows(o: Sizes, one: TimedRun, two: TimedRun, parts: SegmentedParts, load: number[]): Row[] {
  const speedUp = one.wallSeconds / two.wallSeconds;
  const joinShare = parts.joinSeconds / two.wallSeconds;
  const loadText = `1-min load ${load.map((l) => l.toFixed(1)).join(' → ')} on ${os.availableParallelism()} cores`;
  const data = {
    clip_seconds: o.seconds,
    segment_seconds: o.segmentSeconds,
    unsegmented_seconds: one.wallSeconds,
    segmented_seconds: two.wallSeconds,
    speed_up: speedUp,
    parts,
    load_average_1m_during: load,
    output_mbytes: { unsegmented: sizeOf(one), segmented: sizeOf(two) },
  };
  return [
    {
      figure: `segmented: ${o.seconds} s 720p x264 -threads 1, ${parts.segments} segments across 2 workers (1 core each) vs unsegmented on 1`,
      ffdesk: `${fmtSeconds(two.wallSeconds)} segmented (${speedUp.toFixed(2)}× faster)`,
      baseline: `${fmtSeconds(one.wallSeconds)} unsegmented`,
      ratio: two.wallSeconds / one.wallSeconds,
      target: '≤ 0.56× (speed-up ≥ 1.8×)',
      result: judge(speedUp, '>=', 1.8),
      peakRssBytes: null,
      stages: `${describeParts(parts, two.wallSeconds, one.wallSeconds)}; ${loadText}`,
      data,
    },
    {
      figure: 'segmented: seam join (pieces + audio by stream copy) vs the whole segmented run',
      ffdesk: `${fmtSeconds(parts.joinSeconds)} join`,
      baseline: `${fmtSeconds(two.wallSeconds)} segmented run`,
      ratio: joinShare,
      target: '≤ 0.02× (2 %)',
      result: judge(joinShare, '<=', 0.02),
      peakRssBytes: null,
      data: { join_seconds: parts.joinSeconds, segmented_seconds: two.wallSeconds },
    },
  ];
}

const sizeOf = (run: TimedRun) => Object.values(run.record.output_files ?? {})[0]?.size_mbytes ?? null;

function info(text: string): Row {
  return { figure: 'segmented', ffdesk: text, baseline: '—', ratio: null, target: 'info', result: 'info', peakRssBytes: null };
}

/** testsrc2 at 30 fps with a keyframe every 2 s (cuts land on the 10 s marks) + a sine tone, H.264 ultrafast + AAC. */
async function makeClip(ctx: BenchContext, name: string, o: { seconds: number; size: string }): Promise<string> {
  const dir = ctx.dir('segmented');
  const file = path.join(dir, `${name}.mp4`);
  const d = String(o.seconds);
  await runFfmpeg(
    [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${o.size}:rate=30:duration=${d}`, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${d}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '60', '-keyint_min', '60', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', file],
    ],
    dir,
  );
  ctx.log(`segmented: made a ${o.seconds} s ${o.size} clip (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`);
  return file;
}

function issueToken(dataDir: string): string {
  const db = openDatabase(dataDir);
  try {
    return createWorkersRepo(db).createToken('bench').token;
  } finally {
    db.close();
  }
}

async function withEvents<T>(client: FfdeskClient, fn: (client: FfdeskClient, events: EventWatcher) => Promise<T>): Promise<T> {
  const events = watchEvents(client);
  await events.ready;
  try {
    return await fn(client, events);
  } finally {
    events.close();
  }
}
