import type { Db } from './open';

/**
 * Knows when cached reads may be stale: `bump()` after this process wrote what they
 * depend on; a commit by another connection (the CLI's `keys revoke`, say) is seen through
 * `PRAGMA data_version`, checked at most every `checkEveryMs`.
 */
export interface DbWatch {
  generation(): number;
  bump(): void;
}

export function createDbWatch(db: Db, checkEveryMs = 250): DbWatch {
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  let generation = 0;
  // "Checked lately" is a flag a timer clears, not a clock read per call: every authenticated
  // request asks twice, and a clock read costs ~0.4 µs on some VMs (docs/performance.md, "Polling").
  // The timer exists only for checkEveryMs after a check, so an idle service never wakes for it.
  let fresh = true;
  const expire = () => {
    setTimeout(() => {
      fresh = false;
    }, checkEveryMs).unref();
  };
  expire();
  return {
    generation() {
      if (!fresh) {
        fresh = true;
        expire();
        const v = dataVersion.get();
        if (v !== seen) {
          seen = v;
          generation++;
        }
      }
      return generation;
    },
    bump() {
      generation++;
    },
  };
}

/** A bounded map whose entries die with the generation they were read in. */
export function createReadCache<T>(watch: Pick<DbWatch, 'generation'>, maxEntries = 10_000) {
  const entries = new Map<string, { generation: number; value: T }>();
  return {
    get(key: string): T | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.generation === watch.generation()) return e.value;
      entries.delete(key);
      return undefined;
    },
    delete(key: string): void {
      entries.delete(key);
    },
    set(key: string, value: T): void {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { generation: watch.generation(), value });
    },
  };
}
