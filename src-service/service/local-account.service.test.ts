import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startChildService, type ChildService } from '../testing/child-service';
import { tempDir } from '../testing/harness';
import { LOCAL_KEY_FILE } from './bootstrap';
import { CLI_PROGRAM, cliArgs } from '../testing/cli-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let running: ChildService | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await running?.stop();
  running = undefined;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** `npm run --silent cli -- keys create ...` as a user runs it: the real CLI on the data dir. */
function createKey(dataDir: string, plan: 'trial' | 'pro'): string {
  const r = spawnSync(CLI_PROGRAM, cliArgs(['keys', 'create', '--plan', plan]), {
    cwd: root,
    env: { ...process.env, FFDESK_DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

async function account(url: string, key: string): Promise<{ status: number; plan?: string; account_id?: string }> {
  const res = await fetch(`${url}/v1/account`, { headers: { 'X-API-KEY': key } });
  return { status: res.status, ...((await res.json()) as object) };
}

async function initUpload(url: string, key: string): Promise<number> {
  const res = await fetch(`${url}/v1/files/init-upload`, {
    method: 'POST',
    headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ filename: 'a.bin', size_bytes: 10, is_private: true }),
  });
  return res.status;
}

function freshDataDir(): string {
  const d = tempDir('ffdesk-local-account-');
  dirs.push(d);
  return d;
}

describe('the local account is the local account', () => {
  it('when a trial key is created before the first serve, then the local key still belongs to a pro account of its own', async () => {
    const dataDir = freshDataDir();
    const trialKey = createKey(dataDir, 'trial');
    running = await startChildService({ FFDESK_DATA_DIR: dataDir });
    const localKey = fs.readFileSync(path.join(dataDir, LOCAL_KEY_FILE), 'utf8').trim();
    const local = await account(running.url, localKey);
    const trial = await account(running.url, trialKey);
    expect(local).toMatchObject({ status: 200, plan: 'pro' });
    expect(trial).toMatchObject({ status: 200, plan: 'trial' });
    expect(local.account_id).not.toBe(trial.account_id);
    // A trial account cannot upload private files; the local pro one can.
    expect(await initUpload(running.url, localKey)).toBe(200);
  });

  it('when FFDESK_API_KEY is set after a trial key was created first, then it belongs to the local pro account, across restarts', async () => {
    const dataDir = freshDataDir();
    createKey(dataDir, 'trial');
    const chosen = 'ffd_chosen-by-the-user-0123456789';
    running = await startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: chosen });
    const first = await account(running.url, chosen);
    expect(first).toMatchObject({ status: 200, plan: 'pro' });
    await running.stop();
    createKey(dataDir, 'pro');
    running = await startChildService({ FFDESK_DATA_DIR: dataDir });
    const localKey = fs.readFileSync(path.join(dataDir, LOCAL_KEY_FILE), 'utf8').trim();
    expect((await account(running.url, localKey)).account_id).toBe(first.account_id);
    expect((await account(running.url, chosen)).account_id).toBe(first.account_id);
  });

  it('when FFDESK_API_KEY is a key made by keys create, then the service refuses to start and says why', async () => {
    const dataDir = freshDataDir();
    const trialKey = createKey(dataDir, 'trial');
    await expect(startChildService({ FFDESK_DATA_DIR: dataDir, FFDESK_API_KEY: trialKey })).rejects.toThrow(/FFDESK_API_KEY is the key .* of another account/);
  });
});
