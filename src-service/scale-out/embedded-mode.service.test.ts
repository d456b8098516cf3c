import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../testing/media';
import { hasRedisServer, startRedis, type TestRedis } from '../testing/redis';
import { CLI_PROGRAM, cliArgs } from '../testing/cli-bundle';

const SKIP = hasRedisServer() ? false : 'redis-server is not installed (Debian package redis-server; .ci/run installs it)';

describe('without FFDESK_REDIS_URL (the default single-machine app)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('when scripts ask GET /v1/workers, then the queue is embedded and no worker is listed', async () => {
    const res = await svc.api('GET', '/v1/workers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ queue: 'embedded', workers: [] });
  });

  it('when something calls the worker routes, then they do not exist (a key gets 404, no key 401)', async () => {
    expect((await svc.api('POST', '/v1/worker/heartbeat', {})).status).toBe(404);
    expect((await svc.api('POST', '/v1/worker/heartbeat', {}, { key: null })).status).toBe(401);
  });
});

describe.skipIf(SKIP)(`FFDESK_LOCAL_WORKER=1: the service is its own worker${SKIP ? ` [SKIPPED: ${SKIP}]` : ''}`, () => {
  let base: string;
  let redis: TestRedis;
  let svc: TestService;
  let media: MediaServer;
  beforeAll(async () => {
    base = tempDir('ffdesk-local-worker-');
    makeTinyMedia(path.join(base, 'media'));
    media = await startMediaServer(path.join(base, 'media'));
    fs.mkdirSync(path.join(base, 'redis'));
    redis = await startRedis(path.join(base, 'redis'));
    svc = await startTestService({ redisUrl: redis.url, localWorker: true });
  }, 60_000);
  afterAll(async () => {
    await svc?.stop();
    await redis?.stop();
    await media?.close();
    if (base) fs.rmSync(base, { recursive: true, force: true });
  });

  it('when a command is submitted with no other worker, then the in-process worker runs it through the queue', async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'x.mp4' },
      ffmpeg_command: '-i {{in_1}} -t 1 -c copy {{out_1}}',
    });
    const done = await svc.waitForCommand(res.body.command_id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    const workers = (await svc.api('GET', '/v1/workers')).body;
    expect(workers.queue).toBe('redis');
    expect(workers.workers.filter((w: any) => w.online)).toHaveLength(1);
  });
});

describe('ffdesk workers token', () => {
  it('when a token is issued on the service machine, then it is printed once and only its hash is stored', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const { openDatabase } = await import('../db/open');
    const { createWorkersRepo } = await import('./workers-repo');
    const dataDir = tempDir();
    try {
      const root = path.resolve(__dirname, '../..');
      const { stdout } = await promisify(execFile)(CLI_PROGRAM, cliArgs(['workers', 'token', '--label', 'box']), {
        cwd: root,
        env: { ...process.env, FFDESK_DATA_DIR: dataDir },
      });
      const token = stdout.trim().split('\n').pop() as string;
      expect(token).toMatch(/^ffw_[A-Za-z0-9_-]{43}$/);
      const db = openDatabase(dataDir);
      try {
        const repo = createWorkersRepo(db);
        expect(repo.findToken(token)).toMatch(/^wt_/);
        expect(JSON.stringify(db.prepare('SELECT * FROM worker_tokens').all())).not.toContain(token);
        expect(repo.revokeToken(repo.findToken(token) as string)).toBe(true);
        expect(repo.findToken(token)).toBeUndefined();
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
