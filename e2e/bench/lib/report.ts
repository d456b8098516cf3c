import fs from 'node:fs';
import path from 'node:path';
import { MiB } from './stats';

export type Result = 'pass' | 'miss' | 'info';

/** One line of the table. Text columns are for people; `data` keeps the raw numbers for the JSON. */
export interface Row {
  figure: string;
  ffdesk: string;
  baseline: string;
  /** FFDesk / baseline as the target states it (times: FFDesk ÷ baseline; rates: FFDesk ÷ baseline). */
  ratio: number | null;
  target: string;
  result: Result;
  peakRssBytes: number | null;
  /** Share of the machine's CPU that other work used while this row's scenario ran (set by run.ts). */
  othersCpuShare?: number | null;
  /** Where the time goes (per-stage timings or a CPU profile summary), printed under the table. */
  stages?: string;
  data?: Record<string, unknown>;
}

/** pass when `value op limit` holds. */
export function judge(value: number, op: '<=' | '>=', limit: number): Result {
  return (op === '<=' ? value <= limit : value >= limit) ? 'pass' : 'miss';
}

export function both(...results: Result[]): Result {
  return results.includes('miss') ? 'miss' : results.every((r) => r === 'info') ? 'info' : 'pass';
}

const HEAD = ['figure', 'FFDesk', 'baseline', 'ratio', 'target', 'result', 'peak RSS', "others' CPU"];

export function formatTable(rows: Row[]): string {
  const cells = rows.map((r) => [
    r.figure,
    r.ffdesk,
    r.baseline,
    r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`,
    r.target,
    r.result,
    r.peakRssBytes === null ? '—' : `${(r.peakRssBytes / MiB).toFixed(0)} MiB`,
    r.othersCpuShare === undefined || r.othersCpuShare === null ? '—' : `${(r.othersCpuShare * 100).toFixed(0)}%`,
  ]);
  const widths = HEAD.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i] as number)).join(' | ')} |`;
  return [line(HEAD), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/** bench-results/<timestamp>.json and bench-results/latest.json (the folder is gitignored). */
export function writeResults(root: string, report: unknown, startedAt: Date): string {
  const dir = path.join(root, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const text = `${JSON.stringify(report, null, 2)}\n`;
  const file = path.join(dir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, text);
  fs.writeFileSync(path.join(dir, 'latest.json'), text);
  return file;
}

/** The "where the time goes" lines of the rows that have them. */
export function formatStages(rows: Row[]): string {
  const lines = rows.filter((r) => r.stages).map((r) => `- ${r.figure}: ${r.stages as string}`);
  return lines.length ? `\nwhere the time goes:\n${lines.join('\n')}` : '';
}
