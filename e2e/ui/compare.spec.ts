import { AppPage } from './app-page';
import { seriousViolations } from './axe-check';
import { expect, openApp, screen, test } from './fixtures';

/**
 * Compare across types: an MP4 input beside its GIF output, each drawn by its own element,
 * the facts under each side, the wipe moved by keyboard; axe on both modes at 1280 and 800
 * px, light and dark. One walk: the page is resized and its colour scheme switched in place
 * for the checks (the job and its outputs are the same at any size). The 800 px dark wipe
 * takes docs/screenshots/compare.png.
 */
const VARIANTS = [
  [1280, 'light'],
  [800, 'light'],
  [1280, 'dark'],
  [800, 'dark'],
] as const;

test('when an MP4 → GIF output is compared with its input, then both sides show with their facts, the wipe moves by keyboard, and axe passes at 1280 and 800 px, light and dark', async ({
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

  const found: Record<string, string[]> = {};
  for (const mode of ['Wipe', 'Side by side'] as const) {
    await player.getByRole('radio', { name: mode }).check();
    for (const [width, scheme] of VARIANTS) {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      // Both sides stay drawn by their types at every size.
      await expect(player.locator('video')).toHaveCount(1);
      await expect.poll(() => gif.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
      found[`${mode} at ${width} px ${scheme}`] = await seriousViolations(page);
      if (mode === 'Wipe' && width === 800 && scheme === 'dark') await screen(page, 'compare');
    }
  }
  expect(Object.keys(found)).toHaveLength(2 * VARIANTS.length);
  expect(Object.entries(found).filter(([, v]) => v.length > 0)).toEqual([]);
});
