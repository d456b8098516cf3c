import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { makeTinyMedia } from '../../src-service/testing/media';
import { AppPage } from './app-page';
import { expect, screen, test, testFolder, type UiService } from './fixtures';

/** Moderate rules kept at zero too: a screen reader user moves by headings. */
const ALSO_FAILING = new Set(['heading-order', 'page-has-heading-one']);

/** Serious and critical axe violations of what is on screen (and ALSO_FAILING), each with its first few nodes. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_FAILING.has(v.id))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''})`)
          .join('; ')}`,
    );
}

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

/** Each screen of the app, reached as a user would, and what shows it is ready. */
function screens(page: Page, svc: UiService, jobs: { ok: string; bad: string }, video: string): [string, () => Promise<void>][] {
  const app = new AppPage(page);
  const heading = (name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return [
    [
      'jobs list',
      async () => {
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
      'large player',
      async () => {
        await app.outputCard('out_1').getByRole('button', { name: 'Compare with input' }).click();
        await expect(app.largePlayer().locator('video')).toHaveCount(2);
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
    [
      'builder',
      async () => {
        await app.nav('New job').click();
        await heading('New job');
      },
    ],
    [
      'builder from a template',
      async () => {
        await page.getByRole('button', { name: 'Use template: Transcode to H.264/AAC' }).click();
        await expect(page.getByTestId('command-editor').locator('.cm-content').first()).toBeVisible();
      },
    ],
    [
      'files',
      async () => {
        await app.nav('Files').click();
        await expect(app.fileRow('clip.mp4')).toBeVisible();
      },
    ],
    [
      'files, nothing matches',
      async () => {
        await page.getByRole('searchbox', { name: 'Search files' }).fill('no-such-file-anywhere');
        await expect(page.getByRole('heading', { name: 'No file matches' })).toBeVisible();
        await page.getByRole('searchbox', { name: 'Search files' }).fill('');
      },
    ],
    [
      'file drawer',
      async () => {
        await app.fileRow('sample-video.mp4').click();
        await expect(app.fileDrawer()).toBeVisible();
      },
    ],
    [
      'uploads',
      async () => {
        await app.nav('Uploads').click();
        await app.chooseUploads([video]);
        await expect(app.uploadRow(path.basename(video)).locator('.chip')).toHaveText('Stored', { timeout: 60_000 });
      },
    ],
    [
      'presets',
      async () => {
        await app.nav('Presets').click();
        await heading('Presets');
      },
    ],
    [
      'settings',
      async () => {
        await app.nav('Settings').click();
        await heading('Settings');
      },
    ],
  ];
}

async function checkEveryScreen(page: Page, svc: UiService, tag: string): Promise<void> {
  const media = makeTinyMedia(testFolder('ffdesk-axe-'), { seconds: 1 });
  await svc.samplesReady();
  const found: Record<string, string[]> = {};

  // The connect screen, empty and after a refused key.
  await page.goto(svc.url);
  await expect(page.getByRole('button', { name: 'Connect' })).toBeVisible();
  found['connect'] = await seriousViolations(page);
  await page.getByLabel('API key').fill(svc.apiKey.slice(0, 10));
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText("That's a prefix, not the whole key.")).toBeVisible();
  found['connect, prefix pasted'] = await seriousViolations(page);

  await page.getByLabel('API key').fill(svc.apiKey);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
  found['no jobs yet'] = await seriousViolations(page);

  const jobs = await seedJobs(svc);
  for (const [name, open] of screens(page, svc, jobs, media.video)) {
    await open();
    found[name] = await seriousViolations(page);
    await screen(page, `51-axe-${tag}-${name.replace(/\W+/g, '-')}`);
  }
  expect(Object.keys(found)).toHaveLength(15);
  expect(Object.entries(found).filter(([, v]) => v.length > 0)).toEqual([]);
}

for (const width of [1280, 800]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test(`when every screen is checked by axe at ${width} px, then none has a serious or critical violation`, async ({ page, svc }) => {
      await checkEveryScreen(page, svc, String(width));
    });
  });
}

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('when every screen is checked by axe in the dark theme, then none has a serious or critical violation', async ({ page, svc }) => {
    await checkEveryScreen(page, svc, 'dark');
  });
});
