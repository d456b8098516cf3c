/**
 * `npm run bench` (`-- --quick` for a ~1 minute version, `-- --only=transcode,poll` for some
 * scenarios): FFDesk against baselines measured in the same run, one table on stdout, the
 * same as JSON in bench-results/. Absolute times vary between machines; the ratios count.
 */
import fs from 'node:fs';
import os from 'node:os';
import { createContext, type Scenario } from './lib/context';
import { buildsLine, buildsSeen } from './lib/builds';
import { describeMachine, machineLine } from './lib/machine';
import { startNoiseMeter } from './lib/noise';
import { formatStages, formatTable, writeResults, type Row } from './lib/report';
import { killAllStarted, REPO_ROOT } from './lib/service';
import { transcodeScenario } from './scenarios/transcode';
import { manyJobsScenario } from './scenarios/many-jobs';
import { pollLoadScenario } from './scenarios/poll-load';
import { downloadScenario, transferScenario } from './scenarios/transfer';
import { uploadScenario } from './scenarios/upload';
import { bigDbScenario } from './scenarios/big-db';
import { startupScenario } from './scenarios/startup';
import { bundleScenario } from './scenarios/bundle';
import { sandboxScenario } from './scenarios/sandbox';
import { scaleOutScenario } from './scenarios/scale-out';
import { cacheHashScenario } from './scenarios/cache-hash';
import { fileFactsScenario } from './scenarios/file-facts';
import { cutScenario } from './scenarios/cut';
import { segmentedScenario } from './scenarios/segmented';

const SCENARIOS: Scenario[] = [
  transcodeScenario,
  manyJobsScenario,
  pollLoadScenario,
  transferScenario,
  bigDbScenario,
  startupScenario,
  bundleScenario,
  sandboxScenario,
  scaleOutScenario,
  cacheHashScenario,
  fileFactsScenario,
  cutScenario,
  segmentedScenario,
];
/** Run only when named in --only: their rows are part of a scenario above (`upload` and `download` of `transfer`). */
const NAMED_ONLY: Scenario[] = [uploadScenario, downloadScenario];

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const startedAt = new Date();
  const ctx = createContext(quick);
  const machine = await describeMachine();
  console.log(machineLine(machine));
  console.log(`mode: ${quick ? 'quick' : 'full'}, ${startedAt.toISOString()}\n`);
  const rows: Row[] = [];
  let failed = 0;
  let maxLoad = os.loadavg()[0] as number;
  let maxOthers = 0;
  try {
    for (const scenario of only ? [...SCENARIOS, ...NAMED_ONLY].filter((s) => only.includes(s.name)) : SCENARIOS) {
      ctx.log(`${scenario.name}: start`);
      const loadBefore = os.loadavg()[0] as number;
      const noise = startNoiseMeter();
      try {
        const got = await scenario.run(ctx);
        const others = noise();
        const load = { load_average_1m: [loadBefore, os.loadavg()[0] as number].map((x) => Math.round(x * 100) / 100) };
        maxLoad = Math.max(maxLoad, ...load.load_average_1m);
        if (others !== null) maxOthers = Math.max(maxOthers, others);
        rows.push(...got.map((r) => ({ ...r, othersCpuShare: others, data: { ...r.data, ...load } })));
      } catch (err) {
        failed++;
        ctx.log(`${scenario.name}: FAILED: ${(err as Error)?.stack ?? String(err)}`);
        rows.push({
          figure: scenario.name,
          ffdesk: `error: ${(err as Error)?.message.split('\n')[0] ?? String(err)}`,
          baseline: '—',
          ratio: null,
          target: '—',
          result: 'miss',
          peakRssBytes: null,
          othersCpuShare: noise(),
        });
      }
    }
  } finally {
    fs.rmSync(ctx.tmp, { recursive: true, force: true });
  }
  console.log(buildsLine(buildsSeen()));
  console.log(formatTable(rows));
  const stages = formatStages(rows);
  if (stages) console.log(stages);
  if (maxOthers > 0.1 || maxLoad > machine.cores) {
    console.log(
      `\nnote: other work on this machine used up to ${(maxOthers * 100).toFixed(0)}% of its CPU during a scenario (column "others' CPU"; ` +
        `1-minute load average up to ${maxLoad.toFixed(1)} on ${machine.cores} cores): rows with a high share are disturbed.`,
    );
  }
  const file = writeResults(
    REPO_ROOT,
    {
      machine,
      builds: buildsSeen(),
      mode: quick ? 'quick' : 'full',
      only: only ?? null,
      max_load_average_1m: maxLoad,
      max_others_cpu_share: maxOthers,
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      rows,
    },
    startedAt,
  );
  console.log(`\n${rows.filter((r) => r.result === 'pass').length} pass, ${rows.filter((r) => r.result === 'miss').length} miss; written to ${file}`);
  return failed > 0 ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllStarted();
    process.exit(130);
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    killAllStarted();
    process.exit(1);
  },
);
