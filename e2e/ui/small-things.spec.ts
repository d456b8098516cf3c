import type { Page } from '@playwright/test';
import { AppPage } from './app-page';
import { expect, openApp, screen, test, type UiService } from './fixtures';

test.describe('small things people notice', () => {
  test('when Ctrl+Enter is pressed in a field, then the job runs and its page has the focus on its name; a sub-second job does not read "0:00"; no request 404s', async ({
    page,
    svc,
  }) => {
    const missing: string[] = [];
    page.on('response', (r) => r.status() === 404 && missing.push(r.url()));
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.removeInput('in_1');
    await app.setCommand('-f lavfi -i color=red:size=16x16 -frames:v 1 {{out_1}}');
    const outputName = app.outputFileName('out_1');
    await outputName.fill('red.png');
    await outputName.press('Control+Enter');
    await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
    // The keyboard goes on from the new job's name, not from the top of the page.
    await expect(app.jobName()).toBeFocused();
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 60_000 });
    await expect(app.jobFact('Type')).toHaveText('One FFmpeg command');
    await expect(app.jobFact('FFmpeg time')).toHaveText(/^\d+\.\d s$/);
    expect(missing).toEqual([]);
  });

  test("when ↓ moves through the builder's preset list, then nothing is opened until Enter (the form was replaced at the first ↓)", async ({ page, svc }) => {
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.setCommand('-f lavfi -i color=red:size=16x16 -frames:v 1 {{out_1}}');
    const list = page.getByRole('combobox', { name: 'Preset:' });
    await expect(list).toBeEnabled();
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('open-preset')).toHaveCount(0);
    await expect(page.getByTestId('command-editor').first()).toContainText('color=red');
    await expect(page.getByRole('button', { name: 'Open', exact: true })).toBeEnabled();
    const title = (await list.locator('option:checked').textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('open-preset')).toHaveText(title);
    // The list went with the panel it was in: the keyboard goes on at the preset's first value, then back in the panel once it is closed.
    await expect(page.getByTestId('convert-panel').locator('input, select').first()).toBeFocused();
    await page.getByRole('button', { name: 'Close preset' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('open-preset')).toHaveCount(0);
    await expect(page.getByTestId('convert-panel').getByRole('group', { name: 'Start from' }).getByRole('button').first()).toBeFocused();
  });

  test("when a screen's code is gone from the service (FFDesk updated while the tab was open), then the page reloads once and the screen opens", async ({
    page,
    svc,
  }) => {
    // The Cut screen's code and style miss until the page loads again, as a previous build's chunks do after an update
    // (from the first load on: the screens' code is fetched while the app is idle, before the screen is opened).
    let loads = 0;
    page.on('load', () => loads++);
    let missed = 0;
    await page.route(/\/assets\/ClipPage-[^/]+\.(js|css)$/, (route) =>
      loads <= 1 ? (missed++, route.fulfill({ status: 404, body: 'gone' })) : route.continue(),
    );
    await openApp(page, svc);
    await expect.poll(() => missed).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Cut' }).first().click();
    await expect(page.getByRole('heading', { name: /^Cut a clip/ })).toBeVisible();
    await expect(page.getByText('This screen crashed')).toHaveCount(0);
    expect(loads).toBe(2);
  });

  test('when an upload was aborted, then its Files drawer does not offer it as an input', async ({ page, svc }) => {
    const init = await svc.client.initUpload({ filename: 'half-sent.bin', size_bytes: 1024 });
    await svc.client.abortUpload(init.file_id);
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Files').click();
    // Hidden among stored files; the status filter shows it.
    await expect(app.filesStatusFilter()).toBeVisible();
    await expect(app.fileRow('half-sent.bin')).toHaveCount(0);
    await app.filesStatusFilter().selectOption({ label: 'Failed or discarded (1)' });
    await app.fileRow('half-sent.bin').click();
    await expect(app.fileDrawer()).toBeVisible();
    await expect(app.fileDrawer().getByRole('button', { name: 'Use as input in a new job' })).toHaveCount(0);
  });
});

test('when keyboard focus reaches a field near the bottom of the builder, then the sticky Run bar does not cover it', async ({ page, svc }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const app = new AppPage(page);
  await openApp(page, svc);
  await app.openBuilder();
  await page.getByRole('button', { name: 'Hide templates' }).click();
  // Walk the fields with Tab from the output name down through Options.
  await app.outputFileName('out_1').focus();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const r = document.activeElement?.getBoundingClientRect();
      const bar = document.querySelector('.submit-bar')?.getBoundingClientRect();
      return r && bar && document.activeElement !== document.body && !document.activeElement?.closest('.submit-bar')
        ? { bottom: r.bottom, barTop: bar.top, what: document.activeElement?.outerHTML.slice(0, 120) }
        : null;
    });
    if (focused) expect(focused.bottom, focused.what).toBeLessThanOrEqual(focused.barTop);
  }
});

test('when the system asks for reduced motion, then nothing pulses or eases, and a bar of unknown progress does not read as a percentage', async ({
  page,
  svc,
}) => {
  await openApp(page, svc);
  // A processing chip, an easing progress bar and a sliding bar of unknown progress, as the jobs views draw them.
  const motion = () =>
    page.evaluate(() => {
      const chip = document.createElement('span');
      chip.className = 'chip chip-processing';
      const fill = document.createElement('div');
      fill.className = 'progress-fill';
      const track = document.createElement('div');
      track.className = 'progress progress-indeterminate';
      track.style.width = '200px';
      const unknown = document.createElement('div');
      unknown.className = 'progress-fill';
      track.append(unknown);
      document.body.append(chip, fill, track);
      const out = {
        pulses: getComputedStyle(chip, '::before').animationIterationCount,
        eases: getComputedStyle(fill).transitionDuration,
        unknownSlides: getComputedStyle(unknown).animationIterationCount,
        unknownWidth: Math.round((unknown.getBoundingClientRect().width / track.getBoundingClientRect().width) * 100),
      };
      chip.remove();
      fill.remove();
      track.remove();
      return out;
    });
  expect(await motion()).toEqual({ pulses: 'infinite', eases: '0.3s', unknownSlides: 'infinite', unknownWidth: 30 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion()).toEqual({ pulses: '1', eases: '1e-05s', unknownSlides: '1', unknownWidth: 100 });
});

test.describe('with the demo samples', () => {
  // Only these tests use the offline-demo samples (docs/contributing.md, "Suite time").
  test.use({ samples: true });

  test('when a template is used before the file list has arrived, then the stored samples still fill its inputs', async ({ page, svc }) => {
    await svc.samplesReady();
    // The file list is held until the template is chosen (as on a busy service, or a quick click).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/files\?/, async (route) => {
      await held;
      await route.continue();
    });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('New job').click();
    await page.getByRole('button', { name: 'Use template: Transcode to H.264/AAC' }).click();
    release();
    const source = page.getByRole('group', { name: 'Source of in_video' });
    await expect(source.getByRole('button', { name: 'Stored file' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'loaded with the sample media' })).toBeVisible();
  });
});

test.describe('a template that loads slowly', () => {
  test.use({ samples: true });

  /**
   * The builder, with each template's preset request (a round trip to the service) held until
   * release() is called, and Transcode to H.264/AAC already chosen.
   */
  async function chooseTemplateHeld(page: Page, svc: UiService) {
    await svc.samplesReady();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/v1\/presets\/[^/?]+(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await page.getByRole('button', { name: 'Use template: Transcode to H.264/AAC' }).click();
    return { app, release };
  }

  test('when the command is typed while a chosen template loads, then the typing stays and the template says it was not loaded', async ({ page, svc }) => {
    const { app, release } = await chooseTemplateHeld(page, svc);
    await app.setCommand('-i {{in_1}} -vf scale=320:-2 {{out_1}}');
    release();
    await expect(
      page.getByRole('status').filter({ hasText: 'Template “Transcode to H.264/AAC” not loaded: the job was edited while it loaded' }),
    ).toBeVisible();
    await expect(page.getByTestId('command-editor')).toContainText('scale=320:-2');
  });

  test('when a second template is chosen while the first loads, then the second one is loaded', async ({ page, svc }) => {
    const { release } = await chooseTemplateHeld(page, svc);
    await page.getByRole('button', { name: 'Use template: GIF thumbnail' }).click();
    release();
    await expect(page.getByRole('status').filter({ hasText: 'Template “GIF thumbnail” loaded' })).toBeVisible();
    await expect(page.getByText('not loaded')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeHidden();
  });
});

test.describe('narrow window and public files', () => {
  test.use({ samples: true });
  test.use({ viewport: { width: 800, height: 800 } });

  test('when the window is 800 px wide, then the icon sidebar links keep names and tooltips; a public file offers no fake time-limited link', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    await openApp(page, svc);
    const keys = { Jobs: 1, 'New job': 2, Files: 4, Uploads: 5, Presets: 6, Settings: 7 } as const;
    for (const name of ['Jobs', 'New job', 'Files', 'Uploads', 'Presets', 'Settings'] as const) {
      await expect(app.nav(name)).toBeVisible();
      // The tooltip names the screen's key too (Ctrl+1 … Ctrl+7).
      await expect(app.nav(name)).toHaveAttribute('title', `${name} (Ctrl+${keys[name]})`);
      // Icons only: the name is there for screen readers but takes no room on screen.
      expect((await app.nav(name).locator('.nav-label').boundingBox())?.width).toBeLessThanOrEqual(1);
    }
    // Keyboard focus (no hover, so no title tooltip) shows the name beside the icon.
    await app.nav('Uploads').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const label = app.nav('Uploads').locator('.nav-label');
    await expect.poll(async () => (await label.boundingBox())?.width ?? 0).toBeGreaterThan(30);
    expect((await label.boundingBox())!.x).toBeGreaterThanOrEqual(
      (await app.nav('Uploads').boundingBox())!.x + (await app.nav('Uploads').boundingBox())!.width,
    );
    await screen(page, '55-narrow-icon-sidebar');
    await app.nav('Files').click();
    // The narrow table (docs/gui.md, "Files"): its columns line up with their header; nothing
    // scrolls sideways (files.spec.ts checks every element for that).
    const header = app.filesGrid().getByRole('columnheader', { name: 'Picture' });
    const cell = app
      .fileRow('sample-video.mp4')
      .getByRole('gridcell')
      .filter({ hasText: /^\d+×\d+$/ });
    await expect(app.filesGrid().getByRole('columnheader', { name: 'Codec' })).toHaveCount(0);
    await expect.poll(async () => Math.abs((await header.boundingBox())!.x - (await cell.boundingBox())!.x)).toBeLessThan(2);
    expect((await header.boundingBox())!.x).toBeLessThan(700);
    await screen(page, '56-narrow-files');
    await app.fileRow('sample-image.png').click();
    await expect(app.fileDrawer().getByTestId('file-access')).toHaveText(/^Public: its link opens without a key/);
    await expect(app.fileDrawer().getByRole('button', { name: 'Copy presigned link' })).toHaveCount(0);
  });
});
