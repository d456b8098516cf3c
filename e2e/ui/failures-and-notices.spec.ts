import { AppPage } from './app-page';
import { expect, openApp, screen, test } from './fixtures';

test.describe('failures explained, endings announced', () => {
  test('when a job fails on a misspelt filter, then the decisive line leads with the word marked, and "Fix in builder" marks it in the command', async ({
    page,
    svc,
  }) => {
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.removeInput('in_1');
    await app.setCommand('-f lavfi -i testsrc=size=160x120:duration=1 -vf scael=80:60 {{out_1}}');
    await app.runJob();
    await expect(app.jobStatus()).toHaveText('Failed', { timeout: 60_000 });
    await expect(app.failureLead()).toContainText("No such filter: 'scael'");
    await expect(app.failureLead().locator('mark')).toHaveText('scael');
    // The raw stderr is not dumped in the card: the log stays folded below.
    await expect(page.getByLabel('FFmpeg log', { exact: true })).toBeHidden();
    // The list says it in words too, not the API's PROCESSING_ERROR.
    await expect(app.jobRows().first()).toContainText('ffmpeg error');
    await expect(app.jobRows().first()).not.toContainText('PROCESSING_ERROR');
    await screen(page, '46-job-failure-explained');

    await app.failure().getByRole('button', { name: 'Fix in builder' }).click();
    await expect(app.fixBanner()).toBeVisible();
    await expect(app.fixBanner().getByTestId('fix-command').locator('mark')).toHaveText('scael');
    await screen(page, '47-fix-in-builder');
    await app.setCommand('-f lavfi -i testsrc=size=160x120:duration=1 -vf scale=80:60 {{out_1}}');
    await expect(app.fixBanner()).toBeHidden();
    await app.runJob();
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 60_000 });
  });

  test('when a cut fails, then its notice offers no "Fix in builder", which cannot hold a cut', async ({ page, svc }) => {
    const app = new AppPage(page);
    // An input URL nothing answers at: the cut fails fetching it.
    const { command_id: jobId } = await svc.client.runEdit({
      input: 'http://127.0.0.1:9/gone.mp4',
      segments: [{ start: 0, end: 1 }],
      output: { filename: 'cut.mp4' },
    });
    await expect.poll(async () => (await svc.client.getCommand(jobId)).status, { timeout: 60_000 }).toBe('FAILED');
    await openApp(page, svc, `#/jobs/${jobId}`);
    await expect(app.jobStatus()).toHaveText('Failed');
    await expect(app.failure()).toBeVisible();
    await expect(app.failure().getByRole('button', { name: 'Fix in builder' })).toHaveCount(0);
    await expect(page.getByRole('toolbar', { name: 'Job actions' }).getByRole('button', { name: 'Edit as new' })).toHaveCount(0);
  });

  test('when a job ends while the window is in the background, then a toast, a desktop notification and a title count tell it; back in focus the count clears', async ({
    page,
    context,
    svc,
  }) => {
    await context.grantPermissions(['notifications']);
    await page.addInitScript(() => {
      const Real = window.Notification;
      const seen: { title: string; body: string }[] = [];
      (window as unknown as { seenNotifications: typeof seen }).seenNotifications = seen;
      class Recording extends Real {
        // Chromium's headless shell (the browser the suite runs in, playwright.config.ts) reads
        // `Notification.permission` as 'denied' even once the context granted it; the full browser
        // says 'granted', as a desktop window does.
        static override get permission(): NotificationPermission {
          return 'granted';
        }
        constructor(title: string, opts?: NotificationOptions) {
          super(title, opts);
          seen.push({ title, body: opts?.body ?? '' });
        }
      }
      Object.defineProperty(window, 'Notification', { value: Recording });
    });
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Files').click();
    await expect(page).toHaveTitle('FFDesk');

    // Headless Chromium reports every tab as focused and visible, so the page is told it
    // lost the focus the way a switch to another window would: hasFocus() false + blur.
    await page.evaluate(() => {
      document.hasFocus = () => false;
      window.dispatchEvent(new Event('blur'));
    });
    const job = await svc.client.runCommand({ output_files: { out_1: 'done.png' }, ffmpeg_command: '-f lavfi -i color=red:size=16x16 -frames:v 1 {{out_1}}' });
    await expect(page).toHaveTitle('(1) FFDesk', { timeout: 60_000 });
    const notes = await page.evaluate(() => (window as unknown as { seenNotifications: { title: string; body: string }[] }).seenNotifications);
    expect(notes).toEqual([{ title: 'Done: done.png — color', body: '1 output stored' }]);
    await expect(app.toasts()).toContainText('Done: done.png — color');
    await expect(app.toasts().getByRole('link', { name: 'Open' })).toHaveAttribute('href', `#/jobs/${job.command_id}`);

    await page.evaluate(() => {
      document.hasFocus = () => true;
      window.dispatchEvent(new Event('focus'));
    });
    await expect(page).toHaveTitle('FFDesk');
    await screen(page, '48-job-done-toast');
  });
});
