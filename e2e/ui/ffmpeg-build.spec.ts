import { AppPage } from './app-page';
import { expect, openApp, test } from './fixtures';

test.describe('the ffmpeg build in the GUI', () => {
  test('when a filter is misspelt in the command, then it is underlined with the closest real filter of the running ffmpeg', async ({ page, svc }) => {
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.useTemplate('Transcode to H.264/AAC');
    await app.prependToCommand('-vf scael=320:-2 ');
    const lint = page.getByTestId('command-lint').first();
    await expect(lint).toContainText("No such filter: 'scael' — did you mean scale?");
    await expect(page.getByTestId('command-editor').locator('.cm-lint').first()).toHaveText('scael');
  });

  test('when Settings is opened, then it shows which ffmpeg was chosen among which candidates and the GPU encoders', async ({ page, svc }) => {
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.nav('Settings').click();
    const system = await svc.client.system();
    await page.getByText(system.ffmpeg.version, { exact: true }).first().click(); // opens the details
    await expect(page.getByText(`Why: ${system.ffmpeg.reason}`).first()).toBeVisible();
    const table = page.getByRole('table', { name: 'FFmpeg candidates' });
    await expect(table.getByRole('row')).toHaveCount(system.ffmpeg.candidates.length + 1);
    await expect(table.locator('tr[aria-current="true"]')).toContainText(system.ffmpeg.path);
    await expect(page.getByText('GPU encoders', { exact: true })).toBeVisible();
  });
});
