import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FfdeskClient } from '../../../src-service/client';

/**
 * Direct upload of a local file (spec 4.8) the way a fast client does it: init-upload,
 * `concurrency` part PUTs at a time streamed from disk over keep-alive connections,
 * complete-upload. Returns the file id (the caller waits for STORED).
 */
export async function uploadParts(client: FfdeskClient, filePath: string, opts: { concurrency: number; partSize?: number }): Promise<string> {
  const size = fs.statSync(filePath).size;
  const init = await client.initUpload({ filename: 'bench.bin', size_bytes: size, ...(opts.partSize ? { part_size: opts.partSize } : {}) });
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const etags: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < init.upload_urls.length) {
      const i = next++;
      const start = i * init.part_size;
      const end = Math.min(size, start + init.part_size) - 1;
      etags[i] = await putRange(agent, init.upload_urls[i] as string, filePath, start, end);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, init.upload_urls.length) }, worker));
  } finally {
    agent.destroy();
  }
  await client.completeUpload(init.file_id, etags.map((etag, i) => ({ part_number: i + 1, etag })));
  return init.file_id;
}

function putRange(agent: http.Agent, url: string, filePath: string, start: number, end: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', agent, headers: { 'Content-Length': String(end - start + 1), 'Content-Type': 'application/octet-stream' } }, (res) => {
      res.resume();
      res.once('end', () => {
        const etag = res.headers.etag;
        if (res.statusCode === 200 && etag) resolve(etag);
        else reject(new Error(`part PUT answered ${res.statusCode}`));
      });
    });
    req.once('error', reject);
    const body = fs.createReadStream(filePath, { start, end, highWaterMark: 1024 * 1024 });
    body.once('error', reject);
    body.pipe(req);
  });
}

/** GETs a URL and throws the bytes away; resolves with the byte count and the wall time. */
export function download(url: string): Promise<{ bytes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent: false }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${url} answered ${res.statusCode}`));
          return;
        }
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.once('end', () => resolve({ bytes, seconds: (performance.now() - started) / 1000 }));
        res.once('error', reject);
      })
      .once('error', reject);
  });
}
