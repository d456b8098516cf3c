import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FfdeskClient } from '../../../src-service/client';
import { putParts, type PartClient } from './part-put';
import { run } from './tools';

/** Client-side stages of one upload (ms) and the service's own per-part timings (Server-Timing), summed over parts. */
export interface UploadStages {
  initMs: number;
  partsMs: number;
  completeMs: number;
  /** Sum over parts of each Server-Timing entry (receive, sync, hash), in ms. */
  server: Record<string, number>;
}

/**
 * Direct upload of a local file (docs/api.md §4.8) the way a fast client does it: init-upload,
 * `concurrency` part PUTs at a time over keep-alive connections (node:http streaming from
 * disk, or curl: `PartClient`), complete-upload. Returns the file id (the caller waits for
 * STORED) and the stages.
 */
export async function uploadParts(
  client: FfdeskClient,
  filePath: string,
  opts: { concurrency: number; partSize?: number; partClient?: PartClient },
): Promise<{ fileId: string; stages: UploadStages }> {
  const size = fs.statSync(filePath).size;
  const t0 = performance.now();
  const init = await client.initUpload({ filename: 'bench.bin', size_bytes: size, ...(opts.partSize ? { part_size: opts.partSize } : {}) });
  const t1 = performance.now();
  const { etags, server } = await putParts(opts.partClient ?? { kind: 'node' }, init.upload_urls, filePath, init.part_size, opts.concurrency);
  const t2 = performance.now();
  await client.completeUpload(
    init.file_id,
    etags.map((etag, i) => ({ part_number: i + 1, etag })),
  );
  const t3 = performance.now();
  return { fileId: init.file_id, stages: { initMs: t1 - t0, partsMs: t2 - t1, completeMs: t3 - t2, server } };
}

export interface Downloaded {
  bytes: number;
  seconds: number;
  /** Time to the first byte of the body. */
  ttfbMs: number;
}

/**
 * GETs a URL and throws the bytes away: with curl into /dev/null where curl is installed
 * (a client that costs little, so the server is what is measured), else with node:http.
 */
export async function download(url: string, curl: string | null = null): Promise<Downloaded> {
  if (!curl) return nodeDownload(url);
  const out = await run(curl, ['-sS', '-f', '-o', '/dev/null', '-w', '%{size_download} %{time_total} %{time_starttransfer}', url]);
  const [bytes, total, ttfb] = out.trim().split(' ').map(Number);
  return { bytes: bytes as number, seconds: total as number, ttfbMs: (ttfb as number) * 1000 };
}

function nodeDownload(url: string): Promise<Downloaded> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent: false }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`GET ${url} answered ${res.statusCode}`));
          return;
        }
        const ttfbMs = performance.now() - started;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.once('end', () => resolve({ bytes, seconds: (performance.now() - started) / 1000, ttfbMs }));
        res.once('error', reject);
      })
      .once('error', reject);
  });
}
