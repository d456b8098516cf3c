import { AppPage } from './app-page';
import { seriousViolations } from './axe-check';
import { expect, openApp, screen, test } from './fixtures';

/**
 * Compare across types: an MP4 input beside its GIF output, each drawn by its own element,
 * the facts under each side, the wipe moved by keyboard; axe at 1280 and 800 px, light and
 * dark. The 800 px dark run takes docs/screenshots/compare.png.
 */
for (const [width, scheme] of [
  [1280, 'light'],
  [800, 'light'],
  [1280, 'dark'],
  [800, 'dark'],
] as const) {
  test.describe(`compare at ${width} px, ${scheme}`, () => {
    test.use({ viewport: { width, height: 800 }, colorScheme: scheme });

    test(`when an MP4 → GIF output is compared with its input (${width} px, ${scheme}), then both sides show with their facts and the wipe moves by keyboard`, async ({
      page,
      svc,
    }) => {
      await svc.samplesReady();
      const sample = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4')!;
      const { command_id } = await svc.client.runCommand({
        input_files: { in_1: sample.storage_url! },
        output_files: { out_1: 'small.gif' },
        ffmpeg_command: '-i {{in_1}} -t 1 -vf fps=5,scale=160:-1 {{out_1}}',
      });
      await svc.client.waitForCommand(command_id, { intervalMs: 250 });
      const app = new AppPage(page);
      await openApp(page, svc, `#/jobs/${command_id}`);
      await expect(app.jobStatus()).toHaveText('Success');
      await app.outputCard('out_1').getByRole('button', { name: 'Compare with input' }).click();

      const player = app.largePlayer();
      await expect(player).toBeVisible();
      // The input is a video element that loads, the GIF output an image that decodes.
      const video = player.locator('video');
      await expect(video).toHaveCount(1);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
      const gif = player.getByRole('img', { name: 'small.gif' });
      await expect.poll(() => gif.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);

      // Facts under each side: resolution, duration, bitrate and size.
      await expect(player.getByLabel('Input in_1 facts')).toContainText(/\d+×\d+ · \d+:\d\d · [\d.]+ [kM]bit\/s · [\d.]+ [KM]?B/);
      await expect(player.getByLabel('small.gif facts')).toContainText(/160×\d+ · .*[\d.]+ [KM]?B/);

      // The wipe: a slider moved by the arrow keys moves the split.
      const slider = player.getByRole('slider', { name: /Wipe position/ });
      await expect(slider).toHaveValue('50');
      await slider.focus();
      for (let i = 0; i < 3; i++) await slider.press('ArrowRight');
      await slider.press('ArrowLeft');
      await expect(slider).toHaveValue('52');
      const split = await player.locator('.compare-wipe').evaluate((el) => (el as HTMLElement).style.getPropertyValue('--split'));
      expect(split).toBe('52%');

      expect(await seriousViolations(page)).toEqual([]);
      if (width === 800 && scheme === 'dark') await screen(page, 'compare');

      // Side by side keeps both sides drawn by their types.
      await player.getByRole('radio', { name: 'Side by side' }).check();
      await expect(player.locator('video')).toHaveCount(1);
      await expect.poll(() => gif.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
