import os from 'node:os';
import type { CommandsRepo } from './commands-repo';
import type { Command } from './command';
import { CancelledError } from '../errors';
import { createWorkQueue, type WorkSource } from '../work/work-queue';

/**
 * The queue seam. The embedded default runs commands in this process from the SQLite
 * `QUEUED` rows; a distributed queue (BullMQ on Redis) would implement the same three
 * calls and hand `runCommand` to workers on other machines.
 */
export interface Scheduler {
  /** New work may be queued; start what fits. */
  notify(): void;
  /** Aborts a command running here and resolves when it has stopped; null when it is not running here. */
  abort(commandId: string): Promise<void> | null;
  /** Stops taking work and aborts what runs (they are recovered on next start). */
  stop(): Promise<void>;
  runningIds(): string[];
}

export type RunFn = (row: Command, signal: AbortSignal, cpus: number[]) => Promise<void>;

/**
 * Runs commands in parallel while the sum of their `vcpu_count` fits the budget, sharing
 * the machine fairly between accounts (docs/scheduling.md): each round considers every
 * account's oldest queued command, the account using the fewest vCPUs first; an account
 * that already runs something may not go past its fair share while another account waits;
 * the fairest candidate that does not fit waits for room and nobody overtakes it (a big
 * command is never starved by small ones). Order within an account is kept. Each running
 * command is pinned to its own cores so `vcpu_count` really bounds the CPU ffmpeg can use.
 *
 * The loop is the work queue's (src-service/work/work-queue.ts): `pickNext` is its source and
 * its capacity rule at once, the guarded QUEUED -> PROCESSING write its claim.
 */
export function createLocalScheduler(opts: {
  commands: CommandsRepo;
  vcpuBudget: number;
  run: RunFn;
  log: (m: string) => void;
  /** Only these commands (with scale-out workers: the ones the service runs itself, docs/scale-out.md). */
  accepts?: (row: Command) => boolean;
}): Scheduler {
  const budget = createBudget(opts.vcpuBudget);
  const accepts = opts.accepts ?? (() => true);
  const source: WorkSource<Command> = {
    pick: (running) => budget.pick(opts.commands.queueHeads().filter((r) => !running.has(r.id) && accepts(r))),
    claim(row) {
      if (!opts.commands.markProcessing(row.id)) return false; // cancelled or taken meanwhile
      budget.take(row);
      return true;
    },
    release: (row) => budget.give(row),
  };
  const queue = createWorkQueue<Command>({
    name: 'command',
    key: (r) => r.id,
    source,
    log: opts.log,
    handle: (row, signal) => opts.run({ ...row, status: 'PROCESSING' }, signal, budget.cpusOf(row.id)),
  });
  let started = false;

  return {
    notify() {
      if (started) {
        queue.notify();
        return;
      }
      // The first notify (once start-up recovery is done) starts the loop, on the next turn like every round.
      started = true;
      setImmediate(() => queue.start());
    },
    abort: (commandId) => queue.abort(commandId, new CancelledError()),
    stop: () => queue.stop(),
    runningIds: () => queue.running(),
  };
}

/** The vCPU budget: who uses how much, who was served when, and which cores each command holds. */
function createBudget(vcpuBudget: number) {
  const usedBy = new Map<string, number>();
  const lastStartBy = new Map<string, number>(); // account -> sequence number of its latest start
  const cpusById = new Map<string, number[]>();
  const coreLoad = new Array<number>(Math.max(1, os.availableParallelism())).fill(0);
  let starts = 0;
  let used = 0;

  function allocateCpus(n: number): number[] {
    const order = coreLoad.map((load, core) => ({ load, core })).sort((a, b) => a.load - b.load || a.core - b.core);
    const cpus = order.slice(0, Math.min(n, coreLoad.length)).map((c) => c.core);
    for (const c of cpus) coreLoad[c] = (coreLoad[c] ?? 0) + 1;
    return cpus.sort((a, b) => a - b);
  }

  return {
    pick: (heads: readonly Command[]) => pickNext(heads, usedBy, used, vcpuBudget, lastStartBy),
    take(row: Command): void {
      cpusById.set(row.id, allocateCpus(row.vcpuCount));
      used += row.vcpuCount;
      usedBy.set(row.accountId, (usedBy.get(row.accountId) ?? 0) + row.vcpuCount);
      lastStartBy.set(row.accountId, ++starts);
    },
    give(row: Command): void {
      used -= row.vcpuCount;
      const left = (usedBy.get(row.accountId) ?? 0) - row.vcpuCount;
      if (left > 0) usedBy.set(row.accountId, left);
      else usedBy.delete(row.accountId);
      for (const c of cpusById.get(row.id) ?? []) coreLoad[c] = (coreLoad[c] ?? 1) - 1;
      cpusById.delete(row.id);
    },
    cpusOf: (id: string): number[] => cpusById.get(id) ?? [],
  };
}

/** An account's fair share of the budget while others wait: an equal split, at least 1 vCPU. */
export function fairShare(budget: number, accountsWanting: number): number {
  return Math.max(1, Math.floor(budget / Math.max(1, accountsWanting)));
}

/**
 * The next command to start, or null (docs/scheduling.md). `heads` are each account's oldest
 * queued command, oldest first; `usedBy` the vCPUs each account runs now; `lastStartBy` when
 * each account last had a command started (a sequence number): among accounts using as many
 * vCPUs, the one served longest ago goes first, so when several cores free up at once an
 * account that has been waiting is not put behind the one that just had them.
 */
export function pickNext(
  heads: readonly Command[],
  usedBy: ReadonlyMap<string, number>,
  used: number,
  budget: number,
  lastStartBy: ReadonlyMap<string, number> = new Map(),
): Command | null {
  const usage = (r: Command) => usedBy.get(r.accountId) ?? 0;
  const served = (r: Command) => lastStartBy.get(r.accountId) ?? 0;
  const wanting = new Set([...heads.map((r) => r.accountId), ...usedBy.keys()]).size;
  const share = fairShare(budget, wanting);
  // Stable sort: equal usage and service keep the queue order (oldest first).
  const byFairness = [...heads].sort((a, b) => usage(a) - usage(b) || served(a) - served(b));
  for (const row of byFairness) {
    const othersWait = heads.some((h) => h.accountId !== row.accountId);
    if (othersWait && usage(row) > 0 && usage(row) + row.vcpuCount > share) continue;
    return used + row.vcpuCount <= budget ? row : null;
  }
  return null;
}
