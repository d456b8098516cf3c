import fs from 'node:fs';
import path from 'node:path';
import { clientFor, runTimed, watchEvents } from '../lib/api';
import type { BenchContext, Scenario } from '../lib/context';
import { makeClip, runFfmpeg } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { both, judge, type Row } from '../lib/report';
import { startService, type BenchService } from '../lib/service';
import { fmtMs, fmtSeconds, median } from '../lib/stats';
import { describeStages, processStartCosts, stageMedians, timingsOf, type StageMs } from '../lib/job-timings';

/** The job's options: a real re-encode (H.264 medium + AAC), the same for FFDesk and the baseline. */
const ENCODE = ['-c:v', 'libx264', '-preset', 'medium', '-c:a', 'aac', '-b:a', '128k'];
const CLIP = { width: 1280, height: 720, fps: 30 };

/**
 * Submit -> SUCCESS seen by the client, for a ~10 s (quick: ~3 s) and a ~1 s transcode whose
 * input is already in FFDesk storage, against the same ffmpeg argv run directly on the same
 * file. Runs alternate between the two so drift in machine load hits both alike.
 */
export const transcodeScenario: Scenario = {
  name: 'transcode',
  async run(ctx) {
    const dir = ctx.dir('transcode');
    const secondsPerInputSecond = await calibrate(ctx, dir);
    const long = await clipFor(dir, 'long.mp4', ctx.sizes.longJobSeconds / secondsPerInputSecond);
    const short = await clipFor(dir, 'short.mp4', ctx.sizes.shortJobSeconds / secondsPerInputSecond);
    // FFDESK_JOB_TIMINGS=1: the service logs where each command's time went (read by shortRows).
    const service = await startService(ctx.dir('transcode-data'), { env: { FFDESK_JOB_TIMINGS: '1' } });
    try {
      return await measure(ctx, service, dir, { long, short });
    } finally {
      await service.stop();
    }
  },
};

async function calibrate(ctx: BenchContext, dir: string): Promise<number> {
  const probe = path.join(dir, 'calibrate.mp4');
  await makeClip(probe, { seconds: 4, ...CLIP });
  await runFfmpeg(baselineArgs(probe, 'calibrate-out.mp4'), dir); // warm the page cache and the binary
  const seconds = await runFfmpeg(baselineArgs(probe, 'calibrate-out.mp4'), dir);
  ctx.log(`transcode: calibration ${seconds.toFixed(2)} s for 4 s of 720p input`);
  return seconds / 4;
}

async function clipFor(dir: string, name: string, inputSeconds: number): Promise<{ file: string; inputSeconds: number }> {
  const secs = Math.min(240, Math.max(1, Math.round(inputSeconds * 10) / 10));
  const file = path.join(dir, name);
  await makeClip(file, { seconds: secs, ...CLIP });
  return { file, inputSeconds: secs };
}

function baselineArgs(input: string, output: string): string[] {
  return ['-hide_banner', '-nostdin', '-y', '-i', input, ...ENCODE, output];
}

interface Clip {
  file: string;
  inputSeconds: number;
}

async function measure(ctx: BenchContext, service: BenchService, dir: string, clips: { long: Clip; short: Clip }): Promise<Row[]> {
  const client = clientFor(service);
  const events = watchEvents(client);
  await events.ready;
  try {
    const longUrl = (await storeInput(client, events, clips.long.file)).storageUrl;
    const shortUrl = (await storeInput(client, events, clips.short.file)).storageUrl;
    const body = (url: string) => ({
      input_files: { in_1: url },
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: `-i {{in_1}} ${ENCODE.join(' ')} {{out_1}}`,
    });
    const pair = async (url: string, clip: Clip, i: number) => {
      const runService = () => runTimed(client, events, body(url));
      const runBare = () => runFfmpeg(baselineArgs(clip.file, 'baseline-out.mp4'), dir);
      if (i % 2 === 0) {
        const s = await runService();
        return { service: s, bare: await runBare() };
      }
      const bare = await runBare();
      return { service: await runService(), bare };
    };
    await pair(shortUrl, clips.short, 0); // warm-up of both paths, not counted

    let end = service.rss.window();
    const longRuns = [];
    for (let i = 0; i < ctx.sizes.longRuns; i++) {
      longRuns.push(await pair(longUrl, clips.long, i));
      ctx.log(
        `transcode: long run ${i + 1}/${ctx.sizes.longRuns}: FFDesk ${fmtSeconds(longRuns[i]!.service.wallSeconds)}, ffmpeg ${fmtSeconds(longRuns[i]!.bare)}`,
      );
    }
    const longRss = end();
    end = service.rss.window();
    const shortRuns: Pair[] = [];
    const stages: StageMs[] = [];
    for (let i = 0; i < ctx.sizes.shortRuns; i++) {
      const run = await pair(shortUrl, clips.short, i + 1);
      shortRuns.push(run);
      const t = timingsOf(service.output(), run.service.record.command_id);
      if (t) stages.push(t);
    }
    const shortRss = end();
    const costs = processStartCosts();
    fs.rmSync(path.join(dir, 'baseline-out.mp4'), { force: true });
    return [
      ...wallRows(
        `~${ctx.sizes.longJobSeconds} s transcode (720p ${clips.long.inputSeconds} s → H.264 medium + AAC), submit → SUCCESS seen`,
        longRuns,
        1.01, // the 10 s job's target: docs/performance.md, "The 10 s job"
        longRss,
      ),
      ...shortRows(clips.short, shortRuns, shortRss, { stages, costs }),
    ];
  } finally {
    events.close();
  }
}

type Pair = { service: { wallSeconds: number; record: { total_processing_seconds?: number; ffmpeg_command_run_seconds?: number } }; bare: number };

/**
 * Best of N on both sides: on a shared machine other work only ever adds time, so the
 * minimum is the closest estimate of each side's own cost (medians are kept in the JSON).
 */
function summarise(runs: Pair[]) {
  const wall = Math.min(...runs.map((r) => r.service.wallSeconds));
  const bare = Math.min(...runs.map((r) => r.bare));
  const overheadMs = runs.map((r) => ((r.service.record.total_processing_seconds ?? 0) - (r.service.record.ffmpeg_command_run_seconds ?? 0)) * 1000);
  const outsideMs = runs.map((r) => (r.service.wallSeconds - (r.service.record.total_processing_seconds ?? 0)) * 1000);
  return {
    wall,
    bare,
    ratio: wall / bare,
    overheadMs,
    outsideMs,
    data: {
      ffdesk_wall_seconds_median: median(runs.map((r) => r.service.wallSeconds)),
      baseline_seconds_median: median(runs.map((r) => r.bare)),
      ffdesk_wall_seconds: runs.map((r) => r.service.wallSeconds),
      baseline_seconds: runs.map((r) => r.bare),
      ffmpeg_command_run_seconds: runs.map((r) => r.service.record.ffmpeg_command_run_seconds),
      total_processing_seconds: runs.map((r) => r.service.record.total_processing_seconds),
      overhead_ms: overheadMs,
      submit_and_notify_ms: outsideMs,
    },
  };
}

function wallRows(figure: string, runs: Pair[], limit: number, rss: number | null): Row[] {
  const s = summarise(runs);
  return [
    {
      figure,
      ffdesk: `${fmtSeconds(s.wall)} best of ${runs.length}; ${fmtMs(median(s.overheadMs) + median(s.outsideMs))} outside ffmpeg`,
      baseline: `${fmtSeconds(s.bare)} ffmpeg direct, best of ${runs.length}`,
      ratio: s.ratio,
      target: `≤ ${limit.toFixed(2)}×`,
      result: judge(s.ratio, '<=', limit),
      peakRssBytes: rss,
      data: { ...s.data, overhead_ms_median: median(s.overheadMs), submit_and_notify_ms_median: median(s.outsideMs) },
    },
  ];
}

function shortRows(clip: Clip, runs: Pair[], rss: number | null, t: { stages: StageMs[]; costs: ReturnType<typeof processStartCosts> }): Row[] {
  const [wall] = wallRows(`~1 s job (720p ${clip.inputSeconds} s → H.264 medium + AAC), submit → SUCCESS seen`, runs, 1.15, rss) as [Row];
  const s = summarise(runs);
  const overhead = median(s.overheadMs);
  const overheadResult = judge(overhead, '<=', 30);
  const medians = t.stages.length ? stageMedians(t.stages) : null;
  const bareMs = median(runs.map((r) => r.bare)) * 1000;
  return [
    wall,
    {
      figure: '~1 s job: service overhead (total_processing − ffmpeg_command_run)',
      ffdesk: `${fmtMs(overhead)} median (max ${fmtMs(Math.max(...s.overheadMs))})`,
      baseline: '—',
      ratio: null,
      target: '≤ 30 ms median',
      result: overheadResult,
      peakRssBytes: rss,
      ...(medians ? { stages: describeStages(medians, t.costs, bareMs) } : {}),
      data: {
        overhead_ms: s.overheadMs,
        submit_and_notify_ms: s.outsideMs,
        both: both(wall.result, overheadResult),
        stage_ms_medians: medians,
        stage_ms_runs: t.stages,
        process_start_ms: t.costs,
      },
    },
  ];
}
