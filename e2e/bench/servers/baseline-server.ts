/**
 * The baselines' servers, run as their own process like the service: a bare node:http
 * server that answers one JSON body from memory (any path, with the same headers as the service's poll answer), a minimal static file
 * server (`/file`, createReadStream), and a minimal upload sink: `PUT /sink/<n>?part_size=P`
 * pipes the body into BENCH_UPLOAD_FILE at offset (n - 1) × P, `POST /sink-sync` fsyncs it.
 * Prints "baseline listening on <url>".
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const json = process.env.BENCH_JSON_FILE ? fs.readFileSync(process.env.BENCH_JSON_FILE) : Buffer.from('{}');
const staticFile = process.env.BENCH_STATIC_FILE;
const uploadFile = process.env.BENCH_UPLOAD_FILE;
const SINK_PART = /^\/sink\/(\d+)\?part_size=(\d+)$/;

/** The least a Node server does to land a part: a write stream at the part's offset, no checks. */
function sink(req: http.IncomingMessage, res: http.ServerResponse, file: string): void {
  const part = SINK_PART.exec(req.url ?? '');
  if (req.method === 'PUT' && part) {
    const start = (Number(part[1]) - 1) * Number(part[2]);
    req.pipe(fs.createWriteStream(file, { flags: 'r+', start })).once('finish', () => {
      res.writeHead(200, { ETag: `"${part[1]}"`, 'Content-Length': 0 });
      res.end();
    });
    return;
  }
  const fd = fs.openSync(file, 'r');
  fs.fsync(fd, () => {
    fs.closeSync(fd);
    res.writeHead(204);
    res.end();
  });
}

const server = http.createServer((req, res) => {
  if (uploadFile && (req.url?.startsWith('/sink/') || req.url === '/sink-sync')) return sink(req, res, uploadFile);
  if (staticFile && req.url === '/file') {
    const size = fs.statSync(staticFile).size;
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size });
    fs.createReadStream(staticFile).pipe(res);
    return;
  }
  // The service's poll answer carries a fresh X-Request-Id: the same header here, so both put the same bytes on the wire.
  res.writeHead(200, { 'X-Request-Id': crypto.randomUUID(), 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': json.length });
  res.end(json);
});
server.keepAliveTimeout = 65_000; // as the service (docs/http-guards.md), so both send the same Keep-Alive header
server.listen(0, '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
