import fs from 'node:fs/promises';
import path from 'node:path';

export interface CachedInput {
  /** The downloaded input, absolute. */
  file: string;
  durations: number[];
}

interface Entry {
  ready: Promise<CachedInput>;
  users: number;
  finished: boolean;
}

/**
 * A worker's copy of a segmented command's input (docs/scale-out.md, "Segmented encodes"):
 * fetched once through its signed URL and shared by every piece of that command the worker
 * encodes. It goes when no piece uses it and the service said no piece is left to take.
 */
export function createInputCache(workDir: string) {
  const entries = new Map<string, Entry>();
  const dirOf = (commandId: string) => path.join(workDir, `${commandId}.src`);

  async function acquire(commandId: string, download: (dir: string) => Promise<CachedInput>): Promise<CachedInput> {
    let e = entries.get(commandId);
    if (!e) {
      const dir = dirOf(commandId);
      const ready = fs.rm(dir, { recursive: true, force: true }).then(() => download(dir));
      entries.set(commandId, (e = { ready, users: 0, finished: false }));
      ready.catch(() => entries.get(commandId) === e && entries.delete(commandId)); // a failed download is tried again by the next piece
    }
    e.users++;
    try {
      return await e.ready;
    } catch (err) {
      e.users--;
      throw err;
    }
  }

  /** A piece ended; `finished`: the service has no piece of the command left to hand out. */
  async function release(commandId: string, finished: boolean): Promise<void> {
    const e = entries.get(commandId);
    if (!e) return;
    e.users = Math.max(0, e.users - 1);
    e.finished ||= finished;
    if (e.users > 0 || !e.finished) return;
    entries.delete(commandId);
    await fs.rm(dirOf(commandId), { recursive: true, force: true });
  }

  async function clear(): Promise<void> {
    const ids = [...entries.keys()];
    entries.clear();
    await Promise.all(ids.map((id) => fs.rm(dirOf(id), { recursive: true, force: true })));
  }

  return { acquire, release, clear };
}

export type InputCache = ReturnType<typeof createInputCache>;
