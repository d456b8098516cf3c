import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface SlowServer {
  url: string;
  /** Responses started, by path. */
  hits: Map<string, number>;
  /** Bodies being sent right now. */
  active(): number;
  /** 'start' and 'finish' (body fully sent), with the path. */
  events: EventEmitter;
  close(): Promise<void>;
}

/**
 * A static file server that trickles its bodies (`chunkBytes` every `delayMs`), so a
 * download is still under way when the service is killed. Content-Length is sent, like a
 * real media host, so a cut-off download is detectable.
 */
export async function startSlowServer(dir: string, opts: { chunkBytes: number; delayMs: number }): Promise<SlowServer> {
  const hits = new Map<string, number>();
  const events = new EventEmitter();
  let active = 0;
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const file = path.join(dir, name);
    hits.set(name, (hits.get(name) ?? 0) + 1);
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const data = fs.readFileSync(file);
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': data.length });
    active++;
    events.emit('start', name);
    res.once('close', () => active--);
    let offset = 0;
    const send = () => {
      if (res.destroyed) return;
      const chunk = data.subarray(offset, offset + opts.chunkBytes);
      offset += chunk.length;
      if (offset < data.length) {
        res.write(chunk);
        setTimeout(send, opts.delayMs);
        return;
      }
      res.end(chunk, () => events.emit('finish', name));
    };
    send();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hits,
    active: () => active,
    events,
    close: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
