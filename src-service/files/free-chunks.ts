import { MessageChannel } from 'node:worker_threads';

/**
 * Frees the memory of request-body chunks as soon as they are on disk, instead of leaving it
 * to the garbage collector (docs/performance.md, "Memory behind the body chunks").
 *
 * Node's HTTP parser hands over every body chunk (up to 64 KiB) in a freshly allocated buffer
 * of its own. Left to the collector, a GiB of them means dozens of collections started only
 * because that memory is outstanding. Transferring an ArrayBuffer through a MessagePort
 * detaches it: the buffer becomes empty at once, and the memory is released when the
 * message is dropped, which a port whose other end is closed does on the next turn of the
 * event loop. Only buffers that are the whole of their ArrayBuffer are released (the
 * parser's are); a slice of a shared pool is left alone, since other data lives in it.
 * The caller must be the chunks' last user.
 */
const dropPort = (() => {
  const { port1, port2 } = new MessageChannel();
  port2.close();
  port1.unref();
  return port1;
})();

export function freeChunks(chunks: readonly Buffer[]): void {
  const owned: ArrayBuffer[] = [];
  for (const c of chunks) {
    if (c.byteOffset === 0 && c.buffer instanceof ArrayBuffer && c.buffer.byteLength === c.length && c.length > 0) owned.push(c.buffer);
  }
  if (owned.length > 0) dropPort.postMessage(null, owned);
}
