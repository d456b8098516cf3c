import path from 'node:path';
import { makeTinyMedia } from '../../src-service/testing/media';
import { AppPage } from './app-page';
import type { Page } from '@playwright/test';
import { LOOKS, violationsInEveryLook, type Look } from './axe-check';
import { ConvertPage } from './convert-page';
import { PresetsPage } from './presets-page';
import { expect, openApp, screen, test, testFolder, type UiService } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

/** A finished job with a video and an image output (from the sample video), and a failed one. */
async function seedJobs(svc: UiService): Promise<{ ok: string; bad: string }> {
  const sample = (await svc.client.listFiles()).find((f) => f.filename === 'sample-video.mp4');
  if (!sample?.storage_url) throw new Error('sample-video.mp4 has no URL');
  const ok = await svc.client.runCommand({
    input_files: { in_1: sample.storage_url },
    output_files: { out_1: 'clip.mp4', out_2: 'frame.png' },
    ffmpeg_command: '-i {{in_1}} -t 1 -vf scale=160:-2 -c:v libx264 -preset ultrafast {{out_1}} -frames:v 1 {{out_2}}',
  });
  const bad = await svc.client.runCommand({
    input_files: {},
    output_files: { out_1: 'x.png' },
    ffmpeg_command: '-f lavfi -i color=red:size=64x36 -vf nosuchfilter -frames:v 1 {{out_1}}',
  });
  await svc.client.waitForCommand(ok.command_id, { intervalMs: 250 });
  await svc.client.waitForCommand(bad.command_id, { intervalMs: 250 });
  return { ok: ok.command_id, bad: bad.command_id };
}

type Screens = [string, () => Promise<void>][];

/**
 * Every screen of the app, reached as a user would, checked by axe at 1280 and 800 px, light
 * and dark. The looks are switched in place on the screen as it stands (violationsInEveryLook),
 * so one walk covers the four; the walk is split in three, one service each, so each stays
 * well inside the test timeout on a loaded machine. The 800 px dark look is screenshotted.
 */
async function walk(page: Page, part: string, screens: Screens): Promise<void> {
  const found: Record<string, string[]> = {};
  for (const [name, open] of screens) {
    await open();
    const shot = async (look: Look) => {
      if (look.width === 800 && look.scheme === 'dark') await screen(page, `51-axe-${part}-${name.replace(/\W+/g, '-')}`);
    };
    Object.assign(found, await violationsInEveryLook(page, name, shot));
  }
  expect(Object.keys(found)).toHaveLength(screens.length * LOOKS.length);
  expect(Object.entries(found).filter(([, v]) => v.length > 0)).toEqual([]);
}

test.describe('every screen through axe at 1280 and 800 px, light and dark', () => {
  // Four axe runs per screen: on a loaded 2-core machine a walk can pass two minutes.
  test.beforeEach(() => test.slow());
  test('when the connect screen, the jobs, a job, the player with its compare view and a failed job are checked, then none has a serious or critical violation', async ({
    page,
    svc,
  }) => {
    const app = new AppPage(page);
    let jobs = { ok: '', bad: '' };
    await walk(page, 'jobs', [
      [
        'connect',
        async () => {
          await page.goto(svc.url);
          await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
        },
      ],
      [
        'connect, prefix pasted',
        async () => {
          await page.getByLabel('API key').fill(svc.apiKey.slice(0, 10));
          await page.getByRole('button', { name: 'Connect' }).click();
          await expect(page.getByText("That's a prefix, not the whole key.")).toBeVisible();
        },
      ],
      [
        'no jobs yet',
        async () => {
          await page.getByLabel('API key').fill(svc.apiKey);
          await page.getByRole('button', { name: 'Connect' }).click();
          await expect(page.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
        },
      ],
      [
        'jobs list',
        async () => {
          await svc.samplesReady();
          jobs = await seedJobs(svc);
          await app.nav('Jobs').click();
          await expect(app.jobRows()).toHaveCount(2);
        },
      ],
      [
        'job with outputs',
        async () => {
          await app.jobRows().filter({ hasText: 'clip.mp4' }).click();
          await expect(app.jobStatus()).toHaveText('Success');
          await expect(app.outputCard('out_1').locator('video')).toBeVisible();
          await expect(app.outputCard('out_2').locator('img')).toBeVisible();
        },
      ],
      [
        'compare with input',
        async () => {
          await app.outputCard('out_1').getByRole('button', { name: 'Compare with input' }).click();
          await expect(app.largePlayer().locator('video')).toHaveCount(2);
          await expect(app.largePlayer().getByRole('slider', { name: /Wipe position/ })).toBeVisible();
        },
      ],
      [
        'failed job',
        async () => {
          await app.largePlayer().getByRole('button', { name: 'Close' }).click();
          await page.goto(`${svc.url}/#/jobs/${jobs.bad}`);
          await expect(app.failure()).toBeVisible();
        },
      ],
    ]);
  });

  test('when the builder, its convert panel (GIF, loudness, crop), a template opened as a preset, the preset editor and the presets screen are checked, then none has a serious or critical violation', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    await openApp(page, svc);
    const app = new AppPage(page);
    const convert = new ConvertPage(page);
    await walk(page, 'builder', [
      ['builder', () => app.openBuilder()],
      [
        'convert, GIF chosen',
        async () => {
          await page.getByRole('button', { name: 'Hide templates' }).click();
          await convert.pickStoredInput('in_1', 'sample-video.mp4');
          await convert.format('GIF').click();
          await expect(convert.command()).toContainText('palettegen');
          await expect(convert.estimate()).toContainText('≈');
        },
      ],
      [
        'convert, MP4 720p with loudness and crop',
        async () => {
          await convert.format('MP4').click();
          await convert.field('Resolution').selectOption({ label: '720p' });
          await convert.field('Loudness').selectOption({ label: '−16 LUFS (podcasts, Apple)' });
          await expect(convert.command()).toContainText('linear=true');
          await convert.panel().getByRole('checkbox', { name: 'Crop' }).check();
          await expect(convert.panel().getByTestId('crop-drawer')).toBeVisible();
        },
      ],
      [
        'template opened as a preset',
        async () => {
          await page.getByRole('button', { name: 'Show templates' }).click();
          await page.getByRole('button', { name: 'Use template: GIF thumbnail' }).click();
          await expect(convert.panel().getByTestId('open-preset')).toHaveText('GIF thumbnail');
        },
      ],
      [
        'preset editor',
        async () => {
          await app.submitBar().getByRole('button', { name: 'Save as preset…' }).click();
          await expect(page.getByRole('heading', { name: 'New preset' })).toBeFocused();
        },
      ],
      [
        'presets',
        async () => {
          await app.nav('Presets').click();
          await expect(page.getByRole('heading', { level: 1, name: 'Presets' })).toBeVisible();
          await expect(new PresetsPage(page).row('gif')).toBeVisible();
        },
      ],
    ]);
  });

  test('when the files, a file, the uploads and the settings are checked, then none has a serious or critical violation', async ({ page, svc }) => {
    const media = makeTinyMedia(testFolder('ffdesk-axe-'), { seconds: 1 });
    await svc.samplesReady();
    await openApp(page, svc);
    const app = new AppPage(page);
    await walk(page, 'files', [
      [
        'files',
        async () => {
          await app.nav('Files').click();
          await expect(app.fileRow('sample-video.mp4')).toBeVisible();
        },
      ],
      [
        'files, nothing matches',
        async () => {
          await page.getByRole('searchbox', { name: 'Search files' }).fill('no-such-file-anywhere');
          await expect(page.getByRole('heading', { name: 'No file matches' })).toBeVisible();
        },
      ],
      [
        'file drawer',
        async () => {
          await page.getByRole('searchbox', { name: 'Search files' }).fill('');
          await app.fileRow('sample-video.mp4').click();
          await expect(app.fileDrawer()).toBeVisible();
        },
      ],
      [
        'uploads',
        async () => {
          await app.nav('Uploads').click();
          await app.chooseUploads([media.video]);
          await expect(app.uploadRow(path.basename(media.video)).locator('.chip')).toHaveText('Stored', { timeout: 60_000 });
        },
      ],
      [
        'settings',
        async () => {
          await app.nav('Settings').click();
          await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
        },
      ],
    ]);
  });
});
