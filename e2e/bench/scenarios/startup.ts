import type { Scenario } from '../lib/context';
import { judge, type Row } from '../lib/report';
import { launch, startService, type Launcher } from '../lib/service';
import { fmtMs, median } from '../lib/stats';

const LAUNCHERS: { launcher: Launcher; label: string; target: number }[] = [
  { launcher: 'npm', label: '`npm run serve` (the esbuild bundle in out/service)', target: 800 },
  { launcher: 'tsx', label: '`tsx src-service/cli/main.ts serve` (the sources, the fallback)', target: 1000 },
];

/**
 * From spawning the real command to its "FFDesk listening on" line, on an existing data
 * dir (the everyday start; the first start also creates the database). Best of N after one
 * warm-up start (tsx's compile cache), median shown too.
 */
export const startupScenario: Scenario = {
  name: 'startup',
  async run(ctx) {
    const dataDir = ctx.dir('startup-data');
    const first = await startService(dataDir);
    await first.stop();
    const env = { FFDESK_HOST: '127.0.0.1', FFDESK_PORT: '0', FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: first.key };
    const rows: Row[] = [];
    for (const { launcher, label, target } of LAUNCHERS) {
      const times: number[] = [];
      let rss: number | null = null;
      for (let i = 0; i <= ctx.sizes.startupRuns; i++) {
        const s = await launch(launcher, env);
        await s.stop();
        if (i === 0) continue; // warm-up
        times.push(s.startupMs);
        rss = Math.max(rss ?? 0, s.peakRssAtListen ?? 0) || null;
      }
      const best = Math.min(...times);
      ctx.log(`startup: ${label} best ${fmtMs(best)}, median ${fmtMs(median(times))}`);
      rows.push({
        figure: `${label} → "FFDesk listening on"`,
        ffdesk: `${fmtMs(best)} best of ${times.length} (median ${fmtMs(median(times))})`,
        baseline: '—',
        ratio: null,
        target: `≤ ${target} ms`,
        result: judge(best, '<=', target),
        peakRssBytes: rss,
        data: { startup_ms: times },
      });
    }
    return rows;
  },
};
