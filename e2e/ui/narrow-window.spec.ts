import type { Locator, Page } from '@playwright/test';
import { AppPage } from './app-page';
import { expect, openApp, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

/** True when two boxes share any area. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('an element has no box');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** Where the focused element ends and where the sticky Run bar starts, or null when the focus is in the bar. */
function focusAndBar(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const bar = document.querySelector('.submit-bar');
    if (!el || el === document.body || !bar || bar.contains(el)) return null;
    const r = el.getBoundingClientRect();
    return { bottom: r.bottom, top: r.top, barTop: bar.getBoundingClientRect().top, what: el.outerHTML.slice(0, 120) };
  });
}

for (const width of [800, 560]) {
  test.describe(`a window ${width} px wide`, () => {
    test.use({ viewport: { width, height: 600 } });

    test(`when Tab walks every field of the builder at ${width} px, then the sticky Run bar never covers the focused one and shows all its buttons`, async ({
      page,
      svc,
    }) => {
      await svc.samplesReady();
      const app = new AppPage(page);
      await openApp(page, svc);
      await app.useTemplate('Transcode to H.264/AAC');
      // The bar wraps rather than pushing buttons out of the window; the toast sits above it.
      const bar = app.submitBar();
      await expect(app.toasts().locator('.toast')).toHaveCount(1);
      expect(await overlaps(app.toasts().locator('.toast'), bar)).toBe(false);
      for (const name of ['Run job', 'Copy as curl', 'Copy as JSON', 'Save as preset…', 'Clear']) {
        const box = await bar.getByRole('button', { name, exact: true }).boundingBox();
        const barBox = await bar.boundingBox();
        expect(box && barBox && box.x + box.width <= barBox.x + barBox.width, name).toBe(true);
      }
      await app.outputFileName('out_1').focus();
      let checked = 0;
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        const f = await focusAndBar(page);
        if (!f) continue;
        // Smooth scrolling may still be moving: wait until the field has settled above the bar.
        await expect.poll(async () => (await focusAndBar(page))?.bottom ?? 0, { message: f.what }).toBeLessThanOrEqual(f.barTop);
        checked++;
        if (checked === 6) await screen(page, `53-run-bar-focus-${width}`);
      }
      expect(checked).toBeGreaterThan(5);
    });
  });
}

test.describe('a narrow window (800 px)', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  test('when a job is processing, then its row says "running", not "0 outputs"; toasts stay clear of the header button', async ({ page, svc }) => {
    const job = await svc.client.runCommand({
      input_files: {},
      output_files: { out_1: 'slow.mp4' },
      ffmpeg_command: '-re -f lavfi -i testsrc=size=64x64:rate=10 -t 60 -c:v libx264 -preset ultrafast {{out_1}}',
    });
    const app = new AppPage(page);
    // The page's clock is ours: toasts last 3 s, and on a loaded machine three clicks and the
    // measuring can take longer than that. It runs normally until the toasts are made.
    await page.clock.install();
    await openApp(page, svc, `#/jobs/${job.command_id}`);
    await expect(app.jobStatus()).toHaveText('Processing', { timeout: 60_000 });
    const row = app.jobRows().first();
    await expect(row).toContainText('running');
    await expect(row).not.toContainText('0 outputs');
    await expect(page.getByText('No outputs')).toHaveCount(0);

    // Three toasts at once, on a short window: none may sit over the header's "New job" button.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Copy id' }).click();
    await expect(app.toasts().locator('.toast')).toHaveCount(3);
    const headerButton = page.getByRole('link', { name: 'New job' }).filter({ hasNot: page.locator('.nav-icon') });
    await expect(headerButton).toBeVisible();
    for (const toast of await app.toasts().locator('.toast').all()) expect(await overlaps(toast, headerButton)).toBe(false);
    await screen(page, '54-narrow-running-and-toasts');
    await svc.client.cancelCommand(job.command_id);
  });

  test('when a job is named after a long file name, then its page and the list stay inside the window, Rename in view', async ({ page, svc }) => {
    const long = 'clip1080-00.00.00.00-00.00.02.29-scaled-for-email-final-version-two.mp4';
    const job = await svc.client.runCommand({
      input_files: {},
      output_files: { out_1: long },
      ffmpeg_command: '-f lavfi -i testsrc=size=64x64:duration=1 {{out_1}}',
    });
    const app = new AppPage(page);
    await openApp(page, svc, `#/jobs/${job.command_id}`);
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 60_000 });
    // A name with no space to break at widened the one-column grid past the window (841 px), Rename off-screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    const rename = page.getByRole('button', { name: 'Rename' });
    await expect(rename).toBeInViewport();
    expect(((await rename.boundingBox())?.x ?? 800) + ((await rename.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(800);
    for (const el of await page.locator('.jobs-list, .job-items > li').all())
      expect(((await el.boundingBox())?.x ?? 0) + ((await el.boundingBox())?.width ?? 0)).toBeLessThanOrEqual(800);
  });
});

test.describe('the window itself', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('when each screen is opened at 800 × 900, then only its own area scrolls: the window never does, and the sidebar stays', async ({ page, svc }) => {
    await openApp(page, svc);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      await page.keyboard.press(`Control+${n}`);
      await expect(page.locator('#main h1')).toBeVisible();
      // A visually hidden label far down New job's form was placed against the page, not its scroller: the
      // window scrolled 1383 px past the app, the sidebar going with it.
      expect(await page.evaluate(() => document.documentElement.scrollHeight), `screen ${n}`).toBeLessThanOrEqual(900);
    }
    // Another screen starts at its top: the screens share one scroller, and a screen opened kept the scroll of the one before.
    const scrolled = () => page.locator('#main').evaluate((m) => m.scrollTop);
    await page.keyboard.press('Control+2');
    await page.mouse.move(400, 450);
    await page.mouse.wheel(0, 3000);
    await expect.poll(scrolled).toBeGreaterThan(500);
    await page.keyboard.press('Control+6');
    await expect(page.getByRole('heading', { level: 1, name: 'Presets' })).toBeInViewport();
    expect(await scrolled()).toBe(0);
    await page.keyboard.press('Control+2');
    await expect(page.getByRole('heading', { level: 1, name: 'New job' })).toBeInViewport();
  });
});
