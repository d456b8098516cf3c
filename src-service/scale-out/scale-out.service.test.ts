import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia, startMediaServer, type MediaServer } from '../testing/media';
import { hasRedisServer, startRedis, type TestRedis } from '../testing/redis';
import { startWorkerProcess, type WorkerProcess } from '../testing/worker-process';
import { createWorkersRepo } from './workers-repo';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import { workerProtocolEndpoints } from '../contract/endpoints/worker-protocol';
import { bodyKindOf } from '../contract/endpoint';
import { otherAccountKey, waitForCommandAs } from '../testing/hardening/fixtures';
import { writeStandinFfmpeg } from '../testing/hardening/standin-ffmpeg';

const SKIP = hasRedisServer() ? false : 'redis-server is not installed (Debian package redis-server; .ci/run installs it)';

let base: string;
let redis: TestRedis;
let svc: TestService;
let media: MediaServer;
let token: string;
const workers: WorkerProcess[] = [];
const TRIAL_FOLDER_BUDGET = 2_000_000;

async function makeZip(file: string, entries: Record<string, string>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, src] of Object.entries(entries)) zip.addBuffer(fs.readFileSync(src), name);
  zip.end();
  await new Promise<void>((resolve, reject) => zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject));
}

beforeAll(async () => {
  if (SKIP) return;
  base = tempDir('ffdesk-scale-');
  const mediaDir = path.join(base, 'media');
  const m = makeTinyMedia(mediaDir);
  await makeZip(path.join(mediaDir, 'movie.zip'), { 'movie.mp4': m.video, 'movie.srt': m.srt });
  media = await startMediaServer(mediaDir);
  fs.mkdirSync(path.join(base, 'redis'));
  redis = await startRedis(path.join(base, 'redis'));
  // A small trial job-folder budget: the worker must hold it too (docs/sandbox.md, per-plan limits).
  svc = await startTestService({ redisUrl: redis.url, workerLostSeconds: 20, trialJobFolderBytes: TRIAL_FOLDER_BUDGET });
  token = createWorkersRepo(svc.service.parts.db).createToken('test').token;
  // Both workers run a stand-in ffmpeg: the real one, but for a few output names it acts like
  // exploited code (leaves a link where the output should be).
  fs.writeFileSync(path.join(mediaDir, 'canary.txt'), 'outside every job folder');
  const ffmpegPath = writeStandinFfmpeg(base, mediaDir);
  for (const name of ['w1', 'w2']) {
    workers.push(await startWorkerProcess({ serviceUrl: svc.url, redisUrl: redis.url, token, workDir: path.join(base, name), ffmpegPath }));
  }
}, 120_000);

afterAll(async () => {
  try {
    for (const w of workers) await w.stop();
    await svc?.stop();
  } finally {
    await redis?.stop(); // never leave a redis-server behind
  }
  await media?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

async function runToEnd(route: string, body: unknown): Promise<any> {
  const res = await svc.api('POST', route, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return svc.waitForCommand(res.body.command_id, { timeoutMs: 90_000 });
}

describe.skipIf(SKIP)(`commands through two BullMQ workers${SKIP ? ` [SKIPPED: ${SKIP}]` : ''}`, () => {
  it('when a single command runs on a worker, then its output is stored by the service and downloadable', async () => {
    const done = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'small.mp4' },
      ffmpeg_command: '-i {{in_1}} -vf scale=160:-2 -preset ultrafast {{out_1}}',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ status: 'STORED', file_type: 'video', width: 160 });
    expect(done.ffmpeg_command_run_seconds).toBeGreaterThan(0);
    const got = await fetch(done.output_files.out_1.storage_url);
    expect(got.status).toBe(200);
    expect((await got.arrayBuffer()).byteLength).toBe(Math.round(done.output_files.out_1.size_mbytes * 1048576));
    const log = await svc.api('GET', `/v1/commands/${done.command_id}/log`);
    expect(log.text).toContain('step 1/1');
    expect(log.text).toMatch(/--- worker \S+: running with \d+ vCPU/);
    // Nothing ran inside the service: no job folder was made there.
    expect(fs.readdirSync(path.join(svc.dataDir, 'jobs'))).toEqual([]);
  });

  it('when an edit is submitted with workers running, then the service cuts it with its own runner and it ends SUCCESS', async () => {
    // Edits plan from the input's packets and run on the service itself (docs/scale-out.md, "What runs where").
    const done = await runToEnd('/v1/edits', {
      input: `${media.url}/video.mp4`,
      segments: [{ start: 0.4, end: 1.2 }],
      mode: 'smart',
      output: { filename: 'edited.mp4' }, // not cut.mp4: the interim-file case checks no such file is stored
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1 ?? Object.values(done.output_files)[0]).toMatchObject({ status: 'STORED', file_type: 'video' });
    const log = await svc.api('GET', `/v1/commands/${done.command_id}/log`);
    expect(log.text).not.toMatch(/--- worker /);
  });

  it('when a stored file is the input, then the worker fetches it through a signed URL; an unsigned private one fails as embedded', async () => {
    const first = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'clip.mp4' },
      ffmpeg_command: '-i {{in_1}} -t 1 -c copy {{out_1}}',
    });
    expect(first.status, first.error_message).toBe('SUCCESS');
    const done = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: first.output_files.out_1.storage_url },
      output_files: { out_1: 'frame.png' },
      ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ file_type: 'image', file_format: 'png' });
    const priv = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'p.mp4' },
      is_private: true,
      ffmpeg_command: '-i {{in_1}} -t 1 -c copy {{out_1}}',
    });
    const refused = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${svc.url}/storage/${priv.output_files.out_1.file_id}/p.mp4` },
      output_files: { out_1: 'f.png' },
      ffmpeg_command: '-i {{in_1}} -frames:v 1 {{out_1}}',
    });
    expect(refused).toMatchObject({ status: 'FAILED', error_status: 'UNREACHABLE_INPUT_FILE' });
  });

  it("when commands are chained, then the second step reads the first step's file on the same worker", async () => {
    const done = await runToEnd('/v1/run-chained-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'part.mp4', out_2: 'thumb.jpg' },
      ffmpeg_commands: ['-i {{in_1}} -t 1 -c copy {{out_1}}', '-i {{out_1}} -frames:v 1 {{out_2}}'],
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_2).toMatchObject({ file_type: 'image' });
    expect(done.output_files.out_1.duration).toBeCloseTo(1, 0);
  });

  it('when chained commands pass an interim file, then it stays on the worker: only the outputs come back', async () => {
    const done = await runToEnd('/v1/run-chained-ffmpeg-commands', {
      input_files: { in_1: `${media.url}/video.mp4` },
      interim_files: { inter_1: 'cut.mp4' },
      output_files: { out_1: 'thumb.jpg' },
      ffmpeg_chained_commands: ['-i {{in_1}} -t 1 -c copy {{inter_1}}', '-i {{inter_1}} -frames:v 1 {{out_1}}'],
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(Object.keys(done.output_files)).toEqual(['out_1']);
    const names = (await svc.api('GET', '/v1/files?status=all')).body.map((f: { filename: string }) => f.filename);
    expect(names).not.toContain('cut.mp4');
  });

  it('when OUTPUT_FOLDER is asked, then the files the command wrote come back as one zip', async () => {
    const done = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: 'OUTPUT_FOLDER',
      ffmpeg_command: '-i {{in_1}} -vf fps=2 frame_%02d.png',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const zip = done.output_files.OUTPUT_FOLDER;
    expect(zip).toMatchObject({ file_format: 'zip' });
    expect(zip.file_count).toBeGreaterThanOrEqual(3);
  });

  it('when an HLS playlist is written, then the manifest and all its segments are stored as one playlist', async () => {
    const done = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_playlist_1: 'index.m3u8' },
      ffmpeg_command: '-i {{in_1}} -c copy -f hls -hls_time 1 -hls_list_size 0 -hls_segment_filename seg_%03d.ts {{out_playlist_1}}',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const rec = done.output_files.out_playlist_1;
    expect(rec.file_count).toBeGreaterThanOrEqual(2);
    const manifest = await (await fetch(rec.storage_url)).text();
    const seg = manifest.split('\n').find((l) => l.endsWith('.ts')) as string;
    expect((await fetch(new URL(seg, rec.storage_url))).status).toBe(200);
  });

  it('when the input is a zipped folder, then the worker extracts it and ffmpeg reads the archive names', async () => {
    const done = await runToEnd('/v1/run-ffmpeg-command', {
      input_compressed_folder: `${media.url}/movie.zip`,
      output_files: { out_1: 'out.mp4' },
      ffmpeg_command: '-i movie.mp4 -vf subtitles=movie.srt -t 1 -preset ultrafast {{out_1}}',
    });
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ file_type: 'video' });
  });

  it("when a running command is cancelled, then it ends CANCELLED and the worker's ffmpeg is stopped, long before its 60 s end", async () => {
    const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'slow.mp4' },
      ffmpeg_command: '-re -stream_loop -1 -i {{in_1}} -t 60 -preset ultrafast {{out_1}}',
    });
    const id = res.body.command_id as string;
    await svc.waitForCommand(id, { until: (b) => b.status === 'PROCESSING' && b.progress != null, timeoutMs: 60_000 });
    expect(ffmpegRunningFor(id)).toBe(true);
    const cancel = await svc.api('POST', `/v1/commands/${id}/cancel`);
    expect(cancel.body).toMatchObject({ status: 'FAILED', error_status: 'CANCELLED' });
    // The worker learns of the cancel from the answer to its next progress report (every 0.5 s)
    // and stops ffmpeg; a cancel that never reached it would leave ffmpeg running for its whole
    // 60 s, so waiting for the process to go is the check (no clock: a loaded machine is slow).
    await processGone(() => ffmpegRunningFor(id));
    const after = await svc.waitForCommand(id);
    expect(after).toMatchObject({ status: 'FAILED', error_status: 'CANCELLED' });
  });

  it('when a command runs past max_command_run_seconds, then the worker stops it and it ends TIMEOUT', async () => {
    const done = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'long.mp4' },
      max_command_run_seconds: 2,
      ffmpeg_command: '-re -stream_loop -1 -i {{in_1}} -t 60 -preset ultrafast {{out_1}}',
    });
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'TIMEOUT' });
  });

  it("when a command fails on the worker, then ffmpeg's error reaches the record", async () => {
    const done = await runToEnd('/v1/run-ffmpeg-command', {
      input_files: { in_1: `${media.url}/video.mp4` },
      output_files: { out_1: 'x.mp4' },
      ffmpeg_command: '-i {{in_1}} -c:v no_such_codec {{out_1}}',
    });
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message).toMatch(/no_such_codec|Unknown encoder/);
  });

  it('when code inside ffmpeg on a worker leaves a link or a hard link where the output should be, then nothing is uploaded and the command fails naming it', async () => {
    const expected = {
      // The folder scan after the steps (jobs/execute.ts) catches a link...
      'standin-link-abs.bin': /"standin-link-abs\.bin" in its folder, which is not a regular file/,
      // ...a second name is a regular file: the upload's check on the open descriptor refuses it.
      'standin-hardlink.bin': /standin-hardlink\.bin refused: .*(one name|hard link|links)/,
    };
    for (const [name, message] of Object.entries(expected)) {
      const done = await runToEnd('/v1/run-ffmpeg-command', {
        output_files: { out_1: name },
        ffmpeg_command: '-f lavfi -i testsrc=duration=0.2:size=64x48 -f null {{out_1}}',
      });
      expect(done).toMatchObject({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
      expect(done.error_message).toMatch(message);
    }
  });

  it('when a command ends on a worker, then the account webhook announces it, signed, as without workers', async () => {
    const receiver = await startWebhookReceiver();
    try {
      receiver.secret = (await svc.api('PUT', '/v1/webhook', { url: receiver.url })).body.secret;
      const done = await runToEnd('/v1/run-ffmpeg-command', {
        input_files: { in_1: `${media.url}/video.mp4` },
        output_files: { out_1: 'hook.mp4' },
        ffmpeg_command: '-i {{in_1}} -t 1 -c copy {{out_1}}',
      });
      expect(done.status, done.error_message).toBe('SUCCESS');
      const hooks = await receiver.waitFor(1, 20_000);
      const mine = hooks.find((h) => h.json.data.command_id === done.command_id);
      expect(mine?.json.data).toMatchObject({ status: 'SUCCESS' });
      expect(mine?.isSignatureValid).toBe(true);
    } finally {
      await svc.api('DELETE', '/v1/webhook');
      await receiver.close();
    }
  });

  it('when the outputs made on a worker overflow the processing quota, then the command fails QUOTA_EXCEEDED and nothing is kept', async () => {
    const { accounts } = svc.service.parts;
    const account = accounts.createAccount('pro', { processingQuotaBytes: 50_000 });
    const { key } = accounts.addKey(account.id);
    const res = await svc.api(
      'POST',
      '/v1/run-ffmpeg-command',
      {
        input_files: { in_1: `${media.url}/video.mp4` },
        output_files: { out_1: 'big.mp4' },
        ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}',
      },
      { key },
    );
    expect(res.status, res.text).toBe(200);
    let done: any;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      done = (await svc.api('GET', `/v1/commands/${res.body.command_id}`, undefined, { key })).body;
      if (done.status === 'SUCCESS' || done.status === 'FAILED') break;
    }
    expect(done).toMatchObject({ status: 'FAILED', error_status: 'QUOTA_EXCEEDED' });
    const files = await svc.api('GET', '/v1/files', undefined, { key });
    expect(files.body).toEqual([]);
  });

  it("when a trial command on a worker writes past the trial plan's job-folder budget, then the worker stops it and the failure names the budget", async () => {
    const key = otherAccountKey(svc, 'trial');
    const res = await svc.api(
      'POST',
      '/v1/run-ffmpeg-command',
      { output_files: { out_1: 'big.nut' }, vcpu_count: 1, ffmpeg_command: '-f lavfi -i testsrc=size=320x240:rate=25:duration=10 -c:v rawvideo {{out_1}}' },
      { key },
    );
    expect(res.status, res.text).toBe(200);
    const done = await waitForCommandAs(svc, res.body.command_id, key, 90_000);
    expect({ status: done.status, error_status: done.error_status }).toEqual({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message).toContain(`grew past ${TRIAL_FOLDER_BUDGET} bytes, the trial plan's job-folder budget (FFDESK_TRIAL_JOB_FOLDER_BYTES)`);
    const log = await svc.api('GET', `/v1/commands/${done.command_id}/log`, undefined, { key });
    expect(log.text).toMatch(/--- worker \S+: running with/);
  });

  it('when scripts ask GET /v1/workers, then both workers are listed with host, ffmpeg version and cores', async () => {
    const res = await svc.api('GET', '/v1/workers');
    expect(res.status).toBe(200);
    expect(res.body.queue).toBe('redis');
    const online = res.body.workers.filter((w: any) => w.online);
    expect(online.length).toBeGreaterThanOrEqual(2);
    expect(online[0]).toMatchObject({ host: expect.any(String), cores: expect.any(Number), vcpus: 2, running_jobs: expect.any(Number) });
    expect(online[0].ffmpeg_version).toMatch(/\d/);
    expect(Array.isArray(online[0].hardware_encoders)).toBe(true);
  });

  it('when a user key calls a worker route, or a worker token a user route, then both get 401', async () => {
    const asUser = await svc.api('POST', '/v1/worker/heartbeat', {}, { headers: { authorization: `Bearer ${svc.key}` } });
    expect(asUser.status).toBe(401);
    const userHeader = await svc.api('POST', '/v1/worker/commands/x/claim', { worker_id: 'w' });
    expect(userHeader.status).toBe(401);
    const asWorker = await svc.api('GET', '/v1/commands', undefined, { key: null, headers: { authorization: `Bearer ${token}`, 'x-api-key': token } });
    expect(asWorker.status).toBe(401);
  });

  it('when each declared worker-protocol endpoint is called, then without the token 401, with it the answer comes from its route', async () => {
    const wrong: string[] = [];
    for (const e of Object.values(workerProtocolEndpoints)) {
      const path = e.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'part_number' ? '1' : `x${crypto.randomUUID()}`));
      // A body of the wrong type: a JSON route refuses it (415) before its handler runs, so nothing changes.
      const send = (headers: Record<string, string>) =>
        fetch(`${svc.url}${path}`, { method: e.method.toUpperCase(), headers: { 'content-type': 'text/plain', ...headers }, body: 'x' });
      const userCredentials: Record<string, string>[] = [{}, { 'x-api-key': svc.key }, { authorization: `Bearer ${svc.key}` }];
      for (const headers of userCredentials) {
        const res = await send(headers);
        const text = await res.text();
        if (res.status !== 401 || !text.includes('worker token')) wrong.push(`${e.method} ${e.path} ${JSON.stringify(headers)} -> ${res.status} ${text}`);
      }
      const res = await send({ authorization: `Bearer ${token}` });
      const text = await res.text();
      const expected = bodyKindOf(e) === 'json' ? 415 : 403; // the part PUT: a part URL without its signature
      if (res.status !== expected) wrong.push(`${e.method} ${e.path} with the token -> ${res.status} ${text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('when a worker route is asked with another method or an unknown path, then 405 with Allow, or 404', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const get = await fetch(`${svc.url}/v1/worker/heartbeat`, { headers: auth });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const unknown = await fetch(`${svc.url}/v1/worker/nothing`, { method: 'POST', headers: auth });
    expect([unknown.status, await unknown.text()]).toEqual([404, '{"detail":"Not Found"}']);
    const badPart = await fetch(`${svc.url}/v1/worker/uploads/x/parts/one`, { method: 'PUT', headers: auth, body: 'x' });
    expect([badPart.status, await badPart.text()]).toEqual([404, '{"detail":"Not Found"}']);
  });
});

/** Whether an ffmpeg process works in a job folder of this command (its cwd is `<work dir>/<id>`). */
function ffmpegRunningFor(id: string): boolean {
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('ffmpeg')) continue;
      if (fs.readlinkSync(`/proc/${pid}/cwd`).endsWith(`/${id}`)) return true;
    } catch {
      // exited meanwhile
    }
  }
  return false;
}

/** Resolves once `running()` is false, checked every 50 ms; the test's timeout bounds it. */
async function processGone(running: () => boolean): Promise<void> {
  while (running()) await new Promise((r) => setTimeout(r, 50));
}
