import os from 'node:os';
import type { CommandRow, CommandsRepo } from '../db/commands-repo';

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

export type RunFn = (row: CommandRow, signal: AbortSignal, cpus: number[]) => Promise<void>;

interface Running {
  controller: AbortController;
  cpus: number[];
  done: Promise<void>;
}

/**
 * Runs commands in parallel while the sum of their `vcpu_count` fits the budget, in
 * strict FIFO order (a big command at the head waits rather than being starved by small
 * ones). Each running command is pinned to its own cores so `vcpu_count` really bounds
 * the CPU ffmpeg can use (decisions: Requests).
 */
export function createLocalScheduler(opts: { commands: CommandsRepo; vcpuBudget: number; run: RunFn; log: (m: string) => void }): Scheduler {
  const running = new Map<string, Running>();
  const coreLoad = new Array<number>(Math.max(1, os.availableParallelism())).fill(0);
  let used = 0;
  let stopped = false;
  let pumping = false;

  function allocateCpus(n: number): number[] {
    const order = coreLoad.map((load, core) => ({ load, core })).sort((a, b) => a.load - b.load || a.core - b.core);
    const cpus = order.slice(0, Math.min(n, coreLoad.length)).map((c) => c.core);
    for (const c of cpus) coreLoad[c] = (coreLoad[c] ?? 0) + 1;
    return cpus.sort((a, b) => a - b);
  }

  function start(row: CommandRow): void {
    if (!opts.commands.markProcessing(row.id)) return; // cancelled or taken meanwhile
    const controller = new AbortController();
    const cpus = allocateCpus(row.vcpu_count);
    used += row.vcpu_count;
    const done = opts
      .run({ ...row, status: 'PROCESSING' }, controller.signal, cpus)
      .catch((err: unknown) => opts.log(`command ${row.id} runner crashed: ${(err as Error)?.stack ?? String(err)}`))
      .finally(() => {
        running.delete(row.id);
        used -= row.vcpu_count;
        for (const c of cpus) coreLoad[c] = (coreLoad[c] ?? 1) - 1;
        pump();
      });
    running.set(row.id, { controller, cpus, done });
  }

  function pump(): void {
    if (stopped || pumping) return;
    pumping = true;
    try {
      for (const row of opts.commands.nextQueued(64)) {
        if (running.has(row.id)) continue;
        if (used + row.vcpu_count > opts.vcpuBudget) break;
        start(row);
      }
    } finally {
      pumping = false;
    }
  }

  return {
    notify: () => setImmediate(pump),
    abort(commandId) {
      const r = running.get(commandId);
      if (!r) return null;
      r.controller.abort(new Error('cancelled'));
      return r.done;
    },
    async stop() {
      stopped = true;
      for (const r of running.values()) r.controller.abort(new Error('shutdown'));
      await Promise.all([...running.values()].map((r) => r.done));
    },
    runningIds: () => [...running.keys()],
  };
}
