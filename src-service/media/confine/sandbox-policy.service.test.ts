import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestService, type TestService } from '../../testing/harness';
import { otherAccountKey } from '../../testing/hardening/fixtures';
import { findBwrap, smokeTestBwrap } from './bwrap';
import { findPrlimit } from './limits';
import { checkFolder } from '../../jobs/job-folder-watch';

/** The sandbox policy and the run limits through the real service (docs/sandbox.md). */
const bwrap = findBwrap();
const canConfine = process.platform === 'linux' && bwrap !== null && smokeTestBwrap(bwrap) === null;
const MISSING = '/nonexistent/bwrap';
const LAVFI = '-f lavfi -i testsrc=duration=0.4:size=64x48:rate=10 -c:v libx264 -preset ultrafast {{out_1}}';

let svc: TestService | undefined;
afterEach(async () => {
  await svc?.stop();
  svc = undefined;
});

async function runCommand(s: TestService, body: Record<string, unknown>) {
  const res = await s.api('POST', '/v1/run-ffmpeg-command', { vcpu_count: 1, max_command_run_seconds: 60, ...body });
  expect(res.status, res.text).toBe(200);
  return s.waitForCommand(res.body.command_id);
}

describe('sandbox policy', () => {
  it.skipIf(!canConfine)('when the service is local with one account, then health says prefer, bubblewrap, available (needs working bwrap)', async () => {
    svc = await startTestService();
    const health = await svc.api('GET', '/v1/health', undefined, { key: null });
    expect(health.body.sandbox).toEqual({ mode: 'prefer', mechanism: 'bubblewrap', available: true, reason: null, limits: findPrlimit() ? 'prlimit' : null });
    otherAccountKey(svc);
    const after = await svc.api('GET', '/v1/system');
    expect(after.body.sandbox.mode).toBe('require');
  });

  it('when the sandbox is required and bwrap is missing, then the command fails naming the missing piece', async () => {
    svc = await startTestService({ sandbox: 'require', bwrapPath: MISSING });
    const done = await runCommand(svc, { output_files: { out_1: 'a.mp4' }, ffmpeg_command: LAVFI });
    expect(done.status).toBe('FAILED');
    expect(done.error_status).toBe('PROCESSING_ERROR');
    expect(done.error_message).toContain(`bubblewrap (bwrap) not found at ${MISSING}: install it`);
    expect(done.error_message).toContain('FFDESK_SANDBOX=prefer');
    const health = await svc.api('GET', '/v1/health', undefined, { key: null });
    expect(health.body.sandbox).toMatchObject({
      mode: 'require',
      mechanism: process.platform === 'linux' ? 'bubblewrap' : expect.any(String),
      available: false,
      reason: expect.stringContaining('not found'),
    });
  });

  it('when the sandbox is preferred and bwrap is missing, then the command runs unconfined and health says why', async () => {
    svc = await startTestService({ sandbox: 'prefer', bwrapPath: MISSING });
    const done = await runCommand(svc, { output_files: { out_1: 'a.mp4' }, ffmpeg_command: LAVFI });
    expect(done.status, done.error_message).toBe('SUCCESS');
    const health = await svc.api('GET', '/v1/health', undefined, { key: null });
    expect(health.body.sandbox).toMatchObject({ mode: 'prefer', available: false, reason: expect.stringContaining('bubblewrap (bwrap) not found') });
  });
});

describe.skipIf(!findPrlimit())('run limits (needs util-linux prlimit)', () => {
  it('when one output grows past FFDESK_MAX_OUTPUT_FILE_BYTES, then the command fails saying so', async () => {
    svc = await startTestService({ maxOutputFileBytes: 500_000 });
    const done = await runCommand(svc, {
      output_files: { out_1: 'big.nut' },
      ffmpeg_command: '-f lavfi -i testsrc=size=320x240:rate=25:duration=20 -c:v rawvideo {{out_1}}',
    });
    expect({ status: done.status, error_status: done.error_status }).toEqual({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message).toContain('per-file limit of 500000 bytes (FFDESK_MAX_OUTPUT_FILE_BYTES)');
  });
});

describe('job folder watch', () => {
  it('when the job folder grows past FFDESK_MAX_JOB_FOLDER_BYTES in many small files, then the command is stopped saying so', async () => {
    svc = await startTestService({ maxJobFolderBytes: 2_000_000 });
    const done = await runCommand(svc, {
      output_files: 'OUTPUT_FOLDER',
      ffmpeg_command: '-re -f lavfi -i testsrc=size=320x240:rate=25:duration=30 -c:v rawvideo -f segment -segment_time 0.2 part%04d.nut',
    });
    expect({ status: done.status, error_status: done.error_status }).toEqual({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message).toContain('grew past 2000000 bytes, the service-wide job-folder limit (FFDESK_MAX_JOB_FOLDER_BYTES)');
  });

  it('when free disk space is already below FFDESK_MIN_FREE_DISK_BYTES, then a command that writes little still runs (the reserve is at most half the free space)', async () => {
    svc = await startTestService({ minFreeDiskBytes: Number.MAX_SAFE_INTEGER });
    const done = await runCommand(svc, {
      output_files: { out_1: 'a.mp4' },
      ffmpeg_command: '-re -f lavfi -i testsrc=size=64x48:rate=10:duration=2 -c:v libx264 -preset ultrafast {{out_1}}',
    });
    expect({ status: done.status, error_message: done.error_message }).toEqual({ status: 'SUCCESS', error_message: undefined });
  });

  it('when free space is under the reserve, then the check names FFDESK_MIN_FREE_DISK_BYTES and says no space is left', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-watch-'));
    try {
      const failure = await checkFolder(dir, { maxFolderBytes: Number.MAX_SAFE_INTEGER, minFreeBytes: Number.MAX_SAFE_INTEGER });
      expect(failure?.message).toMatch(/^No space left for this command.*FFDESK_MIN_FREE_DISK_BYTES/);
      expect(await checkFolder(dir, { maxFolderBytes: Number.MAX_SAFE_INTEGER, minFreeBytes: 0 })).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!canConfine)('offline samples in the sandbox (needs working bwrap)', () => {
  const SAMPLES = [
    'sample-audio.mp3',
    'sample-frames.zip',
    'sample-image.png',
    'sample-logo.png',
    'sample-music.mp3',
    'sample-subtitles.srt',
    'sample-video.mp4',
  ];

  it('when the samples are made under require, then all of them are stored, with their media fields', async () => {
    svc = await startTestService({ sandbox: 'require', samples: true });
    const deadline = Date.now() + 120_000;
    let files: { filename: string; file_type?: string; duration?: number }[] = [];
    while (Date.now() < deadline) {
      files = (await svc.api('GET', '/v1/files?limit=50')).body;
      if (files.filter((f) => SAMPLES.includes(f.filename)).length === SAMPLES.length) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(
      files
        .map((f) => f.filename)
        .filter((n) => n.startsWith('sample-'))
        .sort(),
    ).toEqual(SAMPLES);
    expect(files.find((f) => f.filename === 'sample-video.mp4')).toMatchObject({ file_type: 'video', duration: expect.any(Number) });
  }, 150_000);
});
