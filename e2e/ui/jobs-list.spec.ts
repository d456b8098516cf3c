import { AppPage } from './app-page';
import { runAxe } from './axe-check';
import { expect, openApp, screen, test } from './fixtures';

const tinyJob = (n: number) => ({
  output_files: { out_1: `tiny-${n}.png` },
  ffmpeg_command: `-f lavfi -i color=c=0x${(n * 4000).toString(16).padStart(6, '0')}:size=16x16 -frames:v 1 {{out_1}}`,
});
const slowJob = {
  output_files: { out_1: 'slow.mp4' },
  ffmpeg_command: '-re -f lavfi -i testsrc=size=160x120:rate=10:duration=60 -c:v libx264 -preset ultrafast {{out_1}}',
};

test.describe('jobs list', () => {
  test('when there is no job yet, then the Jobs screen offers to convert a file or cut a clip, and promises no sample media (npm run serve has none)', async ({
    page,
    svc,
  }) => {
    await openApp(page, svc);
    const empty = page.getByRole('main');
    await expect(empty.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
    await expect(empty.getByRole('link', { name: 'Convert a file' })).toHaveAttribute('href', '#/new');
    await expect(empty.getByRole('link', { name: 'Cut a clip' })).toHaveAttribute('href', '#/clip');
    await expect(empty).not.toContainText('sample');
  });

  test('when a dozen jobs exist, then the status filter bar keeps its size and works; a cancelled job is neutral, not Failed', async ({ page, svc }) => {
    for (let n = 1; n <= 12; n++) await svc.client.runCommand(tinyJob(n));
    const slow = await svc.client.runCommand(slowJob);
    await expect.poll(async () => (await svc.client.getCommand(slow.command_id)).status, { timeout: 60_000 }).toBe('PROCESSING');
    await svc.client.cancelCommand(slow.command_id);

    const app = new AppPage(page);
    await openApp(page, svc);
    await expect(app.jobRows()).toHaveCount(13);
    const bar = await app.jobFilterBar().boundingBox();
    expect(bar?.height).toBeGreaterThanOrEqual(24);
    const cancelled = app.jobRow('libx264: testsrc → slow.mp4');
    await expect(cancelled.locator('.chip')).toHaveText('Cancelled');
    await expect(cancelled.locator('.chip')).not.toHaveClass(/chip-danger/);
    await screen(page, '45-jobs-list-many');

    await app.jobFilter('Failed').click();
    await expect(app.jobRows()).toHaveCount(0);
    await app.jobFilter('Succeeded').click();
    await expect(app.jobRows()).toHaveCount(12);
    await app.jobFilter('Cancelled').click();
    await expect(app.jobRows()).toHaveCount(1);
    await expect(cancelled).toBeVisible();
    await app.jobFilter('All').click();
    await cancelled.click();
    await expect(page.getByTestId('job-cancelled')).toBeVisible();
    await expect(app.failure()).toHaveCount(0);
  });

  test('when the oldest of many jobs is opened at 800 px and run again, then the list shows each job opened: the oldest, then the new one at its top', async ({
    page,
    svc,
  }) => {
    const ids: string[] = [];
    for (let n = 1; n <= 16; n++) ids.push((await svc.client.runCommand(tinyJob(n))).command_id);
    for (const id of ids) await svc.client.waitForCommand(id, { intervalMs: 100 });
    await page.setViewportSize({ width: 800, height: 900 });
    const app = new AppPage(page);
    await openApp(page, svc, `#/jobs/${ids[0]}`);
    await expect(app.jobRows()).toHaveCount(16);
    // The job opened by its link is scrolled into the list (16 rows do not fit its 420 px).
    const oldest = page.locator(`a[data-job-id="${ids[0]}"]`);
    await expect(oldest).toBeInViewport({ ratio: 0.9 });
    await expect(page.locator(`a[data-job-id="${ids[15]}"]`)).not.toBeInViewport();
    const rerun = page.getByRole('toolbar', { name: 'Job actions' }).getByRole('button', { name: 'Re-run' });
    await rerun.focus();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(new RegExp(`#/jobs/${ids[0]}$`));
    const newId = page.url().split('/').pop() ?? '';
    await expect(app.jobRows()).toHaveCount(17);
    await expect(page.locator(`a[data-job-id="${newId}"]`)).toBeInViewport({ ratio: 0.9 });
  });

  test('when a job writes H.265 (which Chromium does not show), then its row shows a frame of the output from its timeline sprite; an H.264 output plays its own frame', async ({
    page,
    svc,
  }) => {
    const src = '-f lavfi -i testsrc2=size=320x180:rate=25:duration=2 -f lavfi -i sine=duration=2';
    await svc.client.runCommand({ output_files: { out_1: 'web.mp4' }, ffmpeg_command: `${src} -c:v libx264 -pix_fmt yuv420p -c:a aac {{out_1}}` });
    const hevc = await svc.client.runCommand({ output_files: { out_1: 'film.mp4' }, ffmpeg_command: `${src} -c:v libx265 -tag:v hvc1 -c:a aac {{out_1}}` });
    await expect.poll(async () => (await svc.client.getCommand(hevc.command_id)).status, { timeout: 60_000 }).toBe('SUCCESS');
    const app = new AppPage(page);
    await openApp(page, svc);
    const row = app.jobRow('libx265: testsrc2, sine → film.mp4');
    const tile = row.getByRole('img', { name: /^Output of / });
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await expect(tile).toHaveCSS('background-image', /^url\(".*\/sprite\.jpg"\)$/);
    // The sprite loads: the tile is a picture, not a blank box.
    const sprite = /url\("(.*)"\)/.exec(await tile.evaluate((el) => getComputedStyle(el).backgroundImage))?.[1] ?? '';
    const res = await page.request.get(sprite);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    const plain = app.jobRow('libx264: testsrc2, sine → web.mp4');
    await expect(plain.locator('video')).toBeVisible();
    await expect(plain.getByRole('img')).toHaveCount(0);
    await screen(page, '46-jobs-list-hevc-thumb');
  });

  test('when a job ends while the list is still loading, then its row shows the end, not "Processing"', async ({ page, svc }) => {
    const job = await svc.client.runCommand({ ...slowJob, ffmpeg_command: slowJob.ffmpeg_command.replace('duration=60', 'duration=2') });
    await expect.poll(async () => (await svc.client.getCommand(job.command_id)).status, { timeout: 60_000 }).toBe('PROCESSING');
    // Hold the list's answer: read it now (PROCESSING), hand it over only after the job ended.
    await page.route('**/v1/commands?*', async (route) => {
      const stale = await route.fetch();
      const body = await stale.text();
      await expect.poll(async () => (await svc.client.getCommand(job.command_id)).status, { timeout: 60_000 }).toBe('SUCCESS');
      // The SUCCESS event reaches the page first: its bytes came in on the page's event stream.
      await page.waitForFunction(
        (id) => ((window as unknown as { __eventStream?: string }).__eventStream ?? '').split('\n\n').some((e) => e.includes(id) && e.includes('"SUCCESS"')),
        job.command_id,
        { timeout: 60_000 },
      );
      await route.fulfill({ response: stale, body });
    });
    await page.addInitScript(recordEventStream);
    const app = new AppPage(page);
    await openApp(page, svc);
    const row = app.jobRow('libx264: testsrc → slow.mp4');
    await expect(row.locator('.chip')).toHaveText('Success');
    await expect(row).toContainText('1 output');
  });

  test('when 13 jobs are listed at 1280×800, then at least 10 rows show, output name first, no sideways scroll, arrows move the focus, and names match what rows show', async ({
    page,
    svc,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const ids: string[] = [];
    for (let n = 1; n <= 13; n++) ids.push((await svc.client.runCommand(tinyJob(n))).command_id);
    for (const id of ids) await svc.client.waitForCommand(id, { intervalMs: 250 });
    const app = new AppPage(page);
    await openApp(page, svc);
    await expect(app.jobRows()).toHaveCount(13);
    const list = app.jobsList().getByRole('list');
    const box = await list.boundingBox();
    const visible = await app
      .jobRows()
      .evaluateAll((rows, bottom) => rows.filter((r) => r.getBoundingClientRect().bottom <= bottom).length, (box?.y ?? 0) + (box?.height ?? 0));
    expect(visible).toBeGreaterThanOrEqual(10);
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Output name first: the row's first line is the output, the command's action comes after.
    await expect(app.jobRow('color → tiny-13.png').locator('.job-name')).toHaveText('tiny-13.png');

    await app.jobRows().first().click();
    await page.keyboard.press('ArrowDown');
    await expect(app.jobRows().nth(1)).toBeFocused();
    await expect(app.jobRows().nth(1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(app.jobRows().nth(2)).toBeFocused();
    const third = await app.jobRows().nth(2).getAttribute('data-job-id');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/jobs/${third}$`));
    // Arrows go on from the focused row (reached by Tab, not selected), two presses in a row.
    await app.jobRows().nth(4).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(app.jobRows().nth(6)).toBeFocused();
    await expect(app.jobRows().nth(6)).toHaveAttribute('aria-current', 'true');
    // End and Home: the last and first job.
    await page.keyboard.press('End');
    await expect(app.jobRows().nth(12)).toBeFocused();
    await expect(app.jobRows().nth(12)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Home');
    await expect(app.jobRows().nth(0)).toBeFocused();
    // The rows are one Tab stop: the next Tab is in the job shown, not on the row below; Shift+Tab comes back.
    await expect(app.jobRows().nth(0)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.job-items') || document.activeElement === document.body)).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(app.jobRows().nth(0)).toBeFocused();
    expect(await app.jobRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('tabindex')).filter((t) => t === '0').length)).toBe(1);

    const axe = await runAxe(page, { include: '[aria-label="Jobs"]', rules: ['label-content-name-mismatch'] });
    expect(axe.map((v) => v.id)).toEqual([]);
  });
});

/**
 * Runs in the page before the app: keeps a copy of what arrives on `/v1/events` (the app reads it
 * with fetch), so a test can wait until an event has reached the page instead of for a while.
 */
function recordEventStream(): void {
  const w = window as unknown as { __eventStream: string; fetch: typeof fetch };
  w.__eventStream = '';
  const original = w.fetch.bind(window);
  w.fetch = async (input, init) => {
    const res = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/v1/events') || !res.body) return res;
    const [app, copy] = res.body.tee();
    void copy.pipeThrough(new TextDecoderStream()).pipeTo(new WritableStream({ write: (text) => void (w.__eventStream += text) }));
    return new Response(app, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
