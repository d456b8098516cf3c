import { createWorkerCalls } from './worker-calls';

/**
 * The worker's code, plain JavaScript evaluated in the thread (no loader or build step
 * needed): it reads the byte range from the page cache into one reused buffer and hashes it.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const crypto = require('node:crypto');
const buf = Buffer.allocUnsafe(1024 * 1024);
parentPort.on('message', ({ id, file, start, length, algorithm }) => {
  let fd = -1;
  try {
    fd = fs.openSync(file, 'r');
    const hash = crypto.createHash(algorithm);
    let done = 0;
    while (done < length) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, length - done), start + done);
      if (n === 0) throw new Error('unexpected end of file');
      hash.update(buf.subarray(0, n));
      done += n;
    }
    parentPort.postMessage({ id, digest: hash.digest('base64') });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  } finally {
    if (fd >= 0) fs.closeSync(fd);
  }
});
`;

interface Reply {
  id: number;
  digest?: string;
  error?: string;
}

export interface RangeHasher {
  /** The base64 digest of `length` bytes of `file` from `start`, computed on a worker thread. */
  digest(file: string, start: number, length: number, algorithm?: 'md5' | 'sha256'): Promise<string>;
  close(): Promise<void>;
}

/**
 * Hashing 8 MiB takes ~15 ms of CPU: done on the event loop it stalls every other request
 * (docs/performance.md). One worker, started on first use and not keeping the process alive.
 */
export function createRangeHasher(): RangeHasher {
  const calls = createWorkerCalls<Reply>(WORKER_SOURCE);
  return {
    async digest(file, startAt, length, algorithm = 'md5') {
      const r = await calls.ask(calls.thread(), { file, start: startAt, length, algorithm });
      return r.digest ?? '';
    },
    close: () => calls.close(),
  };
}
