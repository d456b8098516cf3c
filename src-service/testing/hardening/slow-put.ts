import http from 'node:http';
import { NetworkError } from './client';

/**
 * PUTs `data` to a signed part URL in small chunks with pauses, as a client on a slow link
 * does, so a kill can land in the middle of a part. Content-Length is declared up front.
 */
export function putSlowly(url: string, data: Buffer, opts: { chunkBytes: number; delayMs: number }): Promise<{ status: number; etag: string; body: string }> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time: a pooled keep-alive socket can be closed by the server just as it is reused.
    const req = http.request(url, { method: 'PUT', agent: false, headers: { 'Content-Length': String(data.length) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ''), body }));
      res.on('error', (err) => reject(new NetworkError(`PUT ${url}: ${err.message}`, { cause: err })));
    });
    req.on('error', (err) => reject(new NetworkError(`PUT ${url}: ${err.message}`, { cause: err })));
    let offset = 0;
    const send = () => {
      if (req.destroyed) return;
      const chunk = data.subarray(offset, offset + opts.chunkBytes);
      offset += chunk.length;
      if (offset >= data.length) {
        req.end(chunk);
        return;
      }
      req.write(chunk);
      setTimeout(send, opts.delayMs);
    };
    send();
  });
}
