import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What FFDesk learned by running a binary (its -version line, its capabilities, which hardware
 * encoders work), kept per binary path and thrown away as soon as the file's size or mtime
 * changes (an upgrade in place). Persisted as one JSON file in the data dir so a restart does
 * not run anything again; a missing, unreadable or corrupt file just means "probe again".
 */
export interface ProbeCache {
  get<T>(binPath: string, kind: string, schema: z.ZodType<T>): T | undefined;
  set(binPath: string, kind: string, value: unknown): void;
}

const Entry = z.object({ size: z.number(), mtimeMs: z.number(), facts: z.record(z.string(), z.unknown()) });
const FileShape = z.object({ version: z.literal(1), binaries: z.record(z.string(), Entry) });
type Entries = Record<string, z.infer<typeof Entry>>;

/** A cache kept in `file` (null: in memory only, for tests and one-off scripts). */
export function createProbeCache(file: string | null): ProbeCache {
  const entries: Entries = file ? load(file) : {};
  return {
    get(binPath, kind, schema) {
      const stat = statOf(binPath);
      const e = entries[binPath];
      if (!stat || !e || e.size !== stat.size || e.mtimeMs !== stat.mtimeMs) return undefined;
      const parsed = schema.safeParse(e.facts[kind]);
      return parsed.success ? parsed.data : undefined;
    },
    set(binPath, kind, value) {
      const stat = statOf(binPath);
      if (!stat) return;
      const e = entries[binPath];
      const fresh = e && e.size === stat.size && e.mtimeMs === stat.mtimeMs ? e : { ...stat, facts: {} };
      fresh.facts[kind] = value;
      entries[binPath] = fresh;
      if (file) save(file, entries);
    },
  };
}

function statOf(p: string): { size: number; mtimeMs: number } | null {
  try {
    const s = fs.statSync(p);
    return { size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    return null;
  }
}

/**
 * Only the entries still true of their binary are kept: one whose file is gone (a build removed, a
 * worktree or temp folder deleted) or changed would never be read again, and the file grows by a
 * whole capability listing (~150 KB) per binary ever seen, which every start then parses (a file of
 * 300 such entries, 20 MB, cost each start ~100 ms; docs/performance.md, "Start-up").
 */
function load(file: string): Entries {
  try {
    const parsed = FileShape.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) return {};
    const kept: Entries = {};
    for (const [binPath, e] of Object.entries(parsed.data.binaries)) {
      const stat = statOf(binPath);
      if (stat && stat.size === e.size && stat.mtimeMs === e.mtimeMs) kept[binPath] = e;
    }
    return kept;
  } catch {
    return {};
  }
}

/** Written to a temporary file then renamed, so a crash never leaves half a file. Best effort. */
function save(file: string, entries: Entries): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(tmp, JSON.stringify({ version: 1, binaries: entries }));
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true }); // read-only data dir: the cache only lives in memory
  }
}
