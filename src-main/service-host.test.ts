import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findBwrap, smokeTestBwrap } from '../src-service/media/confine/bwrap';
import { fdListingThrough, HELD_FD, heldLeak, heldTarget, stdioWithHeld } from '../src-service/testing/hardening/inherited-fd-service';
import { listedFds, writeStandinFfmpeg } from '../src-service/testing/hardening/standin-ffmpeg';
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

const linux = process.platform === 'linux';
const bwrap = linux ? findBwrap() : null;
const canConfine = bwrap !== null && smokeTestBwrap(bwrap) === null;
/** O_CLOEXEC as /proc/<pid>/fdinfo/N shows it. */
const O_CLOEXEC = 0o2000000;

/**
 * On Linux the host is also handed an extra descriptor at HELD_FD that it must keep open: it
 * stands for Chromium's own IPC descriptors, which the utility process holds and may hold
 * without close-on-exec (docs/sandbox.md, "Clean process start").
 */
function startHost(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const base = ['ignore', 'inherit', 'inherit', 'ipc'] as const;
  const child = fork(path.resolve('src-main/service-host.ts'), [encodeHostOptions({ dataDir, webRoot: path.join(dataDir, 'no-ui') })], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FFDESK_QUIET: '1', FFDESK_SAMPLES: '0', ...env },
    stdio: linux ? stdioWithHeld(base, 'pipe') : [...base],
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

/**
 * The host keeps HELD_FD open and inheritable (it cannot tell Chromium's descriptors from
 * others, so it closes none), and a command's ffmpeg still does not get it: every child is
 * spawned with /dev/null over it (media/child-process.ts).
 */
async function expectHeldDescriptorKeptFromFfmpeg(pid: number, url: string, key: string): Promise<void> {
  const target = heldTarget(pid);
  expect(target).toMatch(/^socket:\[\d+\]$/);
  const flags = parseInt(/^flags:\s*([0-7]+)$/m.exec(fs.readFileSync(`/proc/${pid}/fdinfo/${HELD_FD}`, 'utf8'))?.[1] ?? '', 8);
  expect(flags & O_CLOEXEC, 'premise: the held descriptor is inheritable').toBe(0);
  const { status, error, listing } = await fdListingThrough({ url }, key);
  expect(status, error).toBe('SUCCESS');
  expect(listedFds(listing), listing).toContain('0'); // control: it did list
  expect(heldLeak(listing, target as string), listing).toBeNull();
  expect(heldTarget(pid), 'the host still holds it').toBe(target);
}

describe('service host (the utilityProcess entry)', () => {
  it(`when started, then it reports its URL and key, serves the API${linux ? `, keeps the descriptor it holds from ffmpeg (${canConfine ? 'confined' : 'unconfined: bwrap does not work here'})` : ''}, and stops cleanly when asked`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-host-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'data');
    // A stand-in ffmpeg that lists its descriptors for one output name (the real ffmpeg otherwise).
    const standin = writeStandinFfmpeg(dir, dir);
    const host = startHost(dataDir, { FFDESK_FFMPEG_PATH: standin, FFDESK_SANDBOX: canConfine ? 'require' : 'off' });
    const ready = await host.next('ready');
    if (ready.type !== 'ready') throw new Error('unreachable');
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.dataDir).toBe(dataDir);
    const account = await fetch(`${ready.url}/v1/account`, { headers: { 'X-API-KEY': ready.apiKey } });
    expect(account.status).toBe(200);
    if (linux) await expectHeldDescriptorKeptFromFfmpeg(host.child.pid as number, ready.url, ready.apiKey);
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

  it('when main goes away while the host is still starting, then the host stops itself instead of serving with no parent', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-host-'));
    dirs.push(dataDir);
    const host = startHost(dataDir);
    // Closing the channel from this side is what the host sees when main crashes or is killed.
    host.child.disconnect();
    expect(await host.exited).toBe(0);
  });
});
