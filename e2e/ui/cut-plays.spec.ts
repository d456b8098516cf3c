import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeClip, probe } from './clip-page';
import { expect, test } from './fixtures';
import { playToEnd } from './play-to-end';

/**
 * Every edit output plays in Chromium (docs/cutting.md, "What is exact"): a smart cut joins
 * re-encoded edges (their own SPS/PPS in-band) with copied GOPs (the source's avcC); Chromium's
 * <video> must play it to the end with no error.
 */
test.describe('edit outputs in Chromium', () => {
  let work: string;
  test.beforeEach(() => void (work = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-cut-plays-'))));
  test.afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  test('when a stored H.264 clip is cut smart into two joined segments, then Chromium plays the output to its end without an error', async ({ page, svc }) => {
    // 6 s, a keyframe every second, B-frames: each segment has a re-encoded head and tail around copied GOPs.
    const source = makeClip(work, { seconds: 6, gop: 25 });
    const stored = await svc.client.uploadFile(new Blob([fs.readFileSync(source)]), { filename: 'plays.mp4' });
    await expect.poll(async () => (await svc.client.getFile(stored.file_id)).status).toBe('STORED');
    const segments = [
      { start: 0.52, end: 2.2 },
      { start: 3.04, end: 5.48 },
    ];
    const { command_id } = await svc.client.runEdit({ input: stored.file_id, segments, mode: 'smart', join: true, output: { filename: 'plays-cut.mp4' } });
    const done = await svc.client.waitForCommand(command_id, { intervalMs: 250 });
    expect(done.status, done.error_message ?? '').toBe('SUCCESS');
    expect(done.edit).toMatchObject({ mode_used: 'smart' });
    const out = done.output_files?.out_1;
    expect(out?.storage_url).toBeTruthy();
    const file = path.join(work, 'plays-cut.mp4');
    fs.writeFileSync(file, Buffer.from(await (await fetch(out!.storage_url!)).arrayBuffer()));
    const expectedFrames = Math.round((2.2 - 0.52) * 25) + Math.round((5.48 - 3.04) * 25);
    expect(probe(file).frames).toBe(expectedFrames);

    const state = await playToEnd(page, out!.storage_url!, 2);
    expect(state.error).toBeNull();
    expect(state.ended).toBe(true);
    expect([state.width, state.height]).toEqual([320, 240]);
    expect(state.currentTime).toBeGreaterThan(4);
    expect(state.currentTime).toBeCloseTo(state.duration, 1);
    if (state.decoded !== null) expect(state.decoded).toBeGreaterThan(0);
  });
});
