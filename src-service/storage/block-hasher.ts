import { createWorkerCalls } from './worker-calls';
import { CONTENT_HASH_BLOCK } from '../contract/content-hash';

/**
 * The worker's code, plain JavaScript evaluated in the thread (as in hash-worker.ts). Each
 * stream is one part of an upload, `[start, end)` of a file of `fileSize` bytes; its chunks
 * arrive in order, moved here (not copied) once they are on disk. The worker hashes every
 * content-hash block that lies wholly inside the part and frees each chunk's memory at once
 * (the closed-port transfer of src-service/files/free-chunks.ts).
 */
const WORKER_SOURCE = `
const { parentPort, MessageChannel } = require('node:worker_threads');
const crypto = require('node:crypto');
const BLOCK = ${CONTENT_HASH_BLOCK};
const drop = (() => { const c = new MessageChannel(); c.port2.close(); c.port1.unref(); return c.port1; })();
const streams = new Map();
function feed(s, bytes) {
  for (let at = 0; at < bytes.length;) {
    if (s.pos >= s.end) throw new Error('more bytes than the part holds');
    const blockStart = Math.floor(s.pos / BLOCK) * BLOCK;
    const blockEnd = Math.min(blockStart + BLOCK, s.fileSize);
    // A block is hashed here only when it starts and ends inside this part.
    if (s.hash === null && s.pos === blockStart && blockEnd <= s.end) s.hash = crypto.createHash('sha256');
    const take = Math.min(bytes.length - at, blockEnd - s.pos);
    if (s.hash !== null) s.hash.update(bytes.subarray(at, at + take));
    at += take;
    s.pos += take;
    if (s.pos === blockEnd && s.hash !== null) {
      s.digests.push(s.hash.digest());
      s.hash = null;
    }
  }
}
parentPort.on('message', (m) => {
  try {
    if (m.type === 'open') {
      streams.set(m.stream, { pos: m.start, end: m.end, fileSize: m.fileSize, hash: null, digests: [], firstBlock: Math.ceil(m.start / BLOCK) });
      return;
    }
    if (m.type === 'cancel') {
      streams.delete(m.stream);
      return;
    }
    const s = streams.get(m.stream);
    if (!s) throw new Error('unknown stream');
    if (m.type === 'chunks') {
      try {
        for (const b of m.buffers) feed(s, new Uint8Array(b));
      } finally {
        drop.postMessage(null, m.buffers);
      }
      parentPort.postMessage({ id: m.id });
    } else {
      streams.delete(m.stream);
      const digests = new Uint8Array(Buffer.concat(s.digests));
      parentPort.postMessage({ id: m.id, firstBlock: s.firstBlock, digests });
    }
  } catch (err) {
    if (m.type === 'chunks' || m.type === 'finish') parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

/** The digests of the content-hash blocks lying wholly inside one part. */
export interface PartBlocks {
  /** The index of the first block hashed (blocks are numbered from the start of the file). */
  firstBlock: number;
  /** 32 bytes per block, in order. */
  digests: Uint8Array;
}

/** One part's bytes, in order, as they are written. */
export interface BlockStream {
  /** Hands the chunks over: the caller must not use them again (they are moved to the thread). Resolves once hashed. */
  push(chunks: readonly Buffer[]): Promise<void>;
  finish(): Promise<PartBlocks>;
  cancel(): void;
}

export interface BlockHasher {
  open(start: number, end: number, fileSize: number): BlockStream;
  close(): Promise<void>;
}

interface Reply {
  id: number;
  error?: string;
  firstBlock?: number;
  digests?: Uint8Array;
}

/** Moves a chunk's memory to the thread; a slice of a shared buffer is copied first (the parser's chunks never are). */
function ownedBuffer(c: Buffer): ArrayBuffer {
  if (c.byteOffset === 0 && c.buffer instanceof ArrayBuffer && c.buffer.byteLength === c.length) return c.buffer;
  return new Uint8Array(c).buffer;
}

/**
 * Hashes uploads' parts while they arrive (docs/performance.md, "The content hash while
 * receiving"): one thread for every part in flight, so the event loop never hashes, and
 * complete-upload needs no second read of the file. Started on first use; it keeps the
 * process alive only while an answer is awaited.
 */
export function createBlockHasher(): BlockHasher {
  const calls = createWorkerCalls<Reply>(WORKER_SOURCE);
  let nextStream = 0;
  return {
    open(startAt, end, fileSize) {
      const w = calls.thread();
      const stream = nextStream++;
      w.postMessage({ type: 'open', stream, start: startAt, end, fileSize });
      return {
        async push(chunks) {
          const buffers = chunks.filter((c) => c.length > 0).map(ownedBuffer);
          await calls.ask(w, { type: 'chunks', stream, buffers }, buffers);
        },
        async finish() {
          const r = await calls.ask(w, { type: 'finish', stream });
          return { firstBlock: r.firstBlock ?? 0, digests: r.digests ?? new Uint8Array(0) };
        },
        cancel() {
          if (calls.isCurrent(w)) w.postMessage({ type: 'cancel', stream });
        },
      };
    },
    close: () => calls.close(),
  };
}
