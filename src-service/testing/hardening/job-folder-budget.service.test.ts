import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../harness';
import { otherAccountKey, waitForCommandAs } from './fixtures';

/**
 * The per-plan job-folder budget (docs/sandbox.md, "Per-plan limits"; accounts/plans.ts): a
 * runaway trial command is stopped at its plan's budget, long before the service-wide
 * FFDESK_MAX_JOB_FOLDER_BYTES or the free-disk watch would act, and the failure names the
 * budget. The budget is lowered to 2 MB here (FFDESK_TRIAL_JOB_FOLDER_BYTES) so the test
 * writes megabytes, not gigabytes; the service-wide cap and the disk reserve keep their defaults.
 */
const BUDGET = 2_000_000;
let svc: TestService;
let trialKey: string;

beforeAll(async () => {
  svc = await startTestService({ trialJobFolderBytes: BUDGET });
  trialKey = otherAccountKey(svc, 'trial');
});
afterAll(async () => {
  await svc?.stop();
});

async function run(key: string, ffmpegCommand: string) {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', { output_files: { out_1: 'big.nut' }, vcpu_count: 1, ffmpeg_command: ffmpegCommand }, { key });
  expect(res.status, res.text).toBe(200);
  return waitForCommandAs(svc, res.body.command_id, key, 120_000);
}

// About 29 MB of raw video: far past the 2 MB budget, far below every other limit.
const RUNAWAY = '-f lavfi -i testsrc=size=320x240:rate=25:duration=10 -c:v rawvideo {{out_1}}';
// About 5.5 MB written in two frames: the step can end between two polls of the folder watch.
const QUICK_BURST = '-f lavfi -i testsrc=size=1280x720:rate=10:duration=0.2 -c:v rawvideo {{out_1}}';
const NAMED = `grew past ${BUDGET} bytes, the trial plan's job-folder budget (FFDESK_TRIAL_JOB_FOLDER_BYTES)`;

describe('per-plan job-folder budget', () => {
  it('when a trial command writes more than its plan budget, then it ends FAILED naming the budget and stores nothing', async () => {
    const done = await run(trialKey, RUNAWAY);
    expect({ status: done.status, error_status: done.error_status }).toEqual({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message).toContain(NAMED);
    expect((await svc.api('GET', '/v1/files', undefined, { key: trialKey })).body).toEqual([]);
  });

  it('when a trial step writes past the budget and exits before the watch looks, then the check after the step still stops it', async () => {
    const done = await run(trialKey, QUICK_BURST);
    expect({ status: done.status, error_status: done.error_status }).toEqual({ status: 'FAILED', error_status: 'PROCESSING_ERROR' });
    expect(done.error_message).toContain(NAMED);
  });

  it('when the local account runs the same command, then it succeeds: the local account has no plan budget, only the disk', async () => {
    const done = await run(svc.key, QUICK_BURST);
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1.size_bytes ?? done.output_files.out_1.size_mbytes * 1048576).toBeGreaterThan(BUDGET);
  });
});
