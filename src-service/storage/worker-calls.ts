import { Worker } from 'node:worker_threads';

/**
 * Request/answer calls to one worker thread run from `source` (the hashers of
 * hash-worker.ts and block-hasher.ts): started on first use, keeping the process alive only
 * while an answer is awaited; a thread that fails or stops rejects every call in flight and
 * the next call starts a new one. An answer with a string `error` rejects its call.
 */
export function createWorkerCalls<A extends { id: number; error?: string }>(source: string) {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (a: A) => void; reject: (e: Error) => void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = null;
  };
  const start = (): Worker => {
    const w = new Worker(source, { eval: true });
    w.unref();
    w.on('message', (a: A) => {
      const p = pending.get(a.id);
      if (!p) return;
      pending.delete(a.id);
      if (pending.size === 0) w.unref();
      if (a.error === undefined) p.resolve(a);
      else p.reject(new Error(`Could not hash the part: ${a.error}`));
    });
    w.on('error', failAll);
    w.on('exit', () => failAll(new Error('The hashing thread stopped')));
    return w;
  };

  return {
    /** The running thread (started now if none is). */
    thread: (): Worker => (worker ??= start()),
    /** Whether `w` is still the running thread (not failed or closed since). */
    isCurrent: (w: Worker): boolean => worker === w,
    ask(w: Worker, msg: object, transfer: ArrayBuffer[] = []): Promise<A> {
      const id = nextId++;
      w.ref(); // a call in progress keeps the process alive until it answers
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ ...msg, id }, transfer);
      });
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
