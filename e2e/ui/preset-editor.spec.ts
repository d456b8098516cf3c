import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { API } from '../../src-service/client';
import { AppPage } from './app-page';
import { ConvertPage } from './convert-page';
import { LOOKS, seriousViolations, showLook } from './axe-check';
import { expect, openApp, test, testFolder, type UiService } from './fixtures';
import { PresetsPage } from './presets-page';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

const COMMAND = '-i {{in_1}} -t 1 -vf scale=-2:{{height}} -c:v libx264 -preset ultrafast -pix_fmt yuv420p -an {{out_1}}';

/** Stops the page's timers from here on (from the page's own time: it may run ahead of the test's). */
async function holdPageClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
}

/** The height of a stored output, read by ffprobe from its bytes. */
async function probedHeight(svc: UiService, url: string): Promise<number> {
  const file = path.join(testFolder('ffdesk-preset-out-'), 'out.mp4');
  const res = await fetch(url, { headers: { 'X-API-KEY': svc.apiKey } });
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height', '-of', 'csv=p=0', file], {
    encoding: 'utf8',
  });
  return Number(out.trim());
}

test.describe('preset editor', () => {
  test('when a command with {{height}} is saved as a preset, given a range and a default, then it runs from the convert panel with another height', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    // The page's clock is ours, so a 3-second toast cannot expire before it is read on a loaded machine.
    await page.clock.install();
    await openApp(page, svc);
    const app = new AppPage(page);
    const convert = new ConvertPage(page);
    const presets = new PresetsPage(page);
    await app.openBuilder();
    await convert.pickStoredInput('in_1', 'sample-video.mp4');
    await app.setCommand(COMMAND);
    await app.submitBar().getByRole('button', { name: 'Save as preset…' }).click();

    // The editor opens with the command; {{height}} is a parameter, not "not a valid alias".
    await expect(page).toHaveURL(/#\/presets$/);
    await expect(page.getByRole('heading', { name: 'New preset' })).toBeFocused();
    await expect(presets.editorField('Command')).toHaveValue(COMMAND);
    await expect(presets.parameter('height')).toBeVisible();
    await expect(presets.editor().getByRole('group')).toHaveCount(1);
    await presets.editorField('Name').fill('scale-height');
    await presets.editorField('Title').fill('Scale to a height');
    await presets.editorField('File name for out_1').fill('{name}_{height}p.mp4');
    await presets.setParameter('height', { Label: 'Height', Default: '5', 'Smallest value': '16', 'Largest value': '1080' });
    await expect(presets.parameter('height')).toContainText('The default is outside the range');
    await presets.setParameter('height', { Default: '240' });
    await expect(presets.parameter('height')).not.toContainText('outside the range');
    await holdPageClock(page);
    await presets.save();
    await expect(app.toasts()).toContainText('Saved preset scale-height');
    await page.clock.resume();
    await expect(presets.row('scale-height')).toContainText('version 1');
    const saved = await svc.client.call(API.getPreset, { params: { name: 'scale-height' }, query: {} });
    expect(saved.parameters.height).toEqual({ type: 'integer', default: 240, min: 16, max: 1080, label: 'Height' });
    expect(saved.steps).toEqual([COMMAND]);

    // Opened in the convert panel: a number field with its range, the command written from it.
    await presets.action('Scale to a height', 'Open in New job').click();
    await expect(page).toHaveURL(/#\/new$/);
    await expect(convert.panel().getByTestId('open-preset')).toHaveText('Scale to a height');
    const height = convert.field('Height');
    await expect(height).toHaveAttribute('type', 'number');
    await expect(height).toHaveAttribute('min', '16');
    await expect(height).toHaveAttribute('max', '1080');
    await expect(height).toHaveValue('240');
    await expect(convert.command()).toContainText('scale=-2:240');
    await height.fill('5000');
    await expect(convert.panel()).toContainText('At most 1080');
    await height.fill('120');
    await expect(convert.command()).toHaveText(COMMAND.replace('{{height}}', '120'));
    await expect(convert.outputName()).toHaveValue('sample-video_120p.mp4');
    const id = await app.runJob();
    const record = await svc.client.waitForCommand(id, { intervalMs: 250 });
    expect(record.status, record.error_message ?? '').toBe('SUCCESS');
    const out = record.output_files?.out_1;
    expect(out?.filename).toBe('sample-video_120p.mp4');
    expect(await probedHeight(svc, out!.storage_url!)).toBe(120);
  });

  test('when a preset is edited, duplicated, exported, deleted and imported again, then each shows in the list and the service agrees', async ({
    page,
    svc,
  }) => {
    await svc.client.call(API.createPreset, {
      body: {
        name: 'scale-height',
        title: 'Scale to a height',
        parameters: { height: { type: 'integer', default: 240, min: 16, max: 1080, label: 'Height' } },
        inputs: [{ alias: 'in_1' }],
        outputs: { out_1: '{name}_{height}p.mp4' },
        steps: [COMMAND],
      },
    });
    // The page's clock is ours: the delete button's 4-second confirmation and 3-second toasts
    // cannot run out on a loaded machine once it is paused (below).
    await page.clock.install();
    await openApp(page, svc, '#/presets');
    const app = new AppPage(page);
    const presets = new PresetsPage(page);

    // Edit: saved as version 2; version 1 stays as it was.
    await presets.action('Scale to a height', 'Edit').click();
    await expect(page.getByRole('heading', { name: 'Edit Scale to a height' })).toBeFocused();
    await expect(presets.editorField('Name')).toHaveAttribute('readonly', '');
    await presets.setParameter('height', { Default: '360' });
    await presets.save(/^Save as version 2$/);
    await expect(presets.row('scale-height')).toContainText('version 2');
    const versions = await svc.client.call(API.listPresetVersions, { params: { name: 'scale-height' } });
    expect(versions.map((v) => [v.version, v.parameters.height?.default])).toEqual([
      [1, 240],
      [2, 360],
    ]);

    // Duplicate: a new preset under a free name, version 1.
    await presets.action('Scale to a height', 'Duplicate').click();
    await expect(page.getByRole('heading', { name: 'New preset' })).toBeFocused();
    await expect(presets.editorField('Name')).toHaveValue('scale-height-copy');
    await presets.save(/^Save preset$/);
    await expect(presets.row('scale-height-copy')).toContainText('version 1');
    await expect(presets.row('scale-height-copy')).toContainText('Scale to a height (copy)');

    // Export: a file the import reads back.
    const download = page.waitForEvent('download');
    await presets.action('Scale to a height (copy)', 'Export').click();
    const file = path.join(testFolder('ffdesk-preset-export-'), 'copy.json');
    await (await download).saveAs(file);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { format: string; preset: { name: string; parameters: unknown } };
    expect(exported).toMatchObject({
      format: 'ffdesk-preset',
      preset: { name: 'scale-height-copy', parameters: { height: { default: 360, label: 'Height' } } },
    });

    // Delete asks once more, then every version is gone.
    await holdPageClock(page);
    await presets.action('Scale to a height (copy)', 'Delete').click();
    await presets.action('Scale to a height (copy)', 'Delete every version?').click();
    await expect(presets.row('scale-height-copy')).toHaveCount(0);
    await expect(app.toasts()).toContainText('Deleted Scale to a height (copy)');
    const list = await svc.client.call(API.listPresets);
    expect(list.some((p) => p.name === 'scale-height-copy')).toBe(false);

    // Import the exported file through the file chooser: back, with the same parameters.
    await page.getByLabel('Preset file to import').setInputFiles(file);
    await expect(app.toasts()).toContainText('Imported scale-height-copy');
    await expect(presets.row('scale-height-copy')).toBeVisible();
    const back = await svc.client.call(API.getPreset, { params: { name: 'scale-height-copy' }, query: {} });
    expect(back.parameters).toEqual(exported.preset.parameters);
    expect(back.steps).toEqual([COMMAND]);
  });
});

/** The whole editor card (for docs/screenshots), in a window tall enough to hold it, nothing focused. */
async function screenEditor(page: Page, presets: PresetsPage, name: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1600 });
  await page.getByRole('heading', { name: /^Edit / }).focus();
  await page.getByRole('heading', { name: /^Edit / }).blur();
  await presets.editor().evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const box = await presets.editor().boundingBox();
  if (!box) throw new Error('editor not on screen');
  fs.mkdirSync(path.resolve('test-results/screens'), { recursive: true });
  await page.screenshot({
    path: path.resolve('test-results/screens', `${name}.png`),
    clip: { x: Math.max(0, box.x - 8), y: Math.max(0, box.y - 8), width: box.width + 16, height: box.height + 16 },
  });
  await page.setViewportSize(size);
}

test.describe('preset editor accessibility', () => {
  test('when the preset editor is used by keyboard at 1280 and 800 px, light and dark, then axe finds no serious or critical violation', async ({
    page,
    svc,
  }) => {
    await svc.client.call(API.createPreset, {
      body: {
        name: 'scale-height',
        title: 'Scale to a height',
        parameters: {
          height: { type: 'integer', default: 720, min: 16, max: 2160, label: 'Height', description: 'Pixels; the width follows the aspect' },
          codec: { type: 'enum', values: ['libx264', 'libx265'], default: 'libx264', label: 'Video codec' },
        },
        inputs: [{ alias: 'in_1' }],
        outputs: { out_1: '{name}_{height}p.mp4' },
        steps: ['-i {{in_1}} -vf scale=-2:{{height}} -c:v {{codec}} -crf 23 {{out_1}}'],
      },
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await openApp(page, svc, '#/presets');
    const presets = new PresetsPage(page);

    // Keyboard only: Edit by Enter, the heading takes the focus, Tab reaches the fields in order.
    await presets.action('Scale to a height', 'Edit').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Edit Scale to a height' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(presets.editorField('Name')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(presets.editorField('Title')).toBeFocused();
    await presets.parameter('codec').getByLabel('Type', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(presets.parameter('codec').getByLabel('Choices', { exact: true })).toBeFocused();
    // No API names in the editor's words.
    await expect(presets.editor()).not.toContainText(/steps\.\d|parameters\.|input_files|output_files/);

    for (const look of LOOKS) {
      const { width, scheme } = look;
      // Drawn in the look before axe reads its colours (no colour transition still running).
      await showLook(page, look);
      expect(await seriousViolations(page), `${width} px, ${scheme}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      if ((width === 1280 && scheme === 'light') || (width === 800 && scheme === 'dark')) {
        await screenEditor(page, presets, `preset-editor-${width}-${scheme}`);
      }
    }
  });
});
