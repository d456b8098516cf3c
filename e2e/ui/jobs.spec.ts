import { AppPage, playUntilMoved } from './app-page';
import { expect, openApp, sampleWhile, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

test.describe('jobs', () => {
  test('when a template job runs, then the progress bar moves live and the job reaches SUCCESS with a playable video', async ({ page, svc }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.useTemplate('Transcode to H.264/AAC');
    // -re reads the 8 s sample in real time, so there is progress to watch.
    await app.prependToCommand('-re ');
    await screen(page, '10-job-builder-template');
    const id = await app.runJob();

    const bar = app.jobProgressBar();
    await expect(bar).toBeVisible();
    const percents = await sampleWhile(
      async () => Number((await bar.getAttribute('aria-valuenow', { timeout: 500 }).catch(() => null)) ?? NaN),
      async () =>
        (await app
          .jobStatus()
          .textContent({ timeout: 1000 })
          .catch(() => null)) === 'Success',
      { timeoutMs: 90_000 },
    );
    const seen = [...new Set(percents.filter((p) => Number.isFinite(p) && p > 0))];
    expect(seen.length, `distinct progress values: ${seen.join(', ')}`).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const record = await svc.client.getCommand(id);
    expect(record.status).toBe('SUCCESS');
    const video = page.getByRole('article', { name: 'Output out_1' }).locator('video');
    const { before, after } = await playUntilMoved(video);
    expect(after).toBeGreaterThan(before);
    await screen(page, '11-job-success');

    await page.getByRole('button', { name: 'FFmpeg log' }).or(page.getByText('FFmpeg log')).first().click();
    await expect(page.getByLabel('FFmpeg log', { exact: true })).toContainText('ffmpeg');
  });

  for (const [template, player, library, shot] of [
    ['HLS stream', 'hls', 'hls.js', '12-job-hls'],
    ['DASH stream', 'dash', 'dash.js', '12b-job-dash'],
  ] as const) {
    test(`when the ${template} template runs, then its manifest plays through ${library}`, async ({ page, svc }) => {
      await svc.samplesReady();
      const app = new AppPage(page);
      await openApp(page, svc);
      await app.useTemplate(template);
      await app.runJob();
      await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
      const video = page.getByRole('article', { name: 'Output out_playlist_1' }).locator(`video[data-player="${player}"]`);
      const { before, after } = await playUntilMoved(video);
      expect(after).toBeGreaterThan(before);
      // The player feeds Media Source Extensions: the element's source is a blob: URL.
      expect(await video.evaluate((el: HTMLVideoElement) => el.currentSrc)).toMatch(/^blob:/);
      await screen(page, shot);
    });
  }

  test('when a job is running, then it can be cancelled; edit as new refills the builder', async ({ page, svc }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.useTemplate('Transcode to H.264/AAC');
    await app.prependToCommand('-re ');
    await app.runJob();
    await expect(app.jobProgressBar()).toBeVisible();
    // No Re-run while it runs (a duplicate nobody asked for); it comes once the job has ended.
    const rerun = page.getByRole('toolbar', { name: 'Job actions' }).getByRole('button', { name: 'Re-run' });
    await expect(rerun).toHaveCount(0);
    // By keys: the question stays until answered or taken back with Escape.
    await page.getByRole('button', { name: 'Cancel job' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Really cancel?' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Cancel job' })).toBeFocused();
    // The cancel's answer held back a moment, as on a loaded machine: the job's end comes first, while Re-run is
    // still disabled (its focus was lost that way in a CI run).
    await page.route('**/v1/commands/*/cancel', async (route) => {
      const answer = await route.fetch();
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ response: answer });
    });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // A cancelled job is FAILED/CANCELLED on the wire, shown as a neutral "Cancelled".
    await expect(app.jobStatus()).toHaveText('Cancelled');
    await expect(page.getByTestId('job-cancelled')).toBeVisible();
    await expect(rerun).toBeVisible();
    // "Really cancel?" went with the running job: the keys go on at Re-run, which takes its place (not the page, nor the title).
    await expect(rerun).toBeFocused();
    await screen(page, '13-job-cancelled');
    await page.getByRole('button', { name: 'Edit as new' }).click();
    await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible();
    await expect(page.getByTestId('command-editor').first()).toContainText('-re -i {{in_video}}');
    // The new job is another one: it does not keep the old one's name as if typed.
    await expect(page.getByLabel('Job name')).toHaveValue('');
  });

  test("when a GIF's palette is made, which says nothing of its progress until the end, then the job page says so instead of dashes alone", async ({
    page,
    svc,
  }) => {
    const { command_id } = await svc.client.runCommand({
      output_files: { out_1: 'loop.gif' },
      // Paced (-re): about 6 s, whatever the load.
      ffmpeg_command: '-re -f lavfi -i testsrc=size=64x48:rate=10:duration=6 -filter_complex split[a][b];[a]palettegen[p];[b][p]paletteuse {{out_1}}',
    });
    const app = new AppPage(page);
    await openApp(page, svc, `#/jobs/${command_id}`);
    await expect(page.getByTestId('progress-silent')).toContainText('FFmpeg has not said how far it got yet', { timeout: 15_000 });
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 60_000 });
  });

  test('when the command uses an undeclared alias, then the builder flags it before submit', async ({ page, svc }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.useTemplate('GIF thumbnail');
    await app.prependToCommand('-i {{in_missing}} ');
    await expect(page.getByText('{{in_missing}} is not declared in input_files or output_files')).toBeVisible();
    await expect(page.locator('.cm-alias-unknown')).toHaveText('{{in_missing}}');
    await screen(page, '14-job-builder-validation');
  });
});
