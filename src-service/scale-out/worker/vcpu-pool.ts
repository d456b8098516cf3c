import { allowedCores } from './worker-cores';

/**
 * The worker's vcpu budget: a job takes `vcpus` cores (capped at the budget) and waits, in
 * arrival order, until that many are free. The cores handed out are the least loaded of
 * `cores` (the worker's `--cores`, else the cores its process may run on), so ffmpeg can be
 * pinned to them as in the embedded scheduler.
 */
export function createVcpuPool(budget: number, cores: number[] = allowedCores()) {
  const coreLoad = new Map<number, number>(cores.map((c) => [c, 0]));
  let free = budget;
  const waiting: { n: number; wake: () => void }[] = [];
  const granted = new WeakMap<number[], number>();

  /** Cores for `n` vcpus that are already counted out of `free`. */
  function take(n: number): number[] {
    const order = [...coreLoad].map(([core, load]) => ({ load, core })).sort((a, b) => a.load - b.load || a.core - b.core);
    const cpus = order.slice(0, Math.min(n, coreLoad.size)).map((c) => c.core);
    for (const c of cpus) coreLoad.set(c, (coreLoad.get(c) ?? 0) + 1);
    cpus.sort((a, b) => a - b);
    granted.set(cpus, n);
    return cpus;
  }

  function wakeNext(): void {
    const head = waiting[0];
    if (head && head.n <= free) {
      waiting.shift();
      free -= head.n; // reserved now, so nobody arriving meanwhile takes them
      head.wake();
    }
  }

  return {
    /** Null when `signal` aborts first (the worker is stopping). */
    async acquire(vcpus: number, signal: AbortSignal): Promise<number[] | null> {
      const n = Math.max(1, Math.min(vcpus, budget));
      if (waiting.length === 0 && n <= free) {
        free -= n;
        return take(n);
      }
      const got = await new Promise<boolean>((resolve) => {
        const entry = { n, wake: () => resolve(true) };
        waiting.push(entry);
        signal.addEventListener(
          'abort',
          () => {
            const i = waiting.indexOf(entry);
            if (i < 0) return; // already woken: it runs, and the worker's stop aborts it like any running job
            waiting.splice(i, 1);
            resolve(false);
          },
          { once: true },
        );
      });
      if (!got) return null;
      const cpus = take(n);
      wakeNext();
      return cpus;
    },
    release(cpus: number[]): void {
      free += granted.get(cpus) ?? 0;
      for (const c of cpus) coreLoad.set(c, (coreLoad.get(c) ?? 1) - 1);
      wakeNext();
    },
  };
}
