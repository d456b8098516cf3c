import { spawnSync } from 'node:child_process';
import type { Scenario } from '../lib/context';
import { judge, type Row } from '../lib/report';
import { launch, startService, type Launcher } from '../lib/service';
import { fmtMs, median } from '../lib/stats';

const LAUNCHERS: { launcher: Launcher; label: string; target: number | null }[] = [
  { launcher: 'npm', label: '`npm run serve` (the esbuild bundle in out/service)', target: 800 },
  { launcher: 'launch-cjs', label: '`node src-service/cli/launch.cjs serve` (the same, without npm)', target: null },
  { launcher: 'tsx', label: '`tsx src-service/cli/main.ts serve` (the sources, the fallback)', target: 1000 },
];
const BASELINE: Launcher = 'bare-node';

/**
 * From spawning the real command to its "FFDesk listening on" line, on an existing data dir
 * (the everyday start; the first start also creates the database). The launchers and the
 * baseline (a bare node:http server printing the same line) take turns, one round after
 * another, the order rotating each round, so load drifting on a shared machine hits them alike;
 * medians of the rounds after one warm-up round (tsx's compile cache, the page cache).
 */
export const startupScenario: Scenario = {
  name: 'startup',
  async run(ctx) {
    const dataDir = ctx.dir('startup-data');
    const first = await startService(dataDir);
    await first.stop();
    const env = { FFDESK_HOST: '127.0.0.1', FFDESK_PORT: '0', FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: first.key };
    const all: Launcher[] = [BASELINE, ...LAUNCHERS.map((l) => l.launcher)];
    const times = new Map<Launcher, number[]>(all.map((l) => [l, []]));
    const rss = new Map<Launcher, number>();
    for (let round = 0; round <= ctx.sizes.startupRuns; round++) {
      for (let k = 0; k < all.length; k++) {
        const launcher = all[(round + k) % all.length] as Launcher;
        const s = await launch(launcher, env);
        await s.stop();
        if (round === 0) continue; // warm-up
        times.get(launcher)?.push(s.startupMs);
        rss.set(launcher, Math.max(rss.get(launcher) ?? 0, s.peakRssAtListen ?? 0));
      }
    }
    const base = median(times.get(BASELINE) ?? []);
    ctx.log(`startup: bare node:http server median ${fmtMs(base)}`);
    const caRow = extraCaCertsRow(ctx.sizes.startupRuns);
    return [
      ...LAUNCHERS.map(({ launcher, label, target }): Row => {
        const t = times.get(launcher) ?? [];
        const m = median(t);
        ctx.log(`startup: ${label} median ${fmtMs(m)}, best ${fmtMs(Math.min(...t))}`);
        return {
          figure: `${label} → "FFDesk listening on"`,
          ffdesk: `${fmtMs(m)} median of ${t.length} (best ${fmtMs(Math.min(...t))}; ${fmtMs(m - base)} more than the baseline)`,
          baseline: `${fmtMs(base)} bare node:http server, median, same rounds`,
          ratio: m / base,
          target: target === null ? '—' : `≤ ${target} ms`,
          result: target === null ? 'info' : judge(m, '<=', target),
          peakRssBytes: rss.get(launcher) || null,
          data: { startup_ms: t, baseline_ms: times.get(BASELINE) },
        };
      }),
      ...(caRow ? [caRow] : []),
    ];
  },
};

/**
 * Node 20 reads the NODE_EXTRA_CA_CERTS file, and builds its whole root store, when it starts,
 * before any script runs (newer Nodes do it on the first TLS use). Where the variable is set, every
 * Node process above pays that, npm's own process included: this row shows how much, with `node -e 0`
 * with and without it, taking turns (docs/performance.md, "Start-up").
 */
function extraCaCertsRow(rounds: number): Row | null {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return null;
  const startMs = (env: NodeJS.ProcessEnv) => {
    const t = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { env, stdio: 'ignore' });
    return performance.now() - t;
  };
  const withVar: number[] = [];
  const without: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    const a = startMs(process.env);
    const b = startMs({ ...process.env, NODE_EXTRA_CA_CERTS: '' });
    if (round === 0) continue; // warm-up
    withVar.push(a);
    without.push(b);
  }
  const m = median(withVar);
  const b = median(without);
  return {
    figure: `a bare Node start (\`node -e 0\`) with NODE_EXTRA_CA_CERTS=${file} set, as above`,
    ffdesk: `${fmtMs(m)} median of ${withVar.length} (${fmtMs(m - b)} more, in each Node process started: npm's and the service's)`,
    baseline: `${fmtMs(b)} without it, same rounds`,
    ratio: m / b,
    target: '—',
    result: 'info',
    peakRssBytes: null,
    data: { with_ms: withVar, without_ms: without },
  };
}
