import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { BadRequestError } from '../errors';
import { freeChunks } from './free-chunks';

/**
 * A write starts once this much has arrived (a few socket reads of up to 64 KiB). Small on
 * purpose: the chunks then die young and are freed by cheap scavenges; gathering MiBs kept
 * them alive into full collections and raised peak memory (docs/performance.md).
 */
const BATCH_BYTES = 256 * 1024;
/** With one write in flight, the socket is paused once this much more is waiting (memory per part stays ~this). */
const PAUSE_BYTES = 1024 * 1024;

export interface WrittenPart {
  bytes: number;
  /** Milliseconds from the first to the last byte written (docs/performance.md). */
  receiveMs: number;
}

/**
 * Takes each batch once it is on disk (the content hash's block stream, src-service/storage/
 * block-hasher.ts): it becomes the chunks' last user, and its promise says when it is done
 * with them. Without one, a written batch's memory is freed at once.
 */
export type WrittenChunks = (chunks: Buffer[]) => Promise<void>;

/**
 * Writes a request body to `[start, start + expected)` of an existing file. The socket's own
 * chunks are handed to `writev` as they are (no copy into a buffer of ours), one batch in
 * flight while the next gathers, the socket paused when the disk (or the hashing) falls
 * behind; a written batch goes to `taker` or its memory is freed at once rather than by the
 * garbage collector. More or fewer bytes than `expected` is a 400. No fsync here: the whole
 * file is flushed once before it is STORED, which costs less than one flush per part
 * competing for the same I/O threads.
 */
export async function writePartBody(file: string, start: number, expected: number, body: Readable, label: string, taker?: WrittenChunks): Promise<WrittenPart> {
  const fh = await fs.open(file, 'r+');
  const began = performance.now();
  try {
    const bytes = await drainInto(fh, start, expected, body, label, taker);
    return { bytes, receiveMs: performance.now() - began };
  } finally {
    await fh.close();
  }
}

function drainInto(fh: fs.FileHandle, start: number, expected: number, body: Readable, label: string, taker?: WrittenChunks): Promise<number> {
  return new Promise((resolve, reject) => {
    let batch: Buffer[] = [];
    let batchBytes = 0;
    let received = 0;
    let position = start;
    let writing: Promise<void> | null = null;
    /** Bytes written but not yet released by the taker (bounded like the batch). */
    let taking = 0;
    let ended = false;
    let failed = false;

    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      cleanup();
      // Let a write in flight settle first: the caller closes the file handle next.
      void (writing ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => reject(err instanceof Error ? err : new Error('The part could not be written', { cause: err })));
    };
    const blocked = () => writing !== null || taking >= PAUSE_BYTES;
    const handOver = (chunks: Buffer[], bytes: number) => {
      if (!taker) return freeChunks(chunks); // on disk now, and nothing else reads them
      taking += bytes;
      taker(chunks).then(() => {
        taking -= bytes;
        step();
      }, fail);
    };
    const flush = () => {
      const chunks = batch;
      const bytes = batchBytes;
      const at = position;
      position += bytes;
      batch = [];
      batchBytes = 0;
      writing = writeAll(fh, chunks, at).then(() => {
        writing = null;
        if (failed) return;
        handOver(chunks, bytes);
        step();
      }, fail);
    };
    /** What to do next: write the waiting batch, take more from the socket, or finish. */
    const step = () => {
      if (failed) return;
      if (!blocked() && batchBytes > 0 && (batchBytes >= BATCH_BYTES || ended)) flush();
      if (ended && !writing && batchBytes === 0 && taking === 0) return finish();
      if (body.isPaused() && batchBytes < PAUSE_BYTES) body.resume();
    };
    const finish = () => {
      cleanup();
      if (received !== expected) reject(new BadRequestError(`${label} must be ${expected} bytes, got ${received}`));
      else resolve(received);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > expected) return fail(new BadRequestError(`${label} must be ${expected} bytes, got more`));
      batch.push(chunk);
      batchBytes += chunk.length;
      if (!blocked() && batchBytes >= BATCH_BYTES) flush();
      else if (batchBytes >= PAUSE_BYTES) body.pause();
    };
    const onEnd = () => {
      ended = true;
      step();
    };
    const onError = (err: Error) => fail(err);
    const onClose = () => {
      if (!ended) fail(new BadRequestError(`${label}: the request body was not received completely`));
    };
    const cleanup = () => {
      body.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
    };
    body.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** `writev` may write less than asked (signals, quotas): go on from where it stopped. */
async function writeAll(fh: fs.FileHandle, chunks: Buffer[], position: number): Promise<void> {
  let rest = chunks;
  let at = position;
  for (;;) {
    const total = rest.reduce((n, c) => n + c.length, 0);
    const { bytesWritten } = await fh.writev(rest, at);
    if (bytesWritten >= total) return;
    at += bytesWritten;
    rest = skipBytes(rest, bytesWritten);
  }
}

function skipBytes(chunks: Buffer[], n: number): Buffer[] {
  const out: Buffer[] = [];
  let skip = n;
  for (const c of chunks) {
    if (skip >= c.length) {
      skip -= c.length;
      continue;
    }
    out.push(skip > 0 ? c.subarray(skip) : c);
    skip = 0;
  }
  return out;
}
