import fs from 'node:fs';
import { createService, type Service } from '../index';
import type { ConfigInput } from '../config';
import { TEST_FFMPEG_CACHE_FILE } from './media-fixtures';
import { trackedTempDir } from './temp-dirs';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestService {
  url: string;
  key: string;
  dataDir: string;
  service: Service;
  api<T = any>(method: string, urlPath: string, body?: unknown, opts?: { key?: string | null; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  waitForCommand(id: string, opts?: { timeoutMs?: number; until?: (body: any) => boolean }): Promise<any>;
  stop(): Promise<void>;
}

/** A fresh temp folder; removed when the test file ends if the test did not remove it (temp-dirs.ts). */
export function tempDir(prefix = 'ffdesk-test-'): string {
  return trackedTempDir(prefix);
}

/** A real service (real Koa, SQLite, ffmpeg) on 127.0.0.1, port 0, in a fresh data dir. */
export async function startTestService(overrides: Partial<ConfigInput> = {}): Promise<TestService> {
  const dataDir = overrides.dataDir ?? tempDir();
  // One cache of ffmpeg facts for every test service: each fresh data dir would otherwise re-run
  // the -version probes, the listings and the GPU test encodes in the background.
  const ffmpegCacheFile = TEST_FFMPEG_CACHE_FILE;
  const service = createService({ host: '127.0.0.1', port: 0, dataDir, quiet: true, ffmpegCacheFile, ...overrides });
  const { url } = await service.start();
  const key = service.localKey;
  const api: TestService['api'] = async (method, urlPath, body, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const useKey = opts.key === undefined ? key : opts.key;
    if (useKey) headers['X-API-KEY'] = useKey;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(urlPath.startsWith('http') ? urlPath : `${url}${urlPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // a non-JSON body (logs, media) stays text
    }
    return { status: res.status, body: parsed as any, headers: res.headers, text };
  };
  const waitForCommand: TestService['waitForCommand'] = async (id, opts = {}) => {
    const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
    const done = opts.until ?? ((b: any) => b.status === 'SUCCESS' || b.status === 'FAILED');
    for (;;) {
      const res = await api('GET', `/v1/commands/${id}`);
      if (done(res.body)) return res.body;
      if (Date.now() > deadline) throw new Error(`command ${id} still ${res.body?.status} after timeout: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    url,
    key,
    dataDir,
    service,
    api,
    waitForCommand,
    async stop() {
      await service.stop();
      await service.settled(); // what stop() gave up waiting for has ended: nothing writes into dataDir any more
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
