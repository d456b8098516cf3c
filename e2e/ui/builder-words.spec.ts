import { AppPage } from './app-page';
import { BuilderWordsPage } from './builder-words-page';
import { expect, openApp, screen, test } from './fixtures';

// These tests use the offline-demo samples (docs/contributing.md, "Suite time").
test.use({ samples: true });

test.describe("the builder in an editor's words, and the result cache in sight", () => {
  test('when fields are wrong, then "things to fix" names each in editor words and its link focuses the field', async ({ page, svc }) => {
    const app = new AppPage(page);
    const words = new BuilderWordsPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    // The GPU notice, when there is one, is said once for the gallery, not per card.
    expect(await words.encodingNotes().count()).toBeLessThanOrEqual(1);

    await words.maxRunTime().fill('-5');
    await expect(words.fixLink('Max run time (s)')).toBeVisible();
    await expect(words.fixLink('Command')).toBeVisible();
    await expect(app.submitBar()).not.toContainText('max_command_run_seconds');
    await expect(app.submitBar()).not.toContainText('ffmpeg_command');

    await page.getByRole('button', { name: 'Run job' }).focus();
    await words.fixLink('Max run time (s)').click();
    await expect(words.maxRunTime()).toBeFocused();
    await expect(words.maxRunTime()).toHaveAttribute('aria-invalid', 'true');
    await words.fixLink('Command').click();
    await expect(page.getByTestId('command-editor').locator('.cm-content').first()).toBeFocused();
    await screen(page, 'things-to-fix-links');
  });

  test('when a cached job is re-run with the cache on, then the new job says whose result it reused, links to it and shows the time saved', async ({
    page,
    svc,
  }) => {
    await svc.samplesReady();
    const app = new AppPage(page);
    const words = new BuilderWordsPage(page);
    await openApp(page, svc);
    await app.useTemplate('GIF thumbnail');
    await words.cacheToggle().check();
    const firstId = await app.runJob();
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    expect((await svc.client.getCommand(firstId)).original_request).toMatchObject({ cache: true });
    await expect(words.cacheHitNotice()).toHaveCount(0);

    await expect(words.cacheToggle()).toBeChecked();
    await words.rerun().click();
    await page.waitForURL((u) => /#\/jobs\/[0-9a-f-]{36}$/.test(u.hash) && !u.hash.endsWith(firstId));
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    const notice = words.cacheHitNotice();
    await expect(notice).toContainText('Reused the result of GIF thumbnail: sample-video.mp4 → thumbnail.gif');
    await expect(notice).toContainText(/saved \d/);
    await screen(page, 'cache-hit-notice');
    await notice.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`#/jobs/${firstId}$`));
    await expect(words.cacheHitNotice()).toHaveCount(0);
  });
});
