import { describe, expect, it } from 'vitest';
import { createClient } from './index';

/** A fake service: init answers 3 part URLs; part 2 fails once with a 500. */
function fakeService() {
  const calls: { method: string; url: string; headers: Record<string, string>; size?: number }[] = [];
  let failedOnce = false;
  const fetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const size = init.body instanceof Blob ? init.body.size : undefined;
    calls.push({ method: init.method ?? 'GET', url, headers, size });
    if (url.endsWith('/v1/files/init-upload')) {
      return Response.json({ file_id: 'f1', part_size: 4, upload_urls: ['http://s/p/1', 'http://s/p/2', 'http://s/p/3'] });
    }
    if (url.startsWith('http://s/p/')) {
      if (url.endsWith('/2') && !failedOnce) {
        failedOnce = true;
        return new Response('{"detail":"boom"}', { status: 500 });
      }
      return new Response(null, { status: 200, headers: { ETag: `"etag-${url.slice(-1)}"` } });
    }
    if (url.endsWith('/complete-upload')) return Response.json({ file_id: 'f1', status: 'UPLOADED', body: JSON.parse(String(init.body)) });
    return new Response('{"detail":"Not Found"}', { status: 404 });
  };
  return { calls, fetch };
}

describe('uploadFile', () => {
  it('when a part fails once, then it is retried and complete gets every ETag in order', async () => {
    const svc = fakeService();
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch: svc.fetch });
    const progress: number[] = [];
    const result = (await client.uploadFile(new Blob(['0123456789']), {
      filename: 'a.bin',
      retries: 2,
      onProgress: (p) => progress.push(p.uploadedBytes),
    })) as unknown as { body: { parts: unknown } };
    expect(result.body.parts).toEqual([
      { part_number: 1, etag: '"etag-1"' },
      { part_number: 2, etag: '"etag-2"' },
      { part_number: 3, etag: '"etag-3"' },
    ]);
    expect(progress.at(-1)).toBe(10);
    const puts = svc.calls.filter((c) => c.method === 'PUT');
    expect(puts.every((c) => !('X-API-KEY' in c.headers))).toBe(true);
    expect(puts.map((c) => c.size).sort()).toEqual([2, 4, 4, 4]);
  });

  it('when parts keep failing, then the upload is aborted and the error thrown', async () => {
    const calls: string[] = [];
    const fetch = async (url: string): Promise<Response> => {
      calls.push(url);
      if (url.endsWith('init-upload')) return Response.json({ file_id: 'f2', part_size: 4, upload_urls: ['http://s/p/1'] });
      if (url.endsWith('abort-upload')) return Response.json({ file_id: 'f2', status: 'FAILED' });
      return new Response('{"detail":"Upload session expired"}', { status: 400 });
    };
    const client = createClient({ baseUrl: 'http://svc', apiKey: 'k', fetch });
    await expect(client.uploadFile(new Blob(['abc']), { filename: 'x' })).rejects.toMatchObject({ status: 400, detail: 'Upload session expired' });
    expect(calls.some((u) => u.endsWith('/v1/files/f2/abort-upload'))).toBe(true);
  });
});
