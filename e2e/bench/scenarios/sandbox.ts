import fs from 'node:fs';
import { resolveBinaries } from '../../../src-service/media/binaries';
import { createConfiner } from '../../../src-service/media/confine';
import { runProcess } from '../../../src-service/media/run-process';
import type { Scenario } from '../lib/context';
import { judge, type Row } from '../lib/report';
import { fmtMs, median } from '../lib/stats';

const ONE_FRAME = ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=1', '-frames:v', '1', '-c:v', 'png', 'frame.png'];

/**
 * What the operating-system sandbox costs each ffmpeg start (docs/sandbox.md): a 1-frame
 * encode run the way the service runs it (confined, with the limits), against the same
 * encode run bare, interleaved so both see the same machine. Median of the pairs' extra.
 */
export const sandboxScenario: Scenario = {
  name: 'sandbox',
  async run(ctx) {
    const { ffmpegPath } = resolveBinaries();
    const confiner = createConfiner({ mode: () => 'require', log: ctx.log });
    const status = confiner.status();
    if (!status.available) {
      return [
        {
          figure: 'sandbox start-up cost per ffmpeg run',
          ffdesk: `not measured: ${status.reason}`,
          baseline: '—',
          ratio: null,
          target: '< 20 ms',
          result: 'info',
          peakRssBytes: null,
        },
      ];
    }
    const cwd = ctx.dir('sandbox-job');
    const runs = ctx.quick ? 10 : 30;
    const bare: number[] = [];
    const confined: number[] = [];
    const once = async (wrap: boolean) => {
      const cmd = wrap
        ? confiner.wrap({ bin: ffmpegPath, argv: ONE_FRAME, cwd, writable: [cwd], readable: [], limits: { fileSizeBytes: 1 << 30, cpuSeconds: 60 } })
        : { bin: ffmpegPath, argv: ONE_FRAME, env: undefined };
      const started = performance.now();
      const r = await runProcess(cmd, { cwd, timeoutMs: 30_000 });
      if (r.exitCode !== 0) throw new Error(`1-frame encode failed (${wrap ? 'confined' : 'bare'}): ${r.stderrTail.slice(-300)}`);
      return performance.now() - started;
    };
    await once(true); // warm-up: page cache for bwrap and the libraries
    await once(false);
    for (let i = 0; i < runs; i++) {
      bare.push(await once(false));
      confined.push(await once(true));
    }
    fs.rmSync(cwd, { recursive: true, force: true });
    const extra = median(confined.map((c, i) => c - (bare[i] as number)));
    ctx.log(`sandbox: bare median ${fmtMs(median(bare))}, confined median ${fmtMs(median(confined))}, extra ${fmtMs(extra)}`);
    const row: Row = {
      figure: `sandbox start-up cost per ffmpeg run (${status.mechanism}${status.limits ? ' + prlimit' : ''}, 1-frame encode)`,
      ffdesk: `${fmtMs(median(confined))} confined (+${fmtMs(extra)})`,
      baseline: `${fmtMs(median(bare))} bare`,
      ratio: median(confined) / median(bare),
      target: '< 20 ms extra',
      result: judge(extra, '<=', 20),
      peakRssBytes: null,
      data: { bare_ms: bare, confined_ms: confined, extra_ms: extra },
    };
    return [row];
  },
};
