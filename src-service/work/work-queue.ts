import { ShutdownError } from '../errors';

/**
 * What is due. `pick` is asked again and again while there is capacity: it returns the next
 * item to start now, or null when nothing is due (or when the next item must wait for room,
 * as the command scheduler's no-overtaking rule wants). It may hand the item over (take it off
 * its own list). It sees the keys of the items that run, and must not return one of them.
 */
export interface WorkSource<T> {
  pick(running: ReadonlySet<string>): T | null;
  /** Makes the item ours before it starts (a guarded status write, a lease); false: taken meanwhile, skip it. */
  claim?(item: T): boolean;
  /** Gives back what `claim` took, once the handler has settled (before the next round). */
  release?(item: T): void;
  /**
   * For timer-driven sources: when (epoch ms) something becomes due without a `notify()`,
   * or null for "not known" (then the queue looks again after `maxSleepMs`, if set).
   */
  nextDueAt?(): number | null;
}

export interface WorkQueueOptions<T> {
  /** Names the work in log lines ("webhook", "store-file"). */
  name: string;
  key(item: T): string;
  source: WorkSource<T>;
  /** At most this many items run at once (default: no limit; a custom fit lives in `source.pick`). */
  concurrency?: number;
  /** Runs one item; `signal` aborts with a ShutdownError on `stop()` or with the reason given to `abort()`. */
  handle(item: T, signal: AbortSignal): Promise<void>;
  log(message: string): void;
  /** The longest the queue sleeps between rounds when the source has `nextDueAt` (rows another process writes). */
  maxSleepMs?: number;
  /** How long `stop()` waits for aborted handlers (default: until they end). */
  stopGraceMs?: number;
}

export interface WorkQueue<T> {
  /** Starts taking work: a first round now. */
  start(): void;
  /** New work may be due: a round soon (coalesced, on the next turn of the event loop). */
  notify(): void;
  /** Starts `item` now unless it runs already (claim permitting); resolves when its handler has settled. */
  run(item: T): Promise<void>;
  /** Aborts one running item with `reason`; resolves when its handler has settled; null when it is not running. */
  abort(key: string, reason: Error): Promise<void> | null;
  /** Takes no more work, aborts what runs with a ShutdownError and waits for it (bounded by `stopGraceMs`). */
  stop(): Promise<void>;
  /** The keys of the items running now. */
  running(): string[];
}

/** setTimeout fires at once for longer delays; a later due time is looked at again after this. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * One work loop for everything the service does outside a request (docs/architecture.md,
 * "The work queue"): commands, store-file downloads, upload storing and its sweep, webhook
 * deliveries, watch folders, one-off background tasks, the BullMQ scheduler's passes. The
 * queue owns the loop (rounds, timers, capacity, abort, stop); what is due is the source's
 * business, so a distributed queue plugs in as another source or behind the same Scheduler.
 */
export function createWorkQueue<T>(opts: WorkQueueOptions<T>): WorkQueue<T> {
  const running = new Map<string, Running>();
  const keys = new Set<string>();
  const limit = opts.concurrency ?? Infinity;
  let started = false;
  let stopped = false;
  let inRound = false;
  let again = false;
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;

  function launch(item: T): Promise<void> {
    const key = opts.key(item);
    const controller = new AbortController();
    const settle = () => {
      running.delete(key);
      keys.delete(key);
      opts.source.release?.(item);
      round();
    };
    const done = (async () => opts.handle(item, controller.signal))()
      .catch((err: unknown) => {
        if (!(controller.signal.reason instanceof ShutdownError)) opts.log(`${opts.name} ${key} crashed: ${describe(err)}`);
      })
      .finally(settle);
    running.set(key, { controller, done });
    keys.add(key);
    return done;
  }

  function round(): void {
    if (!started || stopped) return;
    if (inRound) {
      again = true;
      return;
    }
    inRound = true;
    try {
      do {
        again = false;
        fill();
      } while (again && !stopped);
    } finally {
      inRound = false;
    }
    arm();
  }

  /** Starts what is due while there is room; a claim refused twice for one key ends the round (no spinning). */
  function fill(): void {
    const refused = new Set<string>();
    while (running.size < limit && !stopped) {
      const item = opts.source.pick(keys);
      if (item === null) return;
      const key = opts.key(item);
      if (keys.has(key) || refused.has(key)) return;
      if (opts.source.claim && !opts.source.claim(item)) {
        refused.add(key);
        continue;
      }
      void launch(item); // never rejects: a crash is logged in launch
    }
  }

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    if (!opts.source.nextDueAt || stopped) return;
    const at = opts.source.nextDueAt();
    const sleep = at === null ? opts.maxSleepMs : Math.min(opts.maxSleepMs ?? Infinity, Math.max(0, at - Date.now()));
    if (sleep === undefined || !Number.isFinite(sleep)) return;
    timer = setTimeout(round, Math.min(sleep, MAX_TIMER_MS));
    timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      round();
    },
    notify() {
      if (scheduled || stopped) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        round();
      });
    },
    run(item) {
      const existing = running.get(opts.key(item));
      if (existing) return existing.done;
      if (stopped || (opts.source.claim && !opts.source.claim(item))) return Promise.resolve();
      return launch(item);
    },
    abort(key, reason) {
      const r = running.get(key);
      if (!r) return null;
      r.controller.abort(reason);
      return r.done;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const all = [...running.values()];
      for (const r of all) r.controller.abort(new ShutdownError());
      await waitBounded(Promise.all(all.map((r) => r.done)), opts.stopGraceMs);
    },
    running: () => [...running.keys()],
  };
}

async function waitBounded(work: Promise<unknown>, graceMs: number | undefined): Promise<void> {
  if (graceMs === undefined) {
    await work;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
    timer.unref();
  });
  await Promise.race([work, grace]);
  clearTimeout(timer);
}

function describe(err: unknown): string {
  return err instanceof Error ? (err.stack ?? err.message) : String(err);
}
