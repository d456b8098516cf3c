import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../testing/media';
import { startChildService } from '../testing/child-service';
import { freePort, hasRedisServer, startRedis, type TestRedis } from '../testing/redis';
import { startWorkerProcess, type WorkerProcess } from '../testing/worker-process';
import { openDatabase } from '../db/open';
import { createWorkersRepo } from './workers-repo';
import { QUEUE_NAME, redisOptions } from './redis-options';
import type { QueuedJob } from './queue-scheduler';

const SKIP = hasRedisServer() ? false : 'redis-server is not installed (Debian package redis-server; .ci/run installs it)';
const skipNote = SKIP ? ` [SKIPPED: ${SKIP}]` : '';

let base: string;
let media: MediaServer;

beforeAll(async () => {
  if (SKIP) return;
  base = tempDir('ffdesk-scale-faults-');
  makeTinyMedia(path.join(base, 'media'));
  media = await startMediaServer(path.join(base, 'media'));
});

afterAll(async () => {
  await media?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

/** A command that runs about `seconds` of wall time (-re paces ffmpeg to real time). */
const slowBody = (seconds: number) => ({
  input_files: { in_1: `${media.url}/video.mp4` },
  output_files: { out_1: 'slow.mp4' },
  ffmpeg_command: `-re -stream_loop -1 -i {{in_1}} -t ${seconds} -preset ultrafast {{out_1}}`,
});

/** The ffmpeg processes working for a command: pid and job folder (`<worker dir>/<id>`). */
function ffmpegFor(id: string): { pid: number; cwd: string }[] {
  const found: { pid: number; cwd: string }[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('ffmpeg')) continue;
      const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
      if (cwd.endsWith(`/${id}`)) found.push({ pid: Number(pid), cwd });
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

interface Caller {
  api(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }>;
}

async function submit(svc: Caller, body: unknown): Promise<string> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.command_id as string;
}

describe.skipIf(SKIP)(`worker and Redis faults${skipNote}`, () => {
  let redis: TestRedis;
  let svc: TestService;
  let token: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    fs.mkdirSync(path.join(base, 'redis-a'));
    redis = await startRedis(path.join(base, 'redis-a'), { aof: true });
    svc = await startTestService({ redisUrl: redis.url, workerLostSeconds: 30 });
    token = createWorkersRepo(svc.service.parts.db).createToken('faults').token;
    for (const name of ['w1', 'w2'])
      workers.push(await startWorkerProcess({ serviceUrl: svc.url, redisUrl: redis.url, token, workDir: path.join(base, name), stalledMs: 1500 }));
  }, 120_000);

  afterAll(async () => {
    try {
      for (const w of workers) await w.stop();
      await svc?.stop();
    } finally {
      await redis?.stop(); // never leave a redis-server behind
    }
  });

  it('when the worker running a command is killed -9, then another worker takes it over and it ends SUCCESS', async () => {
    const id = await submit(svc, slowBody(3));
    await svc.waitForCommand(id, { until: (b) => b.status === 'PROCESSING' && b.progress != null, timeoutMs: 60_000 });
    const [ff] = ffmpegFor(id);
    expect(ff, 'an ffmpeg runs the command on a worker').toBeDefined();
    const victim = workers.findIndex((_w, i) => ff!.cwd.startsWith(path.join(base, `w${i + 1}`)));
    expect(victim).toBeGreaterThanOrEqual(0);
    await workers[victim]!.kill9();
    try {
      process.kill(ff!.pid, 'SIGKILL'); // the machine is gone: its ffmpeg too
    } catch {
      // already gone: the sandbox ends ffmpeg with its parent
    }
    const done = await svc.waitForCommand(id, { timeoutMs: 90_000 });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1.duration).toBeCloseTo(3, 0);
    const row = svc.service.parts.commands.getAny(id);
    expect(row?.attempts).toBe(2);
    // The dead worker restarted on its own work dir (what a supervisor does), for the next tests:
    // its start looks for sandboxes the kill left there (docs/sandbox.md).
    workers[victim] = await startWorkerProcess({
      serviceUrl: svc.url,
      redisUrl: redis.url,
      token,
      workDir: path.join(base, `w${victim + 1}`),
      stalledMs: 1500,
    });
  });

  it('when Redis restarts mid-run (with its AOF), then nothing is lost and every command ends SUCCESS', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await submit(svc, slowBody(2)));
    await svc.waitForCommand(ids[0]!, { until: (b) => b.status === 'PROCESSING', timeoutMs: 60_000 });
    await redis.restart(1000);
    for (const id of ids) {
      const done = await svc.waitForCommand(id, { timeoutMs: 120_000 });
      expect(done.status, `${id}: ${done.error_message}`).toBe('SUCCESS');
    }
  });
});

describe.skipIf(SKIP)(`the worker protocol, driven by hand${skipNote}`, () => {
  let redis: TestRedis;
  let svc: TestService;
  let token: string;
  const call = (method: string, p: string, body?: unknown) => svc.api(method, p, body, { key: null, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    fs.mkdirSync(path.join(base, 'redis-b'));
    redis = await startRedis(path.join(base, 'redis-b'));
    svc = await startTestService({ redisUrl: redis.url });
    token = createWorkersRepo(svc.service.parts.db).createToken('by hand').token;
  }, 60_000);

  afterAll(async () => {
    await svc?.stop();
    await redis?.stop();
  });

  it('when a command is taken over after its worker died twice, then it ends FAILED INTERRUPTED (the restart rule)', async () => {
    const id = await submit(svc, slowBody(1));
    const a = await call('POST', `/v1/worker/commands/${id}/claim`, { worker_id: 'a' });
    expect(a.body.plan).toMatchObject({ command_id: id, outputs: { out_1: 'slow.mp4' }, vcpu_count: expect.any(Number), max_run_seconds: expect.any(Number) });
    expect(a.body.plan.steps[0]).toContain('{{in_1}}');
    const b = await call('POST', `/v1/worker/commands/${id}/claim`, { worker_id: 'b' });
    expect(b.body.plan).toBeDefined();
    // The first worker comes back: it is told to stop.
    expect((await call('POST', `/v1/worker/commands/${id}/progress`, { worker_id: 'a' })).body).toEqual({ cancel: true });
    const c = await call('POST', `/v1/worker/commands/${id}/claim`, { worker_id: 'c' });
    expect(c.body.gone).toBeDefined();
    const done = await svc.waitForCommand(id);
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'INTERRUPTED' });
  });

  it('when an output upload breaks off halfway, then no half file is kept and completing asks for it again', async () => {
    const id = await submit(svc, slowBody(1));
    expect((await call('POST', `/v1/worker/commands/${id}/claim`, { worker_id: 'u' })).body.plan).toBeDefined();
    const init = await call('POST', `/v1/worker/commands/${id}/files`, { worker_id: 'u', path: 'slow.mp4', size_bytes: 100_000 });
    expect(init.status, init.text).toBe(200);
    await sendHalf(`${svc.url}${init.body.upload_urls[0]}`, token, 100_000, 40_000);
    const remote = path.join(svc.dataDir, 'jobs', `${id}.remote`);
    expect(fs.existsSync(path.join(remote, 'slow.mp4'))).toBe(false);
    const finish = await call('POST', `/v1/worker/commands/${id}/complete`, {
      worker_id: 'u',
      produced: ['slow.mp4'],
      input_bytes: 1,
      ffmpeg_seconds: 1,
      log: '',
    });
    expect(finish.body).toMatchObject({ status: 'PROCESSING', missing: ['slow.mp4'] });
    const wrong = await call('POST', `/v1/worker/uploads/${init.body.upload_id}/complete`, { etags: ['"x"'] });
    expect(wrong.status).toBe(400);
    expect(fs.existsSync(path.join(remote, 'slow.mp4'))).toBe(false);
    const gone = await call('POST', `/v1/worker/commands/${id}/fail`, {
      worker_id: 'u',
      error_status: 'PROCESSING_ERROR',
      error_message: 'gave up',
      log: '',
      ffmpeg_seconds: 0,
    });
    expect(gone.body).toEqual({ status: 'FAILED' });
  });

  it('when Redis restarts without persistence, then the service queues its QUEUED commands again and a worker runs them', async () => {
    const id = await submit(svc, {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'again.mp4' },
      ffmpeg_command: '-i {{in_1}} -t 1 -c copy {{out_1}}',
    });
    await untilQueuedInRedis(redis.url, id); // the queue the restart then loses
    await redis.restart(300); // no AOF: the queue is gone
    const worker = await startWorkerProcess({ serviceUrl: svc.url, redisUrl: redis.url, token, workDir: path.join(base, 'w-after-loss') });
    try {
      const done = await svc.waitForCommand(id, { timeoutMs: 60_000 });
      expect(done.status, done.error_message).toBe('SUCCESS');
    } finally {
      await worker.stop();
    }
  });

  it('when a worker token is revoked, then its worker stops taking work and the command stays QUEUED for others', async () => {
    const repo = createWorkersRepo(svc.service.parts.db);
    const second = repo.createToken('to revoke');
    const worker = await startWorkerProcess({ serviceUrl: svc.url, redisUrl: redis.url, token: second.token, workDir: path.join(base, 'w-revoked') });
    const exited = new Promise<number | null>((r) => worker.child.once('exit', (code) => r(code)));
    expect(repo.revokeToken(second.id)).toBe(true);
    const id = await submit(svc, {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'r.mp4' },
      ffmpeg_command: '-i {{in_1}} -t 1 -c copy {{out_1}}',
    });
    expect(await exited).toBe(1);
    expect(worker.output()).toContain('refused the worker token');
    expect((await svc.api('GET', `/v1/commands/${id}`)).body.status).toBe('QUEUED');
    await svc.api('POST', `/v1/commands/${id}/cancel`);
  });

  it('when a worker names an output path outside its folder, then the service refuses it', async () => {
    const id = await submit(svc, slowBody(1));
    await call('POST', `/v1/worker/commands/${id}/claim`, { worker_id: 'p' });
    for (const bad of ['../escape.mp4', '/etc/passwd', 'a/../../b']) {
      const res = await call('POST', `/v1/worker/commands/${id}/files`, { worker_id: 'p', path: bad, size_bytes: 10 });
      expect(res.status, bad).toBe(400);
    }
  });
});

describe.skipIf(SKIP)(`the service restarted while a worker runs a command${skipNote}`, () => {
  it('when the service restarts mid-run, then the worker reconnects, the command ends SUCCESS and earlier outputs are kept', async () => {
    fs.mkdirSync(path.join(base, 'redis-c'));
    const redis = await startRedis(path.join(base, 'redis-c'));
    const dataDir = path.join(base, 'svc-data');
    const port = await freePort();
    const env = {
      FFDESK_DATA_DIR: dataDir,
      FFDESK_PORT: String(port),
      FFDESK_REDIS_URL: redis.url,
      FFDESK_API_KEY: 'ffd_restart_test_key',
      FFDESK_WORKER_LOST_SECONDS: '30',
    };
    let child = await startChildService(env);
    const db = openDatabase(dataDir);
    const token = createWorkersRepo(db).createToken('restart').token;
    db.close();
    const worker = await startWorkerProcess({ serviceUrl: child.url, redisUrl: redis.url, token, workDir: path.join(base, 'wr') });
    const api = { api: (m: string, p: string, b?: unknown) => jsonCall(child.url, m, p, b) };
    try {
      const firstId = await submit(api, {
        input_files: { in_1: `${media.url}/video.mp4` },
        output_files: { out_1: 'first.mp4' },
        ffmpeg_command: '-i {{in_1}} -t 1 -c copy {{out_1}}',
      });
      const first = await waitFor(api, firstId, (b) => b.status === 'SUCCESS' || b.status === 'FAILED');
      expect(first.status, first.error_message).toBe('SUCCESS');
      const id = await submit(api, slowBody(3));
      await waitFor(api, id, (b) => b.status === 'PROCESSING' && b.progress != null);
      await child.stop();
      await new Promise((r) => setTimeout(r, 1500));
      child = await startChildService(env);
      const done = await waitFor(api, id, (b) => b.status === 'SUCCESS' || b.status === 'FAILED');
      expect(done.status, done.error_message).toBe('SUCCESS');
      const again = await waitFor(api, firstId, () => true);
      expect((await fetch(again.output_files.out_1.storage_url)).status).toBe(200);
    } finally {
      await worker.stop();
      await child.stop();
      await redis.stop();
    }
  });
});

async function jsonCall(url: string, method: string, p: string, body?: unknown) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { 'x-api-key': 'ffd_restart_test_key', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

async function waitFor(svc: Caller, id: string, until: (b: any) => boolean): Promise<any> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await svc.api('GET', `/v1/commands/${id}`).catch(() => null);
    if (res && res.status === 200 && until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`command ${id}: ${JSON.stringify(res?.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts a part PUT that announces `total` bytes, sends `sent`, and hangs up. */
function sendHalf(url: string, token: string, total: number, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-length': String(total) } });
    req.on('error', () => resolve());
    req.write(Buffer.alloc(sent), () =>
      setTimeout(() => {
        req.destroy();
        setTimeout(resolve, 300);
      }, 200),
    );
  });
}

/** Resolves once the service's job for the command is in Redis' queue (waiting for the state, not a clock). */
async function untilQueuedInRedis(redisUrl: string, commandId: string): Promise<void> {
  const queue = new Queue<QueuedJob>(QUEUE_NAME, { connection: redisOptions(redisUrl) });
  try {
    for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const jobs = await queue.getJobs(['wait', 'prioritized', 'delayed', 'active']);
      if (jobs.some((j) => j.data.commandId === commandId)) return;
      if (Date.now() > deadline) throw new Error(`command ${commandId} was never queued in Redis`);
    }
  } finally {
    await queue.close();
  }
}
