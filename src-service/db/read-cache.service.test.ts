import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../testing/harness';
import { CLI_PROGRAM, cliArgs } from '../testing/cli-bundle';

// The key lookup and finished commands' records are cached (the poll fast path); these
// check that nothing stale is ever served once a key is revoked or an output deleted.
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc?.stop());

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('read caches never serve stale data', () => {
  it('when a key is revoked by another process (the CLI), then it is refused at a later data-version check, not served from the cache on', async () => {
    const created = await svc.api('POST', '/v1/keys', { label: 'revoked from the CLI' });
    const key: string = created.body.key;
    expect((await svc.api('GET', '/v1/commands?limit=1', undefined, { key })).status).toBe(200); // now cached
    const root = path.resolve('.');
    await promisify(execFile)(CLI_PROGRAM, cliArgs(['keys', 'revoke', created.body.key_id]), {
      cwd: root,
      env: { ...process.env, FFDESK_DATA_DIR: svc.dataDir },
    });
    // The check runs every 250 ms (db/read-cache.ts); the bound here only has to tell "seen at a
    // later check" from "cached for good", so it leaves room for a loaded machine (no timing figure).
    await until(async () => (await svc.api('GET', '/v1/commands?limit=1', undefined, { key })).status === 401, 10_000);
  });

  it('when a key is revoked through the API, then the very next request with it is refused', async () => {
    const created = await svc.api('POST', '/v1/keys', { label: 'revoked in-process' });
    expect((await svc.api('GET', '/v1/account', undefined, { key: created.body.key })).status).toBe(200);
    expect((await svc.api('DELETE', `/v1/keys/${created.body.key_id}`)).status).toBe(204);
    expect((await svc.api('GET', '/v1/account', undefined, { key: created.body.key })).status).toBe(401);
  });

  it("when a finished command's outputs are deleted, then the next poll shows them deleted", async () => {
    const sub = await svc.api('POST', '/v1/run-ffmpeg-command', {
      output_files: { out_1: 'a.png' },
      ffmpeg_command: '-f lavfi -i testsrc=size=64x48 -frames:v 1 {{out_1}}',
    });
    const done = await svc.waitForCommand(sub.body.command_id);
    expect(done.status).toBe('SUCCESS');
    const before = await svc.api('GET', `/v1/commands/${done.command_id}`);
    expect(before.body.output_files.out_1).toMatchObject({ is_deleted: false });
    expect((await svc.api('GET', `/v1/poll-command/${done.command_id}`)).body).toEqual(before.body); // served again, same body
    expect((await svc.api('DELETE', `/v1/commands/${done.command_id}/files`)).status).toBe(204);
    const after = await svc.api('GET', `/v1/commands/${done.command_id}`);
    expect(after.body.output_files.out_1).toMatchObject({ is_deleted: true, storage_url: null });
    const signed = await svc.api('GET', `/v1/commands/${done.command_id}?presigned_ttl_seconds=60`);
    expect(signed.body.output_files.out_1).toMatchObject({ is_deleted: true, storage_url: null });
  });
});
