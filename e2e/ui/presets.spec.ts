import fs from 'node:fs';
import { extractZip } from '../../src-service/storage/zip';
import { expect, openApp, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

test.describe('presets', () => {
  test('when a built-in preset is run as a batch over two stored files, then both outputs are made, progress says so, and the zip holds both', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    // A second video, made by a real command, so the batch has two different inputs.
    const { command_id } = await svc.client.runCommand({
      output_files: { out_1: 'clip-two.mp4' },
      ffmpeg_command: '-f lavfi -i testsrc2=size=320x240:rate=10:duration=2 -c:v libx264 -preset ultrafast -pix_fmt yuv420p {{out_1}}',
    });
    expect((await svc.client.waitForCommand(command_id)).status).toBe('SUCCESS');

    // Chosen in Files, then handed to the Presets page.
    await openApp(page, svc, '#/files');
    await page.getByLabel('Select sample-video.mp4').check();
    await page.getByLabel('Select clip-two.mp4').check();
    await page.getByRole('button', { name: 'Run a preset on 2…' }).click();
    await expect(page).toHaveURL(/#\/presets$/);
    await page.getByRole('list', { name: 'Presets' }).getByRole('button', { name: 'GIF thumbnail' }).click();
    // The run panel's fields (the watch-folder form on the same page has fields of the same names).
    const run = page.getByRole('region', { name: 'Run “GIF thumbnail”' });
    await run.getByLabel(/^Length/).fill('1');
    await run.getByLabel(/^Width/).fill('120');
    const files = page.getByRole('list', { name: 'Stored files' });
    await expect(files.getByLabel('sample-video.mp4')).toBeChecked();
    await expect(files.getByLabel('clip-two.mp4')).toBeChecked();
    await page.getByRole('button', { name: 'Run on 2 files' }).click();

    const batch = page.getByRole('article', { name: 'Batch gif' });
    await expect(batch).toContainText('2 done · 0 failed · 2 total', { timeout: 90_000 });
    await expect(batch).toHaveAttribute('data-status', 'SUCCESS');
    // Its jobs read as the preset chosen, not as the command's first filter.
    const jobNames = (await svc.client.listCommands({ limit: 2 })).map((c) => c.name).sort();
    expect(jobNames).toEqual(['GIF thumbnail: clip-two.mp4 → clip-two.gif', 'GIF thumbnail: sample-video.mp4 → sample-video.gif']);
    await screen(page, '10-presets-batch');

    const download = page.waitForEvent('download');
    await batch.getByRole('button', { name: 'Download outputs (zip)' }).click();
    const zipPath = await (await download).path();
    const dir = fs.mkdtempSync(`${svc.dataDir}-zip`);
    const { files: names } = await extractZip(zipPath, dir, { maxTotalBytes: 1e9, maxEntries: 100, maxRatio: 1000 });
    expect(names.sort()).toEqual(['clip-two.gif', 'sample-video.gif']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('when a job is saved as a preset, then the saved preset holds its command, inputs and outputs', async ({ page, svc }) => {
    await svc.samplesReady();
    const video = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4')!;
    const { command_id } = await svc.client.runCommand({
      input_files: { in_1: video.storage_url as string },
      output_files: { out_1: 'small.mp4' },
      ffmpeg_command: '-i {{in_1}} -t 1 -vf scale=-2:72 -c:v libx264 -preset ultrafast -an {{out_1}}',
    });
    await svc.client.waitForCommand(command_id);
    await openApp(page, svc, `#/jobs/${command_id}`);
    await page.getByRole('button', { name: 'Save as preset…' }).click();
    await expect(page).toHaveURL(/#\/presets$/);
    await page.getByTestId('preset-editor').getByLabel('Name', { exact: true }).fill('small-clip');
    await page.getByRole('button', { name: 'Save preset', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Presets' }).locator('li[data-preset="small-clip"]')).toContainText('version 1');
    const res = await fetch(`${svc.url}/v1/presets/small-clip`, { headers: { 'X-API-KEY': svc.apiKey } });
    // The output is named after each run's input, so a batch of the preset gives each file its own name.
    expect(await res.json()).toMatchObject({ name: 'small-clip', version: 1, inputs: [{ alias: 'in_1' }], outputs: { out_1: '{name}-small.mp4' } });
    const run = await fetch(`${svc.url}/v1/presets/small-clip/run`, {
      method: 'POST',
      headers: { 'X-API-KEY': svc.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ input_files: { in_1: video.storage_url } }),
    });
    const done = await svc.client.waitForCommand(((await run.json()) as { command_id: string }).command_id);
    expect(done.output_files?.out_1?.filename).toBe('sample-video-small.mp4');
  });
});
