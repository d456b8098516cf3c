import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientFor, watchEvents } from '../lib/api';
import type { BenchContext, Scenario } from '../lib/context';
import { runFfmpeg } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { startService } from '../lib/service';
import { fmtSeconds } from '../lib/stats';
import { measureCuts } from './cut-runs';

/**
 * Cutting (docs/cutting.md): a 20 s segment from the middle of a 10-minute 1080p H.264 file,
 * cut smart (frame-exact, only the edges re-encoded) against a lossless cut of the same
 * segment (target ≤ 1.5× its time) and against re-encoding the whole segment (≤ 0.1×). All
 * three are POST /v1/edits jobs, submit → SUCCESS seen, on a file already stored.
 * FFDESK_BENCH_CUT_SOURCE=<file> cuts that file instead of making one (trying changes again).
 */
export const cutScenario: Scenario = {
  name: 'cut',
  async run(ctx) {
    const dir = ctx.dir('cut');
    const source = process.env.FFDESK_BENCH_CUT_SOURCE ?? (await makeTenMinutes(ctx, dir));
    // FFDESK_JOB_TIMINGS=1: the service logs where each job's time went (read per run).
    const service = await startService(ctx.dir('cut-data'), { env: { FFDESK_JOB_TIMINGS: '1' } });
    const client = clientFor(service);
    const events = watchEvents(client);
    await events.ready;
    try {
      const { fileId } = await storeInput(client, events, source);
      return await measureCuts(ctx, { client, events, service, fileId });
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
