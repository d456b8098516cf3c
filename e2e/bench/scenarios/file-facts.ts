import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runProcess } from '../../../src-service/media/run-process';
import { clientFor, watchEvents } from '../lib/api';
import type { Scenario } from '../lib/context';
import { binaries, runFfmpeg } from '../lib/ffmpeg';
import { storeInput } from '../lib/inputs';
import { judge, type Row } from '../lib/report';
import { fmtSeconds } from '../lib/stats';
import { startService } from '../lib/service';

const PIECE_SECONDS = 20;

/**
 * The clip view's file facts (docs/api.md, "File facts") for a 10-minute 1080p H.264/AAC file
 * with a keyframe every 2 s (2 minutes in --quick): keyframe listing (target ≤ 2 s) and timeline
 * images (thumbnail sprite + waveform, target ≤ 10 s), each a first, uncached request through
 * the API and the sandbox, against ffprobe reading the same packets bare, in the same run.
 */
export const fileFactsScenario: Scenario = {
  name: 'file-facts',
  async run(ctx) {
    const dir = ctx.dir('file-facts');
    const minutes = ctx.quick ? 2 : 10;
    const file = await makeLongClip(dir, minutes * 60);
    const baseline = await timeBareKeyframeRead(file, dir);
    const service = await startService(ctx.dir('file-facts-data'));
    try {
      const client = clientFor(service);
      const events = watchEvents(client);
      await events.ready;
      const { fileId } = await storeInput(client, events, file).finally(() => events.close());
      const get = async (fact: string) => {
        const started = performance.now();
        const res = await fetch(`${service.url}/v1/files/${fileId}/${fact}`, { headers: { 'X-API-KEY': service.key } });
        const body = (await res.json()) as Record<string, unknown>;
        if (res.status !== 200) throw new Error(`${fact}: ${res.status} ${JSON.stringify(body)}`);
        return { seconds: (performance.now() - started) / 1000, body };
      };
      const keyframes = await get('keyframes');
      const timeline = await get('timeline');
      const cached = await get('keyframes');
      const count = (keyframes.body.keyframes as number[]).length;
      ctx.log(
        `file-facts: ${count} keyframes in ${fmtSeconds(keyframes.seconds)}, timeline in ${fmtSeconds(timeline.seconds)}, bare ffprobe ${fmtSeconds(baseline)}`,
      );
      const row = (figure: string, seconds: number, limit: number): Row => ({
        figure: `${figure}, ${minutes}-min 1080p H.264 (first request)`,
        ffdesk: fmtSeconds(seconds),
        baseline: `${fmtSeconds(baseline)} bare ffprobe packet read`,
        ratio: seconds / baseline,
        target: `≤ ${limit} s`,
        result: judge(seconds, '<=', limit),
        peakRssBytes: null,
        data: { seconds, baseline_seconds: baseline, keyframes: count, cached_keyframes_seconds: cached.seconds },
      });
      return [row('keyframe listing', keyframes.seconds, 2), row('timeline images (sprite + waveform)', timeline.seconds, 10)];
    } finally {
      await service.stop();
    }
  },
};

/** 20 s of testsrc2 1080p25 + tone, a keyframe every 2 s, repeated by stream copy to the length wanted. */
async function makeLongClip(dir: string, seconds: number): Promise<string> {
  const piece = path.join(dir, 'piece.mp4');
  const file = path.join(dir, 'long.mp4');
  const lavfi = [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=25:duration=${PIECE_SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${PIECE_SECONDS}`,
  ];
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
  await runFfmpeg(['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', ...lavfi, ...h264, '-shortest', piece], dir);
  const loops = String(Math.ceil(seconds / PIECE_SECONDS) - 1);
  await runFfmpeg(['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-stream_loop', loops, '-i', piece, '-c', 'copy', '-t', String(seconds), file], dir);
  return file;
}

/** The baseline: ffprobe listing the packets' times and flags of the video stream, unconfined. */
async function timeBareKeyframeRead(file: string, cwd: string): Promise<number> {
  const started = performance.now();
  const r = await runProcess(
    { bin: binaries.ffprobePath, argv: ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file] },
    {
      cwd,
      timeoutMs: 120_000,
      onStdoutLine: () => undefined,
    },
  );
  if (r.exitCode !== 0) throw new Error(`bare ffprobe failed: ${r.stderrTail.slice(-300)}`);
  return (performance.now() - started) / 1000;
}
