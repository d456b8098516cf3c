import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientFor, watchEvents, type EventWatcher } from '../lib/api';
import type { BenchContext, Scenario } from '../lib/context';
import { runFfmpeg } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { judge, type Row } from '../lib/report';
import { startService } from '../lib/service';
import { fmtSeconds } from '../lib/stats';
import { API, type FfdeskClient } from '../../../src-service/client';
import type { RequestBody } from '../../../src-service/contract/endpoint';

type EditRequest = RequestBody<typeof API.createEdit>;

/**
 * Cutting (docs/cutting.md): a 20 s segment from the middle of a 10-minute 1080p H.264 file,
 * cut smart (frame-exact, only the edges re-encoded) against a lossless cut of the same
 * segment (target ≤ 1.5× its time) and against re-encoding the whole segment (≤ 0.1×). All
 * three are POST /v1/edits jobs, submit → SUCCESS seen, on a file already stored.
 */
export const cutScenario: Scenario = {
  name: 'cut',
  async run(ctx) {
    const dir = ctx.dir('cut');
    const source = await makeTenMinutes(ctx, dir);
    const service = await startService(ctx.dir('cut-data'));
    const client = clientFor(service);
    const events = watchEvents(client);
    await events.ready;
    try {
      const { fileId } = await storeInput(client, events, source);
      return await measure(ctx, client, events, fileId);
    } finally {
      events.close();
      await service.stop();
    }
  },
};

/** One minute of 1080p H.264 (veryfast keeps B-frames; a keyframe every 2 s) + AAC, stream-copied ten times over: a 10-minute file in the time of one. */
async function makeTenMinutes(ctx: BenchContext, dir: string): Promise<string> {
  const minute = path.join(dir, 'minute.mp4');
  const started = performance.now();
  await runFfmpeg(
    [
      ...['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=60', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=60'],
      ...[
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-g',
        '50',
        '-keyint_min',
        '50',
        '-sc_threshold',
        '0',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        minute,
      ],
    ],
    dir,
  );
  fs.writeFileSync(path.join(dir, 'ten.ffconcat'), `ffconcat version 1.0\n${'file minute.mp4\n'.repeat(10)}`);
  const ten = path.join(dir, 'ten-minutes.mp4');
  await runFfmpeg(['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'concat', '-i', 'ten.ffconcat', '-c', 'copy', ten], dir);
  fs.rmSync(minute);
  ctx.log(`cut: made a 10-minute 1080p source in ${fmtSeconds((performance.now() - started) / 1000)}`);
  return ten;
}

/** A segment of 20 s in the middle, starting and ending between keyframes (so smart re-encodes both edges). */
const SEGMENT = { start: 300.52, end: 320.52 };

async function timedEdit(client: FfdeskClient, events: EventWatcher, fileId: string, mode: EditRequest['mode']): Promise<number> {
  const started = performance.now();
  const body: EditRequest = { input: fileId, segments: [SEGMENT], mode, output: { filename: 'cut.mp4', preset: 'medium' }, max_command_run_seconds: 3600 };
  const answer = await client.call(API.createEdit, { body });
  if (!('command_id' in answer)) throw new Error('the edit was not queued');
  const { command_id } = answer;
  const final = await events.commandFinal(command_id);
  const record = await client.getCommand(command_id);
  if (record.status !== 'SUCCESS') throw new Error(`${mode} cut ${command_id} ended ${record.status}: ${record.error_message ?? ''}`);
  return (final.atMs - started) / 1000;
}

async function measure(ctx: BenchContext, client: FfdeskClient, events: EventWatcher, fileId: string): Promise<Row[]> {
  const runs = ctx.quick ? 2 : 3;
  await timedEdit(client, events, fileId, 'lossless'); // warm-up: page cache, binaries
  const smart: number[] = [];
  const lossless: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternated, so drift in machine load hits both alike; best of N (other work only adds time).
    lossless.push(await timedEdit(client, events, fileId, 'lossless'));
    smart.push(await timedEdit(client, events, fileId, 'smart'));
    ctx.log(`cut: run ${i + 1}/${runs}: smart ${fmtSeconds(smart[i]!)}, lossless ${fmtSeconds(lossless[i]!)}`);
  }
  const reencode = await timedEdit(client, events, fileId, 'reencode');
  ctx.log(`cut: reencode ${fmtSeconds(reencode)}`);
  const best = { smart: Math.min(...smart), lossless: Math.min(...lossless) };
  const data = { smart_seconds: smart, lossless_seconds: lossless, reencode_seconds: reencode };
  return [
    {
      figure: 'smart cut of 20 s from a 10-min 1080p H.264 file vs a lossless cut',
      ffdesk: `${fmtSeconds(best.smart)} best of ${runs}`,
      baseline: `${fmtSeconds(best.lossless)} lossless, best of ${runs}`,
      ratio: best.smart / best.lossless,
      target: '≤ 1.50×',
      result: judge(best.smart / best.lossless, '<=', 1.5),
      peakRssBytes: null,
      data,
    },
    {
      figure: 'smart cut of the same 20 s vs re-encoding the whole segment (x264 medium, CRF 18)',
      ffdesk: `${fmtSeconds(best.smart)} best of ${runs}`,
      baseline: `${fmtSeconds(reencode)} reencode`,
      ratio: best.smart / reencode,
      target: '≤ 0.10×',
      result: judge(best.smart / reencode, '<=', 0.1),
      peakRssBytes: null,
      data,
    },
  ];
}
