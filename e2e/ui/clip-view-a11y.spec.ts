import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { violationsInEveryLook } from './axe-check';
import { ClipPage, makeClip } from './clip-page';
import { expect, openApp, screen, test } from './fixtures';

/**
 * The clip view through axe in each state a user meets (choose a file, marked segments,
 * the keys overlay, a finished cut, the folder picker, the saved files), at 1280 and 800 px, light and dark,
 * switched in place in each state (one walk). The 800 px dark look also takes the
 * screenshots of the README's "Your first clip".
 */
test.describe('clip view', () => {
  // Four axe runs per state: on a loaded 2-core machine the walk can pass two minutes.
  test.beforeEach(() => test.slow());
  let work: string;
  let saveDir: string;
  test.beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-clip-a11y-'));
    // The folder picker is limited to the user's home (docs/cutting.md, "Save to").
    saveDir = fs.mkdtempSync(path.join(os.homedir(), 'ffdesk-e2e-a11y-save-'));
  });
  test.afterEach(() => {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(saveDir, { recursive: true, force: true });
  });

  test('when each state of the clip view is checked by axe at 1280 and 800 px, light and dark, then none has a serious or critical violation', async ({
    page,
    svc,
  }) => {
    const clip = new ClipPage(page);
    const found: Record<string, string[]> = {};
    const check = async (name: string) => {
      const inLooks = await violationsInEveryLook(page, name, async (look) => {
        if (look.width === 800 && look.scheme === 'dark') await screen(page, `72-clip-800-dark-${name}`);
      });
      Object.assign(found, inLooks);
    };
    await openApp(page, svc);
    await clip.open();
    await check('open');

    await clip.drop(makeClip(work, { seconds: 12, gop: 50 }));
    await clip.waitReady();
    await clip.pressTo('ArrowRight', 30, '00:00:01:05');
    await clip.press('i');
    await clip.pressTo('Shift+ArrowRight', 2, '00:00:04:00');
    await clip.press('o');
    await clip.pressTo('Shift+ArrowRight', 2, '00:00:08:00');
    await clip.press('n');
    await clip.pressTo('ArrowRight', 40, '00:00:09:15');
    await clip.press('o');
    await clip.press('+');
    await expect(clip.timeline()).toHaveAttribute('aria-label', /zoom 2×/);
    await clip.press('0');
    await check('marked');
    // X: the segments drawn as cut away and the mode said in red beside the timeline; X again keeps them.
    await clip.press('x');
    await expect(page.getByTestId('keep-mode')).toHaveText(/removes the segments/);
    await check('removing');
    await clip.press('x');
    // C: the captured frame's line under the timeline.
    await clip.press('c');
    await expect(page.locator('.clip-capture')).toContainText('Captured 00:00:09:15', { timeout: 60_000 });
    await check('captured');

    await clip.press('?');
    await expect(page.getByRole('dialog', { name: 'Keys of the clip view' })).toBeVisible();
    // In an 800 × 900 window every key shows at once, in two balanced columns (a grid's rows made it scroll).
    await page.setViewportSize({ width: 800, height: 900 });
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Keys of the clip view' }).evaluate((d) => d.scrollHeight - d.clientHeight))
      .toBeLessThanOrEqual(0);
    await check('keys');
    // ? again closes it, as its line says ("Show / hide these keys"); so does Escape.
    await clip.press('?');
    // Closed, not only hidden: the view's keys wait while any dialog is open.
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await clip.press('?');
    await expect(page.getByRole('dialog', { name: 'Keys of the clip view' })).toBeVisible();
    await clip.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);

    await clip.press('e');
    await expect(page.locator('.clip-view').getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    // E leaves the focus on the Export button (not lost to the page while the job is submitted): Tab reaches "Open the job" next.
    await expect(page.getByRole('button', { name: /^Export \d+ parts?$/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Open the job' })).toBeFocused();
    await page.locator('.clip-view').getByText(/^Done/).scrollIntoViewIfNeeded();
    await check('done');
    await clip.press('s');
    await expect(page.getByRole('dialog', { name: 'Choose a folder' }).getByLabel('Current folder')).toBeVisible();
    await check('folders');
    const picker = page.getByRole('dialog', { name: 'Choose a folder' });
    await picker.getByRole('button', { name: `${path.basename(saveDir)}/` }).focus();
    await page.keyboard.press('Enter');
    await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(saveDir));
    await picker.getByRole('button', { name: 'Save here' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Saved files' }).locator('code')).toHaveCount(1);
    await check('saved');

    expect(Object.keys(found)).toHaveLength(8 * 4); // eight states, four looks each
    expect(Object.entries(found).filter(([, v]) => v.length > 0)).toEqual([]);
  });
});
