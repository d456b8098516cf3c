import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  /** Wall time the profile covers and the share of it the main thread was busy. */
  totalMs: number;
  busyShare: number;
  /** The functions with the most self time, "name (file:line)" → share of busy time. */
  top: { frame: string; share: number }[];
}

/**
 * Self time per function from a V8 `.cpuprofile` (what `node --cpu-prof` writes): where
 * the service's main thread spent its time, shown beside a row (docs/performance.md).
 * `lastMs` keeps only the end of the profile (the load run just before the service stopped),
 * so start-up does not count.
 */
export function summarizeProfile(file: string, topN = 6, opts: { lastMs?: number } = {}): ProfileSummary {
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let idle = 0;
  let total = 0;
  // Sample times (µs): only the last `lastMs` count, e.g. the load that ran just before the service stopped.
  const times: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) times.push((t += d));
  const from = opts.lastMs === undefined ? -Infinity : p.endTime - opts.lastMs * 1000;
  p.samples.forEach((id, i) => {
    if ((times[i] ?? 0) < from) return;
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    const node = byId.get(id);
    if (!node) return;
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') {
      if (name === '(idle)') idle += dt;
      return;
    }
    const where = node.callFrame.url ? ` (${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1})` : '';
    const key = `${name}${where}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const busy = Math.max(1e-9, total - idle);
  const top = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, topN)
    .map(([frame, ms]) => ({ frame, share: ms / busy }));
  return { totalMs: total, busyShare: busy / Math.max(1e-9, total), top };
}

function shortUrl(url: string): string {
  const clean = url.replace(/^file:\/\//, '');
  const i = clean.indexOf('node_modules/');
  if (i >= 0) return clean.slice(i + 'node_modules/'.length);
  const j = clean.indexOf('src-service/');
  return j >= 0 ? clean.slice(j) : path.basename(clean);
}

/** One line for a table cell: "busy 62%: writev 20%, onStreamRead 11%, …". */
export function profileLine(s: ProfileSummary, topN = 4): string {
  const parts = s.top.slice(0, topN).map((t) => `${t.frame.replace(/ \(.*\)$/, '')} ${(t.share * 100).toFixed(0)}%`);
  return `main thread busy ${(s.busyShare * 100).toFixed(0)}%: ${parts.join(', ')}`;
}

/**
 * The main thread's `.cpuprofile` in a folder, or null. Node names them
 * CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile; thread 0 is the main thread (others are
 * loader or worker threads). The largest such file when there are several.
 */
export function mainThreadProfile(dir: string): string | null {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f)) : [];
  if (files.length === 0) return null;
  const full = files.map((f) => path.join(dir, f));
  full.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  return full[0] as string;
}
