import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { AppPage } from './app-page';
import { ConvertPage } from './convert-page';
import { expect, openApp, storeClip, test, testFolder, type UiService } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });
// The panel through axe in the four looks (GIF, then MP4 at 720p with loudness and crop) is part
// of the builder walk in accessibility.spec.ts, which checks the whole page in those states.

/** A screenshot of the panel down to the end of the command card (for docs/screenshots), in a tall window. */
async function screenPanelAndCommand(page: Page, name: string, panel: Locator): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 1600 });
  await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const top = await panel.boundingBox();
  const command = await page.getByRole('region', { name: 'Command' }).boundingBox();
  if (!top || !command) throw new Error('panel or command not on screen');
  fs.mkdirSync(path.resolve('test-results/screens'), { recursive: true });
  await page.screenshot({
    path: path.resolve('test-results/screens', `${name}.png`),
    clip: { x: top.x - 8, y: Math.max(0, top.y - 8), width: top.width + 16, height: command.y + command.height - top.y + 16 },
  });
  if (size) await page.setViewportSize(size);
}

async function openWithSample(page: Page, svc: UiService): Promise<ConvertPage> {
  await svc.samplesReady();
  await openApp(page, svc);
  await new AppPage(page).openBuilder();
  const convert = new ConvertPage(page);
  await convert.pickStoredInput('in_1', 'sample-video.mp4');
  return convert;
}

/**
 * The GIF walk picks its own 1 s clip, not the 8 s demo sample: the palette encode of every frame
 * at 480p is the slowest step, and its check (a GIF 480 px high) holds for any clip
 * (docs/contributing.md, "Suite time").
 */
test.describe('builder: convert panel to GIF', () => {
  test.use({ samples: false });
  test('when an editor picks a clip, 480p and then GIF, then the command is written for them, the size is estimated and the GIF job runs', async ({
    page,
    svc,
  }) => {
    // Bigger than 480p: a resolution never enlarges the picture.
    await storeClip(svc, 'short-clip.mp4', 1, '1280x720');
    await openApp(page, svc);
    const app = new AppPage(page);
    await app.openBuilder();
    const convert = new ConvertPage(page);
    await convert.pickStoredInput('in_1', 'short-clip.mp4');
    // Before any choice the command is visibly empty, not a grey example that looks filled in.
    await expect(convert.command().locator('.cm-placeholder')).toHaveText(/^Empty: /);
    await convert.field('Resolution').selectOption({ label: '480p' });
    await expect(convert.command()).toHaveText(/^-i \{\{in_1\}\} -map 0:v:0 -map 0:a:0\? -vf scale=-2:480 -c:v libx264 .* \{\{out_1\}\}$/);
    // Named after the clip, as HandBrake does; to the same extension with -converted, so it never reads as its source.
    await expect(convert.outputName()).toHaveValue('short-clip-converted.mp4');
    await expect(convert.estimate()).toContainText(/≈ [\d.]+ (KB|MB)/);
    await expect(convert.estimate()).toContainText('854×480');
    const before = await convert.estimate().textContent();
    await convert.setQuality(20); // the top of the slider: best quality
    await expect(convert.panel().getByTestId('quality-words')).toHaveText('Best quality, largest file');
    await expect(convert.estimate()).not.toHaveText(before ?? '');
    await expect(convert.command()).toContainText('-crf 16');
    await screenPanelAndCommand(page, '60-convert-mp4', convert.panel());

    await convert.format('GIF').click();
    await expect(convert.format('GIF')).toHaveAttribute('aria-pressed', 'true');
    await expect(convert.command()).toContainText('split[a][b];[a]palettegen');
    await expect(convert.command()).toContainText('paletteuse');
    await expect(convert.outputName()).toHaveValue('short-clip.gif');
    await expect(convert.field('Video codec')).toHaveCount(0);
    await screenPanelAndCommand(page, '61-convert-gif', convert.panel());

    const id = await app.runJob();
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status).toBe('SUCCESS');
    const out = Object.values(record.output_files ?? {})[0];
    expect(out?.filename).toMatch(/\.gif$/);
    expect(out?.height).toBe(480);

    // Edit as new opens the job as it was made: the panel with its choices, the stored clip with its facts, not "edited by hand".
    const command = (record.original_request as { ffmpeg_command?: string }).ffmpeg_command;
    await page.getByRole('button', { name: 'Edit as new' }).click();
    await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible();
    // The form is the start: the template gallery stays closed above it.
    await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeHidden();
    await expect(convert.format('GIF')).toHaveAttribute('aria-pressed', 'true');
    await expect(convert.panel().getByTestId('convert-by-hand')).toHaveCount(0);
    await expect(convert.command()).toHaveText(command ?? '');
    await expect(app.inputFact('short-clip.mp4', 'resolution')).toHaveText('1280×720');
    await expect(convert.outputName()).toHaveValue('short-clip.gif');
    await expect(convert.estimate()).toContainText(/≈ [\d.]+ (KB|MB)/);
    // Another choice writes the command again, as for a job never run.
    await convert.format('WebM').click();
    await expect(convert.outputName()).toHaveValue('short-clip.webm');
    await expect(convert.command()).toContainText('libvpx');
  });
});

test.describe('builder: convert panel, its source and starting points', () => {
  test.use({ samples: false });
  test('when New job opens empty, then the panel asks for a file first in words, its button opens the chooser, the source then says what the file is, and a starting point shows pressed until a choice changes', async ({
    page,
    svc,
  }) => {
    const clip = path.join(testFolder('ffdesk-convert-'), 'interview.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip]);
    await openApp(page, svc);
    const app = new AppPage(page);
    await app.openBuilder();
    const convert = new ConvertPage(page);
    const source = convert.panel().getByTestId('convert-source');
    await expect(source).toContainText('No file yet: drop a clip anywhere here, or choose one.');
    // One thing to do, not "Input in 1, Command".
    await expect(app.submitBar().getByTestId('needs-a-file')).toHaveText('Choose a file first: drop one here or press Ctrl+O.');
    // The button opens what Ctrl+O opens; the file is chosen there as an editor does.
    await source.getByRole('button', { name: /^Open a file…/ }).focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Open a file' });
    await expect(picker.getByLabel('Current folder')).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Upload from elsewhere…' }).focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([clip]);
    await expect(source).toContainText(/Source: interview\.mp4 · 1280×720 · 0:01 · H\.264/);
    await expect(source.getByRole('button', { name: /^Other file…/ })).toBeVisible();
    await expect(app.submitBar()).toContainText('Ready to run');

    const web = convert.panel().getByRole('button', { name: 'Web MP4, 1080p' });
    await expect(web).toHaveAttribute('aria-pressed', 'false');
    // The keyboard goes on in the panel's choices, past "Another file…".
    await expect(web).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(web).toHaveAttribute('aria-pressed', 'true');
    await expect(convert.panel().getByRole('button', { name: 'Small MP4, 720p' })).toHaveAttribute('aria-pressed', 'false');
    await convert.setQuality(20);
    await expect(web).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('builder: convert panel', () => {
  test('when the command is edited by hand, then the panel says so and stops writing until reset; a reload keeps the draft', async ({ page, svc }) => {
    const convert = await openWithSample(page, svc);
    await convert.format('MKV').click();
    await expect(convert.command()).toContainText('-c:v libx264');
    await expect(convert.byHandNotice()).toHaveCount(0);

    await new AppPage(page).setCommand('-i {{in_1}} -c copy {{out_1}}');
    await expect(convert.byHandNotice()).toContainText('Edited by hand');
    await convert.field('Video codec').selectOption({ label: 'VP9' });
    await expect(convert.command()).toHaveText('-i {{in_1}} -c copy {{out_1}}');

    await convert.panel().getByRole('button', { name: 'Let the panel write the command' }).focus();
    await page.keyboard.press('Enter');
    await expect(convert.byHandNotice()).toHaveCount(0);
    await expect(convert.command()).toContainText('-c:v libvpx-vp9');
    // The button went with the notice: the keyboard stays in the panel, not on the page.
    await expect(convert.panel().getByRole('group', { name: 'Start from' }).getByRole('button').first()).toBeFocused();

    // The eight format cards are one Tab stop: the arrows move between them, Enter picks.
    await convert.format('MKV').focus();
    await page.keyboard.press('ArrowRight');
    await expect(convert.format('WebM')).toBeFocused();
    await expect(convert.format('MKV')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    await expect(convert.format('MP4')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(convert.format('M4A')).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(convert.format('MKV')).toBeFocused();
    expect(await convert.panel().locator('.convert-format[tabindex="0"]').count()).toBe(1);

    // The draft survives a reload: choices, command, input and output name.
    await page.reload();
    await expect(convert.format('MKV')).toHaveAttribute('aria-pressed', 'true');
    await expect(convert.field('Video codec')).toHaveValue('vp9');
    await expect(convert.command()).toContainText('-c:v libvpx-vp9');
    await expect(convert.outputName()).toHaveValue(/\.mkv$/);
    await expect(page.getByRole('group', { name: 'About sample-video.mp4' })).toBeVisible();
    await expect(convert.byHandNotice()).toHaveCount(0);
  });

  test('when sound choices are made, then track, mute and loudness land in the command, and the MP3 runs', async ({ page, svc }) => {
    const convert = await openWithSample(page, svc);
    await convert.panel().getByRole('button', { name: 'Podcast MP3, −16 LUFS' }).click();
    await expect(convert.format('MP3')).toHaveAttribute('aria-pressed', 'true');
    // The sample is a stored file: the service measures it (the first pass) and the panel writes the second.
    await expect(convert.panel()).toContainText('Two passes (EBU R128)');
    await expect(convert.command()).toContainText(/-vn -af loudnorm=I=-16:TP=-1\.5:LRA=[\d.]+:measured_I=-?[\d.]+:.*linear=true.* -ar 48000 -c:a libmp3lame/);
    await expect(convert.outputName()).toHaveValue(/\.mp3$/);
    const id = await new AppPage(page).runJob();
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status).toBe('SUCCESS');
    expect(Object.values(record.output_files ?? {})[0]?.file_type).toBe('audio');
  });

  test('when a part of the file is given (From 0:02, To 0:05), then only it is read, the estimate counts 3 s, the preview stays inside it and the MP4 lasts 3 s', async ({
    page,
    svc,
  }) => {
    const convert = await openWithSample(page, svc);
    await convert.field('Resolution').selectOption({ label: '480p' });
    const whole = (await convert.estimate().textContent()) ?? '';
    await convert.field('From').focus();
    await page.keyboard.type('0:02');
    await convert.field('To').focus();
    await page.keyboard.type('5');
    await expect(convert.panel().getByTestId('convert-range')).toHaveText('0:02 to 0:05: 3.0 s.');
    await expect(convert.command()).toHaveText(/^-ss 2 -t 3 -i \{\{in_1\}\} /);
    await expect(convert.estimate()).not.toHaveText(whole);
    // A time that does not read as one is said at the field, and the command keeps the last good one.
    await convert.field('To').fill('5:xx');
    await expect(convert.panel().getByText('Write seconds (75) or minutes and seconds (1:15)')).toBeVisible();
    await expect(convert.command()).toHaveText(/^-ss 2 -t 3 -i /);
    await convert.field('To').fill('0:05');
    // The preview counts from the part's start and stays inside it: 2 s from 0:02 is 0:04, one second left.
    await convert.field('Preview from (seconds)').fill('2');
    await convert.panel().getByRole('button', { name: 'Preview 3 seconds' }).click();
    await expect(convert.previewResult().locator('[data-fact="duration"]')).toHaveText('0:01', { timeout: 60_000 });
    const id = await new AppPage(page).runJob();
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status, record.error_message ?? '').toBe('SUCCESS');
    expect(record.output_files?.out_1?.duration).toBeGreaterThan(2.9);
    expect(record.output_files?.out_1?.duration).toBeLessThan(3.15);

    // Edit as new brings the part back in its fields; Clear empties them, as it empties the panel.
    await page.getByRole('button', { name: 'Edit as new' }).click();
    await expect(convert.field('From')).toHaveValue('0:02');
    await expect(convert.field('To')).toHaveValue('0:05');
    await expect(convert.panel().getByTestId('convert-range')).toHaveText('0:02 to 0:05: 3.0 s.');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(convert.panel().getByTestId('convert-range')).toHaveText('The whole file.');
    await expect(convert.field('From')).toHaveValue('');
    await expect(convert.field('To')).toHaveValue('');
  });

  test("when a clip is chosen and then a template used, then the clip stays as the template's video (it was replaced by the demo sample)", async ({
    page,
    svc,
  }) => {
    await storeClip(svc, 'my-clip.mp4', 1);
    const convert = await openWithSample(page, svc);
    await convert.pickStoredInput('in_1', 'my-clip.mp4');
    await page.getByRole('button', { name: 'Use template: GIF thumbnail' }).click();
    await expect(page.getByTestId('open-preset')).toHaveText('GIF thumbnail');
    await expect(page.getByRole('group', { name: 'About my-clip.mp4' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'About sample-video.mp4' })).toHaveCount(0);
    const id = await new AppPage(page).runJob();
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status, record.error_message ?? '').toBe('SUCCESS');
    expect(JSON.stringify(record.original_request)).toContain('my-clip.mp4');
  });

  test('when a preview is asked for, then 3 seconds are encoded and shown beside the source with size and bitrate', async ({ page, svc }) => {
    const convert = await openWithSample(page, svc);
    // The 640 × 360 sample at "480p": kept at its size, as HandBrake never enlarges, and the preview says so.
    await convert.field('Resolution').selectOption({ label: '480p' });
    await expect(convert.panel()).toContainText('640 × 360 is kept: never enlarged');
    await expect(convert.command()).not.toContainText('scale=');
    await convert.field('Preview from (seconds)').fill('2');
    await convert.panel().getByRole('button', { name: 'Preview 3 seconds' }).click();
    const result = convert.previewResult();
    await expect(result.locator('[data-fact="duration"]')).toHaveText('0:03', { timeout: 60_000 });
    await expect(result.locator('[data-fact="size"]')).toHaveText(/\d+(\.\d)? (KB|MB)/);
    await expect(result.locator('[data-fact="bitrate"]')).toHaveText(/\d+(\.\d)? (kbit|Mbit)\/s/);
    await expect(result.locator('[data-fact="resolution"]')).toHaveText('640×360');
    await expect(result.locator('video')).toBeVisible();
    await expect(convert.panel().getByRole('figure').first().locator('video')).toBeVisible();
  });
});
