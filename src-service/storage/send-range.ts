import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { kernelSend, sendfileModule } from './kernel-send';

/** Bytes per read and per socket write: large, so a GiB is ~512 of each. */
const SLAB_BYTES = 2 * 1024 * 1024;
/** Idle slabs kept for the next downloads (two per download in flight: one read, one sent). */
const POOL_MAX = 8;
const pool: Buffer[] = [];
const takeSlab = () => pool.pop() ?? Buffer.allocUnsafeSlow(SLAB_BYTES);
const giveSlab = (b: Buffer) => {
  if (pool.length < POOL_MAX) pool.push(b);
};
/** Where the kernel sends the rest, the first bytes go through node:http, carrying the headers. */
const FIRST_BYTES = 64 * 1024;

/**
 * Sends bytes `start..end` (inclusive) of an open file (closed here) as the body of a response whose status and
 * headers are already set. Two reused slabs alternate: one is read from disk while the other
 * is written to the socket, and a slab is read into again only once the socket has taken
 * all of it (the write callback), so nothing is allocated per chunk and at most two slabs
 * are held per download (docs/performance.md). Node has no sendfile(2) for sockets: where
 * the native module is built (Linux), everything after the first slab's worth of bytes goes
 * from the page cache to the socket through it instead (kernel-send.ts). A client that goes
 * away stops the reads and the kernel's transfer.
 */
export async function sendFileRange(res: ServerResponse, fh: fs.FileHandle, start: number, end: number): Promise<void> {
  const slabs = [takeSlab(), takeSlab()];
  let gone = false;
  let onClose = () => undefined as void;
  // A destroyed socket may never call back a write in flight: its 'close' ends the wait instead.
  const closed = new Promise<void>((resolve) => {
    onClose = () => {
      gone = true;
      resolve();
    };
  });
  res.once('close', onClose);
  try {
    let position = start;
    let sending: Promise<void> = Promise.resolve();
    if (end - start + 1 > FIRST_BYTES && sendfileModule()) {
      // The headers and the first bytes through node:http (every header is Node's own), then the rest by the kernel.
      const first = slabs[0] as Buffer;
      position += await readInto(fh, first, position, end, FIRST_BYTES);
      await Promise.race([write(res, first.subarray(0, position - start)), closed]);
      const sent = gone ? null : kernelSend(res, fh.fd, position, end - position + 1);
      const outcome = sent && (await sent);
      if (outcome instanceof Error) throw outcome;
      if (outcome) position = end + 1; // else no thread to spare: the buffers go on from here
    }
    let turn = 0;
    while (position <= end && !gone) {
      const slab = slabs[turn] as Buffer;
      turn ^= 1;
      const bytesRead = await readInto(fh, slab, position, end);
      position += bytesRead;
      await Promise.race([sending, closed]); // the other slab is free to send once the socket has taken the previous one
      if (gone) break;
      sending = write(res, slab.subarray(0, bytesRead));
      sending.catch(() => undefined); // a failed write also closes the response: the race below ends on either
    }
    await Promise.race([sending, closed]);
    if (!gone) res.end();
  } catch (err) {
    // Headers are out: the only honest signal left is a cut connection (the length will not match).
    res.destroy(err as Error);
  } finally {
    res.off('close', onClose);
    await fh.close();
    // A slab still referenced by a write that never completed (socket destroyed) is dropped, not reused.
    if (!gone) slabs.forEach(giveSlab);
  }
}

/** Reads bytes `position..end` (at most `max`) into the start of `slab`; a file shorter than stated throws. */
async function readInto(fh: fs.FileHandle, slab: Buffer, position: number, end: number, max = slab.length): Promise<number> {
  const { bytesRead } = await fh.read(slab, 0, Math.min(max, end - position + 1), position);
  if (bytesRead === 0) throw new Error('The file ended before its stated size (changed on disk?)');
  return bytesRead;
}

function write(res: ServerResponse, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    res.write(bytes, (err) => (err ? reject(err) : resolve()));
  });
}
