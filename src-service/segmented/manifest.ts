import fs from 'node:fs';
import path from 'node:path';
import type { SegmentBounds } from './plan';

/**
 * The durable part of a segmented encode (docs/scale-out.md, "Segmented encodes"): a folder
 * beside the jobs folder that a restart does not clear, holding each finished segment and a
 * manifest written atomically (temp file + rename) after the segment's file is complete. A
 * segment is done only when the manifest says so and its file is there.
 */
export interface Manifest {
  /** The plan the segments belong to: a different plan (other input, other command) reuses nothing. */
  key: string;
  done: Record<string, { seconds: number; worker: string }>;
}

/** `<data dir>/segments/<command id>`: beside the jobs folder, which recovery clears on every start. */
export const stateDirOf = (jobsDir: string, commandId: string) => path.join(path.dirname(jobsDir), 'segments', commandId);

const MANIFEST = 'manifest.json';

export function planKey(bounds: SegmentBounds[], encodes: string[][]): string {
  return JSON.stringify({ bounds: bounds.map((b) => [b.start, b.end]), encodes });
}

/** The finished segments a previous run left for this plan (files checked), else an empty manifest. */
export function loadManifest(dir: string, key: string): Manifest {
  fs.mkdirSync(dir, { recursive: true });
  let m: Manifest | null;
  try {
    m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    m = null;
  }
  if (!m || m.key !== key) return { key, done: {} };
  for (const index of Object.keys(m.done)) if (!fs.existsSync(path.join(dir, fileOf(Number(index))))) delete m.done[index];
  return m;
}

/** Moves a finished segment's file in, then records it (rename: the manifest is never half written). */
export function recordDone(dir: string, m: Manifest, index: number, from: string, d: { seconds: number; worker: string }): void {
  fs.renameSync(from, path.join(dir, fileOf(index)));
  m.done[String(index)] = d;
  const tmp = path.join(dir, `${MANIFEST}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(m));
  fs.renameSync(tmp, path.join(dir, MANIFEST));
}

export const fileOf = (index: number) => `seg_${String(index).padStart(5, '0')}.mov`;

export function dropState(jobsDir: string, commandId: string): Promise<void> {
  return fs.promises.rm(stateDirOf(jobsDir, commandId), { recursive: true, force: true });
}
