import type { TestService } from '../harness';

/**
 * Real records made through the API for the hardening tests: uploaded files, finished
 * commands, a second account. Nothing is faked: each goes through the service's own paths.
 */

/** A response body: untyped JSON that the tests assert on (as in testing/harness.ts). */
export type JsonBody = any;

/** Direct upload (docs/api.md §4.8): init, PUT the one part to its signed URL, complete, wait for STORED. */
export async function uploadFile(svc: TestService, filename: string, bytes: Buffer, opts: { key?: string; isPrivate?: boolean } = {}): Promise<JsonBody> {
  const key = opts.key ?? svc.key;
  const init = await svc.api('POST', '/v1/files/init-upload', { filename, size_bytes: bytes.length, is_private: opts.isPrivate ?? false }, { key });
  if (init.status !== 200) throw new Error(`init-upload ${init.status}: ${init.text}`);
  const put = await fetch(init.body.upload_urls[0], { method: 'PUT', body: bytes });
  if (put.status !== 200) throw new Error(`part PUT ${put.status}: ${await put.text()}`);
  const done = await svc.api('POST', `/v1/files/${init.body.file_id}/complete-upload`, { parts: [{ part_number: 1, etag: put.headers.get('etag') }] }, { key });
  if (done.status !== 200) throw new Error(`complete-upload ${done.status}: ${done.text}`);
  return waitForFile(svc, init.body.file_id, key);
}

export async function waitForFile(svc: TestService, fileId: string, key = svc.key, timeoutMs = 30_000): Promise<JsonBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await svc.api('GET', `/v1/files/${fileId}`, undefined, { key });
    if (res.body?.status === 'STORED' || res.body?.status === 'FAILED') return res.body;
    if (Date.now() > deadline) throw new Error(`file ${fileId} still ${res.body?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A command that makes real outputs without any input (lavfi), run to its end. */
export async function lavfiOutputs(svc: TestService, outputs: Record<string, string>, opts: { key?: string; isPrivate?: boolean } = {}): Promise<JsonBody> {
  const targets = Object.keys(outputs)
    .map((alias) => `-map 0 -c:v libx264 -preset ultrafast {{${alias}}}`)
    .join(' ');
  const res = await svc.api(
    'POST',
    '/v1/run-ffmpeg-command',
    {
      output_files: outputs,
      is_private: opts.isPrivate ?? false,
      vcpu_count: 1,
      ffmpeg_command: `-f lavfi -i testsrc=duration=0.5:size=64x48:rate=10 ${targets}`,
    },
    { key: opts.key ?? svc.key },
  );
  if (res.status !== 200) throw new Error(`submit ${res.status}: ${res.text}`);
  return waitForCommandAs(svc, res.body.command_id, opts.key ?? svc.key);
}

export async function waitForCommandAs(svc: TestService, id: string, key: string, timeoutMs = 60_000): Promise<JsonBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await svc.api('GET', `/v1/commands/${id}`, undefined, { key });
    if (res.body?.status === 'SUCCESS' || res.body?.status === 'FAILED') return res.body;
    if (Date.now() > deadline) throw new Error(`command ${id} still ${res.body?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A second account with its own key, made the way `ffdesk keys create` makes one (the real repository). */
export function otherAccountKey(svc: TestService, plan: 'pro' | 'trial' = 'pro'): string {
  const account = svc.service.parts.accounts.createAccount(plan);
  return svc.service.parts.accounts.addKey(account.id).key;
}

/** An http URL that refuses connections at once (the discard port on loopback): inputs fail fast. */
export const DEAD_URL = 'http://127.0.0.1:9/input.mp4';
