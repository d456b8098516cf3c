import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from '../storage/fs-io';
import { FACT_VERSIONS, currentValue, versionOf, type VersionedFact } from './fact-versions';

/**
 * Facts about stored files, cached on disk under `<dataDir>/facts/<file_id>/` (docs/choices.md,
 * "File facts"): one folder per file, removed with the file. A fact is computed at most once at
 * a time per file: concurrent askers share the computation in flight. Each entry carries the
 * version of its computation (fact-versions.ts): one made by another version reads as absent.
 */
export function createFactCache(rootDir: string, opts: { versions?: Readonly<Record<string, number>> } = {}) {
  const versions = opts.versions ?? FACT_VERSIONS;
  const root = path.resolve(rootDir);
  const inFlight = new Map<string, Promise<unknown>>();
  const runs = new Map<string, number>();
  const dirOf = (fileId: string) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(fileId)) throw new Error(`Not a file id: ${fileId}`);
    return path.join(root, fileId);
  };

  /** The cached fact; null when absent, unreadable or made by another version of its computation. */
  async function readJson<T>(fileId: string, name: string): Promise<T | null> {
    let text: string;
    try {
      text = await fs.readFile(path.join(dirOf(fileId), name), 'utf8');
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return null;
      throw err;
    }
    try {
      return currentValue<T>(JSON.parse(text), versionOf(name, versions));
    } catch {
      return null; // a torn or foreign file: computed again
    }
  }

  /** Writes whole or not at all (temp file + rename), stamped with the fact's version. */
  async function writeJson(fileId: string, name: string, value: unknown): Promise<void> {
    await fs.mkdir(dirOf(fileId), { recursive: true });
    const tmp = path.join(dirOf(fileId), `.${name}.${crypto.randomBytes(6).toString('hex')}`);
    await fs.writeFile(tmp, JSON.stringify({ fact_version: versionOf(name, versions), value } satisfies VersionedFact<unknown>));
    await fs.rename(tmp, path.join(dirOf(fileId), name));
  }

  /** Every once() call until it ends, from its first look at the cache (see idle()). */
  const active = new Set<Promise<unknown>>();

  async function computeOnce<T>(fileId: string, name: string, compute: () => Promise<T>): Promise<T> {
    const key = `${fileId}/${name}`;
    const waiting = inFlight.get(key) as Promise<T> | undefined;
    if (waiting) return waiting;
    const cached = await readJson<T>(fileId, name);
    if (cached !== null) return cached;
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const p = (async () => {
      runs.set(name, (runs.get(name) ?? 0) + 1);
      const value = await compute();
      await writeJson(fileId, name, value);
      return value;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  }

  return {
    root,
    dirOf,
    pathOf: (fileId: string, name: string) => path.join(dirOf(fileId), name),
    readJson,
    writeJson,
    /** When a cached file (a proxy, a quick look) was written, in ms; null when there is none. */
    async modifiedAt(fileId: string, name: string): Promise<number | null> {
      try {
        return (await fs.stat(path.join(dirOf(fileId), name))).mtimeMs;
      } catch (err) {
        if (errorCode(err) === 'ENOENT') return null;
        throw err;
      }
    },
    /** A fresh writable folder for one ffmpeg run; the caller removes it. */
    async workDir(fileId: string): Promise<string> {
      await fs.mkdir(dirOf(fileId), { recursive: true });
      return fs.mkdtemp(path.join(dirOf(fileId), '.work-'));
    },
    /** The cached fact, or computes it once (concurrent callers wait for the same run). */
    once<T>(fileId: string, name: string, compute: () => Promise<T>): Promise<T> {
      const p = computeOnce(fileId, name, compute);
      active.add(p);
      const done = () => void active.delete(p);
      p.then(done, done);
      return p;
    },
    /**
     * Settles when the calls of once() made so far have ended, written or failed (and those made
     * meanwhile). The module's stop aborts their computations and then waits here: one still going
     * would create its folder again (a work folder, the fact's file) after the service stopped, in
     * a data dir removed meanwhile.
     */
    async idle(): Promise<void> {
      while (active.size > 0) await Promise.allSettled([...active]);
    },
    /** How many times a fact was computed since start (tests check that a cached fact is not recomputed). */
    runs: (name: string) => runs.get(name) ?? 0,
    /** Counts a computation made outside once() (the background proxies). */
    countRun: (name: string) => void runs.set(name, (runs.get(name) ?? 0) + 1),
    async forget(fileId: string): Promise<void> {
      await fs.rm(dirOf(fileId), { recursive: true, force: true });
    },
    async fileIds(): Promise<string[]> {
      return fs.readdir(root).catch((err: unknown) => {
        if (errorCode(err) === 'ENOENT') return [];
        throw err;
      });
    },
  };
}

export type FactCache = ReturnType<typeof createFactCache>;
