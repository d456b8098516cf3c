import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { run } from './tools';

/** What the PUTs of one upload answered: the ETag of each part (in order) and the Server-Timing entries summed over parts (ms). */
export interface PutResult {
  etags: string[];
  server: Record<string, number>;
}

export type PartClient = { kind: 'node' } | { kind: 'curl'; curl: string; partsDir: string };

/**
 * PUTs byte ranges of `filePath` (part i = bytes [i × partSize, …)) to `urls[i]`, `concurrency`
 * at a time over keep-alive connections. `node`: node:http streaming from disk (a client in
 * the same runtime as the service); `curl`: one `curl --parallel` process sending the parts
 * from files written by `splitParts` (a client that costs little CPU, as for downloads).
 */
export function putParts(client: PartClient, urls: string[], filePath: string, partSize: number, concurrency: number): Promise<PutResult> {
  return client.kind === 'curl' ? curlPuts(client.curl, client.partsDir, urls, concurrency) : nodePuts(urls, filePath, partSize, concurrency);
}

/** Writes each part of `filePath` to `<dir>/<n>` (n from 1), for the curl client. */
export function splitParts(filePath: string, partSize: number, dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const size = fs.statSync(filePath).size;
  const fd = fs.openSync(filePath, 'r');
  try {
    const buf = Buffer.allocUnsafe(partSize);
    for (let n = 1; (n - 1) * partSize < size; n++) {
      const len = Math.min(partSize, size - (n - 1) * partSize);
      fs.readSync(fd, buf, 0, len, (n - 1) * partSize);
      fs.writeFileSync(path.join(dir, String(n)), buf.subarray(0, len));
    }
  } finally {
    fs.closeSync(fd);
  }
}

async function curlPuts(curl: string, dir: string, urls: string[], concurrency: number): Promise<PutResult> {
  // `Expect:` off: curl would otherwise wait for "100 Continue" before each part's body.
  const args = [
    '-sS',
    '--parallel',
    '--parallel-max',
    String(concurrency),
    '-H',
    'Expect:',
    '-w',
    '%{http_code} %{url} %header{etag} %header{server-timing}\\n',
  ];
  urls.forEach((url, i) => args.push('-T', path.join(dir, String(i + 1)), url, '-o', '/dev/null'));
  const out = await run(curl, args);
  const etags: string[] = [];
  const server: Record<string, number> = {};
  for (const line of out.trim().split('\n')) {
    const [code, url, etag, ...timing] = line.split(' ');
    const n = urls.indexOf(url ?? '');
    if (code !== '200' || n < 0 || !etag) throw new Error(`part PUT answered: ${line}`);
    etags[n] = etag;
    addTimings(server, timing.join(' '));
  }
  return { etags, server };
}

async function nodePuts(urls: string[], filePath: string, partSize: number, concurrency: number): Promise<PutResult> {
  const size = fs.statSync(filePath).size;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const etags: string[] = [];
  const server: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      const start = i * partSize;
      const end = Math.min(size, start + partSize) - 1;
      const res = await putRange(agent, urls[i] as string, filePath, start, end);
      etags[i] = res.etag;
      addTimings(server, res.timing);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
  } finally {
    agent.destroy();
  }
  return { etags, server };
}

function addTimings(sum: Record<string, number>, header: string | undefined): void {
  for (const m of (header ?? '').matchAll(/([a-z]+);dur=([\d.]+)/g)) sum[m[1] as string] = (sum[m[1] as string] ?? 0) + Number(m[2]);
}

function putRange(agent: http.Agent, url: string, filePath: string, start: number, end: number): Promise<{ etag: string; timing?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'PUT', agent, headers: { 'Content-Length': String(end - start + 1), 'Content-Type': 'application/octet-stream' } },
      (res) => {
        res.resume();
        res.once('end', () => {
          const etag = res.headers.etag;
          const timing = res.headers['server-timing'];
          if (res.statusCode === 200 && etag) resolve({ etag, timing: Array.isArray(timing) ? timing.join(', ') : timing });
          else reject(new Error(`part PUT answered ${res.statusCode}`));
        });
      },
    );
    req.once('error', reject);
    const body = fs.createReadStream(filePath, { start, end, highWaterMark: 1024 * 1024 });
    body.once('error', reject);
    body.pipe(req);
  });
}
