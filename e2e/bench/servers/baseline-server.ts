/**
 * The baselines' servers, run as their own process like the service: a bare node:http
 * server that answers one JSON body from memory (any path), and a minimal static file
 * server (`/file`, createReadStream). Prints "baseline listening on <url>".
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const json = process.env.BENCH_JSON_FILE ? fs.readFileSync(process.env.BENCH_JSON_FILE) : Buffer.from('{}');
const staticFile = process.env.BENCH_STATIC_FILE;

const server = http.createServer((req, res) => {
  if (staticFile && req.url === '/file') {
    const size = fs.statSync(staticFile).size;
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': size });
    fs.createReadStream(staticFile).pipe(res);
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': json.length });
  res.end(json);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
