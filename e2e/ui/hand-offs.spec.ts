import { AppPage } from './app-page';
import { ConvertPage } from './convert-page';
import { PresetsPage } from './presets-page';
import { expect, openApp, storeClip, test, type UiService } from './fixtures';

/**
 * Runs `step` while jobs keep ending (a tiny command submitted every 100 ms, a few queued
 * first): each end is a live event and a toast, an update React must fit in while it mounts the
 * receiving screen; that is what made it restart the screen's first render and lose the hand-off.
 */
async function whileJobsEnd(svc: UiService, step: () => Promise<void>): Promise<void> {
  const submit = () => svc.client.runCommand({ output_files: { out_1: 'dot.png' }, ffmpeg_command: '-f lavfi -i color=red:size=16x16 -frames:v 1 {{out_1}}' });
  for (let i = 0; i < 4; i++) await submit();
  let done = false;
  const stream = (async () => {
    while (!done) {
      await submit();
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    await step();
  } finally {
    done = true;
    await stream;
  }
}

test.describe('hand-offs between screens', () => {
  test('when "Save as preset…" is the first way into Presets, then the preset editor opens with the command', async ({ page, svc }) => {
    await openApp(page, svc);
    await new AppPage(page).openBuilder();
    await page.getByRole('button', { name: 'Use template: GIF thumbnail' }).click();
    await expect(new ConvertPage(page).panel().getByTestId('open-preset')).toHaveText('GIF thumbnail');
    await whileJobsEnd(svc, async () => {
      await new AppPage(page).submitBar().getByRole('button', { name: 'Save as preset…' }).click();
      await expect(page.getByRole('heading', { name: 'New preset' })).toBeFocused();
    });
    await expect(new PresetsPage(page).editor()).toContainText('palettegen');
  });

  test('when "Open in New job" is the first way into New job, then the builder opens the preset', async ({ page, svc }) => {
    await openApp(page, svc, '#/presets');
    await whileJobsEnd(svc, async () => {
      await new PresetsPage(page).action('GIF thumbnail', 'Open in New job').click();
      await expect(new ConvertPage(page).panel().getByTestId('open-preset')).toHaveText('GIF thumbnail');
    });
  });

  test('when files chosen in Files are the first way into Presets, then the run panel starts with them', async ({ page, svc }) => {
    // Two different clips: the list shows identical bytes as one file with copies.
    await storeClip(svc, 'one.mp4', 1);
    await storeClip(svc, 'two.mp4', 2);
    await openApp(page, svc, '#/files');
    await page.getByLabel('Select one.mp4').check();
    await page.getByLabel('Select two.mp4').check();
    await whileJobsEnd(svc, async () => {
      await page.getByRole('button', { name: 'Run a preset on 2…' }).click();
      await page.getByRole('list', { name: 'Presets' }).getByRole('button', { name: 'GIF thumbnail' }).click();
    });
    const files = page.getByRole('list', { name: 'Stored files' });
    await expect(files.getByLabel('one.mp4')).toBeChecked();
    await expect(files.getByLabel('two.mp4')).toBeChecked();
  });
});
