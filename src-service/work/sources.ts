import type { WorkSource } from './work-queue';

/** A first-in first-out list the queue takes from; an item whose key is waiting or running is not added twice. */
export interface FifoSource<T> extends WorkSource<T> {
  push(item: T): void;
  readonly size: number;
}

export function fifoSource<T>(key: (item: T) => string): FifoSource<T> {
  const waiting = new Map<string, T>(); // insertion order is queue order
  return {
    push(item) {
      const k = key(item);
      if (!waiting.has(k)) waiting.set(k, item);
    },
    pick(running) {
      for (const [k, item] of waiting) {
        waiting.delete(k);
        if (!running.has(k)) return item;
      }
      return null;
    },
    get size() {
      return waiting.size;
    },
  };
}

/** One item (`key`) due every `periodMs`, the first one at `firstAt` (default: at once): a sweep on a timer. */
export function periodicSource(key: string, periodMs: number, firstAt = Date.now()): WorkSource<string> {
  let dueAt = firstAt;
  return {
    pick(running) {
      if (running.has(key) || Date.now() < dueAt) return null;
      dueAt = Date.now() + periodMs;
      return key;
    },
    nextDueAt: () => dueAt,
  };
}
