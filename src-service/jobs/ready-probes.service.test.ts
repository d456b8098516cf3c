import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfiner } from '../media/confine';
import { findBwrap, smokeTestBwrap, START_ON_INPUT } from '../media/confine/bwrap';
import { startTestService, tempDir, type TestService } from '../testing/harness';
import { makeTinyMedia } from '../testing/media';
import { binaries } from '../testing/media-fixtures';
import { processesMentioning } from '../testing/processes';
import { readyOutputProbes } from './ready-probes';

/**
 * Output probes made ready while ffmpeg runs (docs/performance.md, "Output probes made ready"):
 * the probe's sandbox exists beside ffmpeg, waiting; it runs once the output is written and
 * checked, and is ended, never run, when the command fails or is cancelled.
 */
const bwrap = findBwrap();
const bwrapProblem = process.platform !== 'linux' ? process.platform : bwrap === null ? 'bwrap not found' : smokeTestBwrap(bwrap);
const SKIP_WHY = `needs a working bubblewrap on Linux (${bwrapProblem ?? 'ok'})`;
/** Two seconds paced to real time (-re): ffmpeg runs at least that long, whatever the load. */
const PACED = '-re -f lavfi -i testsrc=duration=2:size=64x48:rate=10 -c:v libx264 -preset ultrafast -pix_fmt yuv420p';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ sandbox: 'require' });
});
afterAll(async () => {
  await svc?.stop();
});

/** The probe sandboxes waiting for this command's outputs (their shell's command line names the script and the job folder). */
const waitingProbes = (commandId: string) => processesMentioning(commandId).filter((p) => p.cmdline.includes(START_ON_INPUT));

async function submit(ffmpegCommand: string): Promise<string> {
  const res = await svc.api('POST', '/v1/run-ffmpeg-command', {
    output_files: { out_1: 'out.mp4' },
    ffmpeg_command: ffmpegCommand,
    max_command_run_seconds: 120,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.command_id as string;
}

/** Polls until the command's probe sandbox is seen or the command has ended; whether it was seen while ffmpeg ran. */
async function seenWaitingWhileRunning(id: string): Promise<boolean> {
  for (;;) {
    if (waitingProbes(id).length > 0) return (await svc.api('GET', `/v1/commands/${id}`)).body.status === 'PROCESSING';
    const status = (await svc.api('GET', `/v1/commands/${id}`)).body.status;
    if (status === 'SUCCESS' || status === 'FAILED') return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((r) => setTimeout(r, 20));
}

/** Waits (up to the test's timeout) until no process mentions the command. */
const noneLeft = (id: string) => until(() => processesMentioning(id).length === 0);

describe.skipIf(bwrapProblem !== null)(`output probes made ready (${SKIP_WHY})`, () => {
  it('when a probe is made ready before its file exists, then released once the file is there it probes that file, and one not released never runs', async () => {
    const work = tempDir('ffdesk-ready-probe-');
    const media = makeTinyMedia(tempDir('ffdesk-ready-media-'), { seconds: 1 });
    const confiner = createConfiner({ mode: () => 'require', log: () => undefined });
    const stop = new AbortController();
    const ready = readyOutputProbes({ ffprobePath: binaries.ffprobePath, confiner }, { out_1: 'made.mp4', out_2: 'never.mp4' }, work, stop.signal);
    await until(() => processesMentioning(work).filter((p) => p.cmdline.startsWith(`/bin/sh -c ${START_ON_INPUT}`)).length === 2); // both shells wait in their sandboxes, before any file exists
    fs.copyFileSync(media.video, path.join(work, 'made.mp4'));
    const probe = await ready.release('out_1');
    expect(probe?.streams?.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(ready.release('out_1')).toBeUndefined(); // once per output
    expect(processesMentioning('never.mp4').filter((p) => p.cmdline.startsWith(binaries.ffprobePath))).toEqual([]); // still the waiting shell
    ready.cancel();
    await until(() => processesMentioning(work).length === 0);
  });

  it('when a command runs, then its output probe waits in its sandbox beside ffmpeg, and once released it gives the output its media facts', async () => {
    const id = await submit(`${PACED} {{out_1}}`);
    expect(await seenWaitingWhileRunning(id)).toBe(true);
    const done = await svc.waitForCommand(id);
    expect(done.status, done.error_message).toBe('SUCCESS');
    expect(done.output_files.out_1).toMatchObject({ codec: 'h264', width: 64, height: 48, pixel_format: 'yuv420p' });
    expect(done.output_files.out_1.duration).toBeCloseTo(2, 0);
    await noneLeft(id); // the test times out if a process of the job stays
  });

  it('when ffmpeg fails, then the waiting probe is ended without running and nothing of the job is left', async () => {
    // The paced input has no audio: mapping one fails once the input is open, after the probe was made ready.
    const id = await submit(`${PACED} -map 0:a {{out_1}}`);
    const done = await svc.waitForCommand(id);
    expect(done.status).toBe('FAILED');
    await noneLeft(id);
  });

  it('when the command is cancelled while ffmpeg runs, then its waiting probe goes with it', async () => {
    const id = await submit(`${PACED} {{out_1}}`);
    expect(await seenWaitingWhileRunning(id)).toBe(true);
    const cancel = await svc.api('POST', `/v1/commands/${id}/cancel`);
    expect(cancel.status, cancel.text).toBeLessThan(300);
    await svc.waitForCommand(id);
    await noneLeft(id);
  });
});
