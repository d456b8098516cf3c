import fs from 'node:fs';
import { extractZip } from '../../src-service/storage/zip';
import { expect, openApp, screen, test } from './fixtures';

test.describe('presets', () => {
  test('when a built-in preset is run as a batch over two stored files, then both outputs are made, progress says so, and the zip holds both', async ({ page, svc }) => {
    await svc.samplesReady();
    // A second video, made by a real command, so the batch has two different inputs.
    const { command_id } = await svc.client.runCommand({
      output_files: { out_1: 'clip-two.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc2=size=320x240:rate=10:duration=2 -c:v libx264 -preset ultrafast -pix_fmt yuv420p {{out_1}}',
    });
    expect((await svc.client.waitForCommand(command_id)).status).toBe('SUCCESS');

    await openApp(page, svc, '#/presets');
    await page.getByRole('list', { name: 'Presets' }).getByRole('button', { name: 'GIF thumbnail' }).click();
    await page.getByLabel(/^duration/).fill('1');
    await page.getByLabel(/^width/).fill('120');
    const files = page.getByRole('list', { name: 'Stored files' });
    await files.getByLabel('sample-video.mp4').check();
    await files.getByLabel('clip-two.mp4').check();
    await page.getByRole('button', { name: 'Run on 2 files' }).click();

    const batch = page.getByRole('article', { name: 'Batch gif' });
    await expect(batch).toContainText('2 done · 0 failed · 2 total', { timeout: 90_000 });
    await expect(batch).toHaveAttribute('data-status', 'SUCCESS');
    await screen(page, '10-presets-batch');

    const download = page.waitForEvent('download');
    await batch.getByRole('button', { name: 'Download outputs (zip)' }).click();
    const zipPath = await (await download).path();
    const dir = fs.mkdtempSync(`${svc.dataDir}-zip`);
    const { files: names } = await extractZip(zipPath, dir, { maxTotalBytes: 1e9, maxEntries: 100, maxRatio: 1000 });
    expect(names.sort()).toEqual(['clip-two.gif', 'sample-video.gif']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
