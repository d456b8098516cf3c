import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientFor, watchEvents, type EventWatcher } from '../lib/api';
import type { BenchContext, Scenario } from '../lib/context';
import { makeClip, runFfmpeg } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { judge } from '../lib/report';
import { startService, type BenchService } from '../lib/service';
import { fmtMs, fmtSeconds, median } from '../lib/stats';

const ENCODE = ['-c:v', 'libx264', '-preset', 'medium', '-c:a', 'aac', '-b:a', '128k'];

/**
 * N small jobs (a 2 s 640×360 clip re-encoded) submitted at once with `vcpu_count: 1`, so
 * the scheduler runs as many at once as there are cores, against the same N ffmpeg runs
 * done directly by a pool of `cores` workers.
 */
export const manyJobsScenario: Scenario = {
  name: 'many-jobs',
  async run(ctx) {
    const dir = ctx.dir('many');
    const clip = path.join(dir, 'small.mp4');
    await makeClip(clip, { seconds: 2, width: 640, height: 360, fps: 30 });
    const service = await startService(ctx.dir('many-data'));
    try {
      const ffdesk = await runThroughService(ctx, service, clip);
      const baseline = await runDirect(ctx, dir, clip);
      const ratio = ffdesk.wallSeconds / baseline;
      return [
        {
          figure: `${ctx.sizes.manyJobs} small jobs submitted at once (640×360 2 s → H.264 medium + AAC, vcpu_count 1)`,
          ffdesk: `${fmtSeconds(ffdesk.wallSeconds)} (${ffdesk.failed} failed, ${ffdesk.rateLimited} × 429)`,
          baseline: `${fmtSeconds(baseline)} ffmpeg, ${os.availableParallelism()} at a time`,
          ratio,
          target: '≤ 1.10×',
          result: ffdesk.failed > 0 ? 'miss' : judge(ratio, '<=', 1.1),
          peakRssBytes: ffdesk.peakRss,
          data: { ffdesk_seconds: ffdesk.wallSeconds, baseline_seconds: baseline, ...ffdesk.stats },
        },
      ];
    } finally {
      await service.stop();
    }
  },
};

async function runDirect(ctx: BenchContext, dir: string, clip: string): Promise<number> {
  const out = ctx.dir('many-out');
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < ctx.sizes.manyJobs) {
      const i = next++;
      await runFfmpeg(['-hide_banner', '-nostdin', '-y', '-i', clip, ...ENCODE, path.join(out, `out_${i}.mp4`)], dir);
    }
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(out, { recursive: true, force: true });
  ctx.log(`many-jobs: ffmpeg directly ${fmtSeconds(seconds)}`);
  return seconds;
}

async function runThroughService(ctx: BenchContext, service: BenchService, clip: string) {
  const client = clientFor(service);
  const events = watchEvents(client);
  await events.ready;
  try {
    const { storageUrl } = await storeInput(client, events, clip);
    const body = JSON.stringify({
      input_files: { in_1: storageUrl },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: `-i {{in_1}} ${ENCODE.join(' ')} {{out_1}}`,
      vcpu_count: 1,
    });
    await waitAll(events, [await submit(service, body, { rateLimited: 0 })]); // warm-up
    const end = service.rss.window();
    const counters = { rateLimited: 0 };
    const started = performance.now();
    const ids = await Promise.all(Array.from({ length: ctx.sizes.manyJobs }, () => submit(service, body, counters)));
    const submittedMs = performance.now() - started;
    const finals = await waitAll(events, ids);
    const wallSeconds = (Math.max(...finals.map((f) => f.atMs)) - started) / 1000;
    const peakRss = end();
    const records = await Promise.all(ids.map((id) => client.getCommand(id)));
    const overheadMs = records.map((r) => ((r.total_processing_seconds ?? 0) - (r.ffmpeg_command_run_seconds ?? 0)) * 1000);
    const ffmpegSum = records.reduce((n, r) => n + (r.ffmpeg_command_run_seconds ?? 0), 0);
    const totalSum = records.reduce((n, r) => n + (r.total_processing_seconds ?? 0), 0);
    ctx.log(`many-jobs: FFDesk ${fmtSeconds(wallSeconds)}, all ${ids.length} submitted in ${fmtMs(submittedMs)}, overhead median ${fmtMs(median(overheadMs))}`);
    return {
      wallSeconds,
      peakRss,
      rateLimited: counters.rateLimited,
      failed: finals.filter((f) => f.status !== 'SUCCESS').length,
      stats: {
        submit_all_ms: submittedMs,
        overhead_ms_median: median(overheadMs),
        ffmpeg_seconds_sum: ffmpegSum,
        total_processing_seconds_sum: totalSum,
        slot_busy_fraction: totalSum / (wallSeconds * os.availableParallelism()),
      },
    };
  } finally {
    events.close();
  }
}

/** One POST; a 429 is honoured (Retry-After) and counted, never hidden. */
async function submit(service: BenchService, body: string, counters: { rateLimited: number }): Promise<string> {
  for (;;) {
    const res = await fetch(`${service.url}/v1/run-ffmpeg-command`, {
      method: 'POST',
      headers: { 'X-API-KEY': service.key, 'Content-Type': 'application/json' },
      body,
    });
    if (res.status === 429) {
      counters.rateLimited++;
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? '1') * 1000));
      continue;
    }
    const json = (await res.json()) as { command_id?: string; detail?: unknown };
    if (!res.ok || !json.command_id) throw new Error(`submit answered ${res.status}: ${JSON.stringify(json.detail)}`);
    return json.command_id;
  }
}

function waitAll(events: EventWatcher, ids: string[]) {
  return Promise.all(ids.map((id) => events.commandFinal(id)));
}
