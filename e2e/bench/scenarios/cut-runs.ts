import { performance } from 'node:perf_hooks';
import type { EventWatcher } from '../lib/api';
import type { BenchContext } from '../lib/context';
import { timingsOf, type StageMs } from '../lib/job-timings';
import { judge, type Row } from '../lib/report';
import type { BenchService } from '../lib/service';
import { fmtSeconds, median } from '../lib/stats';
import { API, type FfdeskClient } from '../../../src-service/client';
import type { RequestBody } from '../../../src-service/contract/endpoint';

type EditRequest = RequestBody<typeof API.createEdit>;
type Mode = EditRequest['mode'];

/** A segment of 20 s in the middle, starting and ending between keyframes (so smart re-encodes both edges). */
const SEGMENT = { start: 300.52, end: 320.52 };

export interface CutRun {
  /** Submit → SUCCESS seen on the event stream. */
  wall: number;
  /** The service's own account of the job (FFDESK_JOB_TIMINGS=1): fetch = link + facts + plan; ffmpeg = the runs summed. */
  stages: StageMs | null;
}

export interface CutTarget {
  client: FfdeskClient;
  events: EventWatcher;
  service: BenchService;
  fileId: string;
}

export async function timedEdit(t: CutTarget, mode: Mode): Promise<CutRun> {
  const started = performance.now();
  const body: EditRequest = { input: t.fileId, segments: [SEGMENT], mode, output: { filename: 'cut.mp4', preset: 'medium' }, max_command_run_seconds: 3600 };
  const answer = await t.client.call(API.createEdit, { body });
  if (!('command_id' in answer)) throw new Error('the edit was not queued');
  const { command_id } = answer;
  const final = await t.events.commandFinal(command_id);
  const wall = (final.atMs - started) / 1000;
  const record = await t.client.getCommand(command_id);
  if (record.status !== 'SUCCESS') throw new Error(`${mode} cut ${command_id} ended ${record.status}: ${record.error_message ?? ''}`);
  return { wall, stages: await stagesOf(t.service, command_id) };
}

/** The job's timings line is logged as the run ends, just after its final event: looked for a little while. */
async function stagesOf(service: BenchService, commandId: string): Promise<StageMs | null> {
  for (let i = 0; i < 50; i++) {
    const found = timingsOf(service.output(), commandId);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

const describe = (r: CutRun) =>
  `${fmtSeconds(r.wall)}` +
  (r.stages
    ? ` (${Object.entries(r.stages)
        .map(([k, v]) => `${k} ${Math.round(v)} ms`)
        .join(', ')})`
    : '');

/**
 * Lossless and smart alternate (drift in the machine's load hits both alike); the ratio is the
 * median of each pair's ratio. (CPU time per job cannot be read from here: bwrap's pid namespace
 * does not hand its children's CPU time back to the service; docs/performance.md has the steps' CPU
 * measured bare.)
 */
export async function measureCuts(ctx: BenchContext, t: CutTarget): Promise<Row[]> {
  const runs = ctx.quick ? 3 : 5;
  await timedEdit(t, 'lossless'); // warm-up: page cache, binaries
  const smart: CutRun[] = [];
  const lossless: CutRun[] = [];
  for (let i = 0; i < runs; i++) {
    lossless.push(await timedEdit(t, 'lossless'));
    smart.push(await timedEdit(t, 'smart'));
    ctx.log(`cut: run ${i + 1}/${runs}: smart ${describe(smart[i]!)}; lossless ${describe(lossless[i]!)}`);
  }
  const reencode = await timedEdit(t, 'reencode');
  ctx.log(`cut: reencode ${describe(reencode)}`);
  const wallRatio = median(smart.map((s, i) => s.wall / lossless[i]!.wall));
  const med = { smart: median(smart.map((s) => s.wall)), lossless: median(lossless.map((s) => s.wall)) };
  const data = {
    smart_seconds: smart.map((s) => s.wall),
    lossless_seconds: lossless.map((s) => s.wall),
    smart_stages: smart.map((s) => s.stages),
    lossless_stages: lossless.map((s) => s.stages),
    reencode_seconds: reencode.wall,
  };
  return [
    {
      figure: 'smart cut of 20 s from a 10-min 1080p H.264 file vs a lossless cut',
      ffdesk: `${fmtSeconds(med.smart)} median of ${runs}`,
      baseline: `${fmtSeconds(med.lossless)} lossless, median of ${runs} (interleaved)`,
      ratio: wallRatio,
      target: '≤ 1.50×',
      result: judge(wallRatio, '<=', 1.5),
      peakRssBytes: null,
      stages: `pair ${(runs >> 1) + 1} of ${runs}: smart ${describe(smart[runs >> 1]!)}; lossless ${describe(lossless[runs >> 1]!)}; median of pair ratios ${wallRatio.toFixed(2)}×`,
      data,
    },
    {
      figure: 'smart cut of the same 20 s vs re-encoding the whole segment (x264 medium, CRF 18)',
      ffdesk: `${fmtSeconds(med.smart)} median of ${runs}`,
      baseline: `${fmtSeconds(reencode.wall)} reencode`,
      ratio: med.smart / reencode.wall,
      target: '≤ 0.10×',
      result: judge(med.smart / reencode.wall, '<=', 0.1),
      peakRssBytes: null,
      stages: `reencode ${describe(reencode)}`,
      data,
    },
  ];
}
