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

function load(file: string): Entries {
  try {
    const parsed = FileShape.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.binaries : {};
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
