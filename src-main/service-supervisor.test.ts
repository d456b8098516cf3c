import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeHostOptions, type HostMessage } from './service-protocol';
import { startServiceChild, type HostChild, type RunningService } from './service-child';
import { superviseService } from './service-supervisor';
import { createRestartPolicy, type RestartDecision } from './restart-policy';

/**
 * The watch over the service's process, with the real service host forked by plain Node (as
 * in service-host.test.ts) instead of Electron's utilityProcess: a host killed after it was
 * ready is restarted on a new port with the same data dir and key, until the policy gives up.
 */
const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function ownTmp(dataDir: string): string {
  const dir = `${dataDir}-tmp`;
  fs.mkdirSync(dir, { recursive: true });
  if (!dirs.includes(dir)) dirs.push(dir);
  return dir;
}

function forkHost(dataDir: string): HostChild {
  const child = fork(path.resolve('src-main/service-host.ts'), [encodeHostOptions({ dataDir, webRoot: path.join(dataDir, 'no-ui') })], {
    execArgv: ['--import', 'tsx'],
    // A host killed with SIGKILL cannot remove its temp folders: they go under the test's own folder.
    env: { ...process.env, FFDESK_QUIET: '1', FFDESK_SAMPLES: '0', TMPDIR: ownTmp(dataDir) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid) pids.push(child.pid);
  return {
    onMessage: (fn) => child.on('message', (m: HostMessage) => fn(m)),
    onExit: (fn) => child.once('exit', (code) => fn(code)),
    post: (msg) => child.send(msg),
    kill: () => child.kill('SIGKILL'),
  };
}

/** Queues what the supervisor reports, so the test waits for each event in turn. */
function recorder() {
  const queue: { type: string; value: unknown }[] = [];
  const waiting: ((e: { type: string; value: unknown }) => void)[] = [];
  const push = (e: { type: string; value: unknown }) => (waiting.length ? waiting.shift()!(e) : queue.push(e));
  return {
    events: {
      onReady: (s: RunningService, restarted: boolean) => push({ type: restarted ? 'restarted' : 'ready', value: s }),
      onCrash: (_code: number | null, d: RestartDecision) => push({ type: 'crash', value: d }),
      onStartFailed: (err: unknown) => push({ type: 'start-failed', value: err }),
    },
    next: () => new Promise<{ type: string; value: unknown }>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve))),
  };
}

async function killHostOf(service: RunningService): Promise<void> {
  const health = await fetch(`${service.url}/v1/health`);
  expect(health.status).toBe(200);
  // The host's pid is the last one forked.
  process.kill(pids[pids.length - 1]!, 'SIGKILL');
}

describe('the shell watching its service', () => {
  it('when the service process dies after it was ready, then it is restarted (same data, same key) until the limit, then given up', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-watch-'));
    dirs.push(dataDir);
    const rec = recorder();
    const policy = createRestartPolicy({ maxRestarts: 1, windowMs: 60 * 60_000, baseDelayMs: 10, maxDelayMs: 10 });
    const watch = superviseService(() => startServiceChild(forkHost(dataDir)), rec.events, { policy });
    const first = await watch.start();
    expect((await rec.next()).type).toBe('ready');

    await killHostOf(first);
    expect(await rec.next()).toEqual({ type: 'crash', value: { action: 'restart', delayMs: 10, attempt: 1 } });
    const again = await rec.next();
    expect(again.type).toBe('restarted');
    const second = again.value as RunningService;
    expect(second.apiKey).toBe(first.apiKey);
    expect(second.dataDir).toBe(dataDir);
    const account = await fetch(`${second.url}/v1/account`, { headers: { 'X-API-KEY': second.apiKey } });
    expect(account.status).toBe(200);
    expect(watch.current()).toBe(second);

    await killHostOf(second);
    expect(await rec.next()).toEqual({ type: 'crash', value: { action: 'give-up', crashes: 2 } });
    expect(watch.current()).toBeUndefined();
  });

  it('when the service is stopped by the shell, then that is not a crash', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-watch-'));
    dirs.push(dataDir);
    const rec = recorder();
    const watch = superviseService(() => startServiceChild(forkHost(dataDir)), rec.events);
    const service = await watch.start();
    await watch.stop();
    await expect(fetch(`${service.url}/v1/health`)).rejects.toThrow();
    // Nothing but the first ready was reported; a crash would have been queued before stop() returned.
    expect((await rec.next()).type).toBe('ready');
    const later = await Promise.race([rec.next(), Promise.resolve('none')]);
    expect(later).toBe('none');
  });
});
