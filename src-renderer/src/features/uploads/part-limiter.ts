/**
 * Part PUTs in flight across every upload of the window. A browser opens at most six
 * connections per host; keeping two free lets screens load and the event stream stay up
 * while large files upload.
 */
export const MAX_PARTS_IN_FLIGHT = 4;

let inFlight = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when a slot is free; a waiter whose signal aborts leaves the line. */
export async function withPartSlot<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  await acquire(signal);
  try {
    return await task();
  } finally {
    release();
  }
}

function acquire(signal?: AbortSignal): Promise<void> {
  if (inFlight < MAX_PARTS_IN_FLIGHT) {
    inFlight++;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const take = () => {
      signal?.removeEventListener('abort', leave);
      inFlight++;
      resolve();
    };
    const leave = () => {
      const i = waiting.indexOf(take);
      if (i >= 0) waiting.splice(i, 1);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    if (signal?.aborted) return leave();
    signal?.addEventListener('abort', leave, { once: true });
    waiting.push(take);
  });
}

function release(): void {
  inFlight--;
  waiting.shift()?.();
}

/** For tests and the uploads screen: how many part requests are running now. */
export const partsInFlight = (): number => inFlight;
