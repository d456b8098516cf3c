import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeHostOptions, type HostMessage } from './service-protocol';

/**
 * The service host is what Electron's utilityProcess runs. Here it is forked by plain Node
 * (same code, the Node IPC channel instead of parentPort), so its contract with main is
 * tested on machines without the Electron binary.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function startHost(dataDir: string) {
  const child = fork(path.resolve('src-main/service-host.ts'), [encodeHostOptions({ dataDir, webRoot: path.join(dataDir, 'no-ui') })], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FFDESK_QUIET: '1', FFDESK_SAMPLES: '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: HostMessage[] = [];
  const next = (type: HostMessage['type']) =>
    new Promise<HostMessage>((resolve, reject) => {
      const seen = messages.find((m) => m.type === type);
      if (seen) return resolve(seen);
      child.on('message', (m: HostMessage) => m.type === type && resolve(m));
      child.once('exit', (code) => reject(new Error(`host exited (${code}) before '${type}'`)));
    });
  child.on('message', (m: HostMessage) => messages.push(m));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, next, exited };
}

describe('service host (the utilityProcess entry)', () => {
  it('when started, then it reports its URL and key, serves the API, and stops cleanly when asked', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-host-'));
    dirs.push(dataDir);
    const host = startHost(dataDir);
    const ready = await host.next('ready');
    if (ready.type !== 'ready') throw new Error('unreachable');
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.dataDir).toBe(dataDir);
    const account = await fetch(`${ready.url}/v1/account`, { headers: { 'X-API-KEY': ready.apiKey } });
    expect(account.status).toBe(200);
    host.child.send({ type: 'stop' });
    await host.next('stopped');
    expect(await host.exited).toBe(0);
    await expect(fetch(`${ready.url}/v1/health`)).rejects.toThrow();
  });

  it('when its data dir cannot be used, then it reports failed with the reason and exits non-zero', async () => {
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-host-')), 'a-file');
    dirs.push(path.dirname(blocker));
    fs.writeFileSync(blocker, 'not a folder');
    const host = startHost(path.join(blocker, 'data'));
    const failed = await host.next('failed');
    expect(failed.type === 'failed' && failed.message.length > 0).toBe(true);
    expect(await host.exited).not.toBe(0);
  });
});
