import { violationsInEveryLook } from './axe-check';
import { compareOutput, expect, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

/**
 * Compare across types: an MP4 input beside its GIF output, each drawn by its own element,
 * the facts under each side, the wipe moved by keyboard; axe at 1280 and 800 px, light and
 * dark, switched in place on the open view. The 800 px dark look is docs/screenshots/compare.png.
 */
test.describe('compare view', () => {
  // Four axe runs per view: on a loaded 2-core machine the walk can pass two minutes.
  test.beforeEach(() => test.slow());
  test('when an MP4 → GIF output is compared with its input, then both sides show with their facts, the wipe moves by keyboard, and axe finds nothing in any look', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    const sample = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4')!;
    const player = await compareOutput(page, svc, {
      input_files: { in_1: sample.storage_url! },
      output_files: { out_1: 'small.gif' },
      ffmpeg_command: '-i {{in_1}} -t 1 -vf fps=5,scale=160:-1 {{out_1}}',
    });
    // The input is a video element that loads, the GIF output an image that decodes.
    const video = player.locator('video');
    await expect(video).toHaveCount(1);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const gif = player.getByRole('img', { name: 'small.gif' });
    await expect.poll(() => gif.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);

    // Facts under each side: resolution, duration, bitrate and size.
    await expect(player.getByLabel('Input: sample-video.mp4 facts')).toContainText(/\d+×\d+ · \d+:\d\d · [\d.]+ [kM]bit\/s · [\d.]+ [KM]?B/);
    await expect(player.getByLabel('small.gif facts')).toContainText(/160×\d+ · 0:01 · [\d.]+ [kM]bit\/s · [\d.]+ [KM]?B/);

    // The wipe: a slider moved by the arrow keys moves the split.
    const slider = player.getByRole('slider', { name: /Wipe position/ });
    await expect(slider).toHaveValue('50');
    await slider.focus();
    for (let i = 0; i < 3; i++) await slider.press('ArrowRight');
    await slider.press('ArrowLeft');
    await expect(slider).toHaveValue('52');
    const split = await player.locator('.compare-wipe').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--split'));
    expect(split).toBe('52%');

    const wipe = await violationsInEveryLook(page, 'wipe', async (look) => {
      if (look.width === 800 && look.scheme === 'dark') await screen(page, 'compare');
    });
    expect(Object.entries(wipe).filter(([, v]) => v.length > 0)).toEqual([]);

    // Side by side keeps both sides drawn by their types.
    await player.getByRole('radio', { name: 'Side by side' }).check();
    await expect(player.locator('video')).toHaveCount(1);
    await expect.poll(() => gif.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
    const sideBySide = await violationsInEveryLook(page, 'side by side');
    expect(Object.entries(sideBySide).filter(([, v]) => v.length > 0)).toEqual([]);
  });
});
