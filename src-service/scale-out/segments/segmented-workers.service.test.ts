import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/harness';
import { ffmpeg, startMediaServer, type MediaServer } from '../../testing/media';
import { startChildService, type ChildService } from '../../testing/child-service';
import { freePort, hasRedisServer, startRedis, type TestRedis } from '../../testing/redis';
import { startWorkerProcess, type WorkerProcess } from '../../testing/worker-process';
import { decodeErrors, hasAudio, meanSsim, videoDtsRise, videoDuration } from '../../testing/segment-checks';
import { decodedFrameCount } from '../../testing/cut-checks';
import { openDatabase } from '../../db/open';
import { createWorkersRepo } from '../workers-repo';

const SKIP = hasRedisServer() ? false : 'redis-server is not installed (Debian package redis-server; .ci/run installs it)';
const skipNote = SKIP ? ` [SKIPPED: ${SKIP}]` : '';
const KEY = 'ffd_test_segmented_workers_key_0123';

let base: string;
let media: MediaServer;
let redis: TestRedis;
/** The service as its own process (it is killed -9 below), on a fixed port so the workers find it again after a restart. */
let svc: ChildService;
let env: Record<string, string>;
let dataDir: string;
let token: string;
const workers: WorkerProcess[] = [];
let spawned = 0;

// -re paces each 1 s segment to about a second of encoding, so pieces run side by side and a kill lands mid-encode.
const SLOW = '-re -i {{in_1}} -c:v libx264 -preset veryfast -crf 23 -c:a aac -movflags +faststart {{out_1}}';
const FAST = SLOW.replace('-re ', '');
const FRAME_SECONDS = 1 / 25;
/** Seconds of source, i.e. 1 s segments: enough for two workers side by side and for each kill to land with segments done, running and pending. */
const SEGMENTS = 6;

beforeAll(async () => {
  if (SKIP) return;
  base = tempDir('ffdesk-seg-workers-');
  fs.mkdirSync(path.join(base, 'media'));
  const lavfi = ['-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=25:duration=${SEGMENTS}`, '-f', 'lavfi', '-i', `sine=duration=${SEGMENTS}`];
  ffmpeg(
    [...lavfi, '-c:v', 'libx264', '-g', '25', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'src.mp4'],
    path.join(base, 'media'),
  );
  media = await startMediaServer(path.join(base, 'media'));
  fs.mkdirSync(path.join(base, 'redis'));
  // No AOF: a Redis killed with -9 comes back empty, the hardest case for the queue.
  redis = await startRedis(path.join(base, 'redis'));
  dataDir = path.join(base, 'data');
  env = {
    FFDESK_DATA_DIR: dataDir,
    FFDESK_PORT: String(await freePort()),
    FFDESK_API_KEY: KEY,
    FFDESK_REDIS_URL: redis.url,
    FFDESK_WORKER_LOST_SECONDS: '30',
  };
  svc = await startChildService(env);
  const db = openDatabase(dataDir);
  token = createWorkersRepo(db).createToken('segmented').token;
  db.close();
  for (let i = 0; i < 2; i++) workers.push(await newWorker());
}, 180_000);

afterAll(async () => {
  try {
    for (const w of workers) await w.stop();
    await svc?.stop();
    await media?.close();
  } finally {
    await redis?.stop(); // never leave a redis-server behind
    if (base) fs.rmSync(base, { recursive: true, force: true });
  }
});

async function api(method: string, p: string, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(`${svc.url}${p}`, {
    method,
    headers: { 'X-API-KEY': KEY, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

/** Polls the record until `until` holds (default: a final status); a service that is restarting is waited for. */
async function waitForCommand(id: string, until: (b: any) => boolean = (b) => b.status === 'SUCCESS' || b.status === 'FAILED'): Promise<any> {
  const deadline = Date.now() + 180_000; // a safety net on a loaded machine, not a timing
  for (;;) {
    const res = await api('GET', `/v1/commands/${id}`).catch(() => null);
    if (res?.status === 200 && until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`command ${id}: ${JSON.stringify(res?.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A worker process with one vCPU, so every piece it holds fills it and the other worker takes the next. */
function newWorker(): Promise<WorkerProcess> {
  return startWorkerProcess({ serviceUrl: svc.url, redisUrl: redis.url, token, workDir: path.join(base, `w${++spawned}`), vcpus: 1, stalledMs: 1500 });
}

const workerName = (w: WorkerProcess) => /FFDesk worker (\S+) ready/.exec(w.output())?.[1] ?? '?';

async function submit(command: string, segmented?: unknown): Promise<string> {
  const res = await api('POST', '/v1/run-ffmpeg-command', {
    input_files: { in_1: `${media.url}/src.mp4` },
    output_files: { out_1: 'out.mp4' },
    ffmpeg_command: command,
    ...(segmented === undefined ? {} : { segmented }),
  });
  expect(res.status, res.text).toBe(200);
  return res.body.command_id as string;
}

async function finished(id: string): Promise<{ body: any; file: string }> {
  const body = await waitForCommand(id);
  expect(body.status, body.error_message).toBe('SUCCESS');
  const file = path.join(base, `${id}.mp4`);
  fs.writeFileSync(file, Buffer.from(await (await fetch(body.output_files.out_1.storage_url)).arrayBuffer()));
  return { body, file };
}

/**
 * Kills the worker and every process it ran (the machine is gone): each process working in its
 * work dir or naming it on its command line (ffmpeg, and a sandbox still being set up, which
 * would outlive a kill -9 of its worker), again until none is left (a sandbox may fork meanwhile).
 */
async function crash(w: WorkerProcess, workDir: string): Promise<void> {
  await w.kill9();
  const under = `${workDir}/`;
  for (let found = true, rounds = 0; found && rounds < 100; rounds++) {
    found = false;
    for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid)) {
      try {
        const cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
        const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (cwd !== workDir && !cwd.startsWith(under) && !argv.some((a) => a.startsWith(under))) continue;
        process.kill(Number(pid), 'SIGKILL');
        found = true;
      } catch {
        // exited meanwhile
      }
    }
    if (found) await new Promise((r) => setTimeout(r, 50));
  }
}

const segmentsIn = (b: any, ...status: string[]) => (b.segments ?? []).filter((s: any) => status.includes(s.status));

describe.skipIf(SKIP)(`segmented encodes over scale-out workers${skipNote}`, () => {
  let reference: string;
  /** The unsegmented run's frame count and duration, read once for the four comparisons. */
  let refFrames: number;
  let refDuration: number;

  it('when a segmented command runs with two workers, then its segments are spread over both and the join matches the unsegmented run', async () => {
    reference = (await finished(await submit(FAST))).file;
    refFrames = await decodedFrameCount(reference);
    refDuration = await videoDuration(reference);
    const seg = await finished(await submit(SLOW, { segment_seconds: 1 }));
    expect(seg.body.segments.length).toBe(SEGMENTS);
    expect(seg.body.segments_reused).toBe(0);
    expect(segmentsIn(seg.body, 'DONE').length).toBe(SEGMENTS);
    expect(new Set(seg.body.segments.map((s: any) => s.worker))).toEqual(new Set(workers.map(workerName)));
    expect(await decodedFrameCount(seg.file)).toBe(refFrames);
    expect(Math.abs((await videoDuration(seg.file)) - refDuration)).toBeLessThanOrEqual(FRAME_SECONDS + 1e-6);
    expect(await decodeErrors(seg.file)).toBe('');
    expect(await hasAudio(seg.file)).toBe(true);
    expect(await meanSsim(seg.file, reference)).toBeGreaterThanOrEqual(0.98);
    expect(fs.existsSync(path.join(dataDir, 'segments', seg.body.command_id))).toBe(false);
  }, 240_000);

  it('when the service is killed -9 mid-encode and restarted, then the workers carry on, the command resumes from its finished segments and ends SUCCESS', async () => {
    const id = await submit(SLOW, { segment_seconds: 1 });
    const mid = await waitForCommand(id, (b) => b.status !== 'PROCESSING' || (segmentsIn(b, 'DONE').length >= 2 && segmentsIn(b, 'RUNNING').length >= 1));
    expect(mid.status).toBe('PROCESSING');
    await svc.kill9();
    svc = await startChildService(env); // same data dir and port: the workers reconnect by themselves
    const done = await finished(id);
    expect(done.body.segments_reused).toBeGreaterThan(0);
    expect(segmentsIn(done.body, 'DONE', 'REUSED').length).toBe(SEGMENTS);
    // Segments finished before the kill are kept, not encoded again.
    for (const s of segmentsIn(mid, 'DONE')) expect(done.body.segments[s.index]).toMatchObject({ status: 'REUSED', worker: s.worker, seconds: s.seconds });
    expect(await decodedFrameCount(done.file)).toBe(refFrames);
    expect(Math.abs((await videoDuration(done.file)) - refDuration)).toBeLessThanOrEqual(FRAME_SECONDS + 1e-6);
    expect(await decodeErrors(done.file)).toBe('');
    expect(await hasAudio(done.file)).toBe(true);
    expect(await videoDtsRise(done.file)).toBe(true);
    expect(await meanSsim(done.file, reference)).toBeGreaterThanOrEqual(0.98);
    expect(fs.existsSync(path.join(dataDir, 'segments', id))).toBe(false);
  }, 300_000);

  it('when a worker is killed -9 mid-encode, then the command goes on and ends SUCCESS, redoing at most the segments that were running', async () => {
    const id = await submit(SLOW, { segment_seconds: 1 });
    const mid = await waitForCommand(id, (b) => b.status !== 'PROCESSING' || (segmentsIn(b, 'DONE').length >= 1 && segmentsIn(b, 'RUNNING').length >= 1));
    expect(mid.status).toBe('PROCESSING');
    const victimName = segmentsIn(mid, 'RUNNING')[0].worker as string;
    const victim = workers.findIndex((w) => workerName(w) === victimName);
    expect(victim, `${victimName} is one of the workers`).toBeGreaterThanOrEqual(0);
    await crash(workers[victim]!, path.join(base, `w${victim + 1}`));
    const done = await finished(id);
    // Segments finished before the kill are kept as they were: only running ones may have been encoded again.
    for (const s of segmentsIn(mid, 'DONE')) expect(done.body.segments[s.index]).toMatchObject({ worker: s.worker, seconds: s.seconds });
    expect(segmentsIn(done.body, 'DONE', 'REUSED').length).toBe(SEGMENTS);
    expect(await decodedFrameCount(done.file)).toBe(refFrames);
    expect(Math.abs((await videoDuration(done.file)) - refDuration)).toBeLessThanOrEqual(FRAME_SECONDS + 1e-6);
    expect(await decodeErrors(done.file)).toBe('');
    expect(await meanSsim(done.file, reference)).toBeGreaterThanOrEqual(0.98);
    // No replacement worker: the one left carries the next test (a worker start can take long on a loaded machine).
  }, 240_000);

  it('when Redis is killed -9 mid-encode and comes back empty, then the command continues from its finished segments and ends SUCCESS', async () => {
    const id = await submit(SLOW, { segment_seconds: 1 });
    const mid = await waitForCommand(id, (b) => b.status !== 'PROCESSING' || (segmentsIn(b, 'DONE').length >= 2 && segmentsIn(b, 'PENDING').length >= 2));
    expect(mid.status).toBe('PROCESSING');
    await redis.restart(500, 'SIGKILL');
    const done = await finished(id);
    expect(done.body.segments_reused).toBeGreaterThan(0);
    expect(segmentsIn(done.body, 'REUSED').length).toBe(done.body.segments_reused);
    for (const s of segmentsIn(mid, 'DONE')) expect(done.body.segments[s.index]).toMatchObject({ status: 'REUSED', worker: s.worker, seconds: s.seconds });
    expect(await decodedFrameCount(done.file)).toBe(refFrames);
    expect(Math.abs((await videoDuration(done.file)) - refDuration)).toBeLessThanOrEqual(FRAME_SECONDS + 1e-6);
    expect(await decodeErrors(done.file)).toBe('');
    expect(await hasAudio(done.file)).toBe(true);
  }, 240_000);
});
