import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { AppPage } from './app-page';
import { seriousViolations } from './axe-check';
import { expect, openApp, screen, test, testFolder, type UiService } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

/**
 * Pickers offer what the command reads (docs/gui.md, "Pickers"): the samples (.srt, .zip,
 * .png, .mp3) stay out of a video preset's picker, and three uploads of the same big.mp4
 * are one row that says "3 copies", with size, duration and date. 800 px, dark theme.
 */
test.describe('pickers', () => {
  test.use({ viewport: { width: 800, height: 800 }, colorScheme: 'dark' });

  /** One small clip, stored three times (the plain client does not look for copies). */
  async function storeThreeCopies(svc: UiService): Promise<void> {
    await svc.samplesReady(); // first, so the copies are the newest files
    const file = path.join(testFolder('ffdesk-picker-'), 'big.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x120:rate=10:duration=2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    for (let i = 0; i < 3; i++) await svc.client.uploadFile(await fs.openAsBlob(file), { filename: 'big.mp4' });
    await expect.poll(async () => (await svc.client.listFiles()).filter((f) => f.filename === 'big.mp4' && f.content_hash).length, { timeout: 60_000 }).toBe(3);
  }

  const ROW = /^\s*big\.mp4 · 3 copies · \d+(\.\d)? KB · 0:02 · .*\d{4}/;

  test('when a video command picks a stored input, then subtitles, zips, images and audio are hidden and identical files are one row until asked', async ({
    page,
    svc,
  }) => {
    await storeThreeCopies(svc);
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.setCommand('-i {{in_1}} -vf scale=-2:360 {{out_1}}');
    await page.getByRole('group', { name: 'Source of in_1' }).getByRole('button', { name: 'Stored file' }).click();
    const picker = page.getByRole('combobox', { name: 'Stored file for in_1' });
    const options = async () => (await picker.locator('option').allTextContents()).slice(1);
    await expect.poll(options).toHaveLength(2);
    const [newest, sample] = await options();
    expect(newest).toMatch(ROW);
    expect(sample).toMatch(/^sample-video\.mp4 · /);
    await picker.selectOption({ label: newest! });
    await screen(page, '24-picker-video-input-800-dark');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Show other kinds too \(\d+\)$/ }).click();
    const every = await options();
    for (const ext of ['.srt', '.zip', '.png', '.mp3'])
      expect(
        every.some((o) => o.includes(ext)),
        ext,
      ).toBe(true);
    expect(every.filter((o) => o.startsWith('big.mp4'))).toHaveLength(1);
  });

  test('when a video preset runs as a batch, then its file list is newest first, videos only, identical content once', async ({ page, svc }) => {
    await storeThreeCopies(svc);
    await openApp(page, svc, '#/presets');
    await page.getByRole('list', { name: 'Presets' }).getByRole('button', { name: 'GIF thumbnail' }).click();
    const list = page.getByRole('list', { name: 'Stored files' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toHaveText(ROW);
    await expect(list).not.toContainText(/\.(srt|zip|png|mp3)\b/);
    await list.getByRole('checkbox').first().check();
    await expect(page.getByRole('button', { name: 'Run on 1 file' })).toBeEnabled();
    await list.scrollIntoViewIfNeeded();
    await screen(page, '25-picker-batch-800-dark');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
