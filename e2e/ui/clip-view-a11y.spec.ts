import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seriousViolations } from './axe-check';
import { ClipPage, makeClip } from './clip-page';
import { expect, openApp, screen, test } from './fixtures';

/**
 * The clip view through axe in each state a user meets (choose a file, marked segments,
 * the keys overlay, a finished cut, the folder picker), at 1280 and 800 px, light and dark.
 * One walk: in each state the page is resized and its colour scheme switched in place, so the
 * clip is made, marked and cut once, not once per size (the states are the same at any size).
 * The 800 px dark screenshots are the README's "Your first clip".
 */
const VARIANTS = [
  [1280, 'light'],
  [800, 'light'],
  [1280, 'dark'],
  [800, 'dark'],
] as const;

test.describe('clip view accessibility', () => {
  let work: string;
  test.beforeEach(() => void (work = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-clip-a11y-'))));
  test.afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  test('when each state of the clip view is checked by axe at 1280 and 800 px, light and dark, then none has a serious or critical violation', async ({
    page,
    svc,
  }) => {
    const clip = new ClipPage(page);
    const found: Record<string, string[]> = {};
    const check = async (name: string, settle?: () => Promise<void>) => {
      for (const [width, scheme] of VARIANTS) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme: scheme });
        await settle?.();
        found[`${name} at ${width} px ${scheme}`] = await seriousViolations(page);
        await screen(page, `72-clip-${width}-${scheme}-${name}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: 'light' });
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

    await clip.press('?');
    await expect(page.getByRole('dialog', { name: 'Keys of the clip view' })).toBeVisible();
    await check('keys', () => expect(page.getByRole('dialog', { name: 'Keys of the clip view' })).toBeVisible());
    await clip.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await clip.press('e');
    const done = page.locator('.clip-view').getByText(/^Done/);
    await expect(done).toBeVisible({ timeout: 60_000 });
    await check('done', () => done.scrollIntoViewIfNeeded());
    await clip.press('s');
    const folder = page.getByRole('dialog', { name: 'Choose a folder' }).getByLabel('Current folder');
    await expect(folder).toBeVisible();
    await check('folders', () => expect(folder).toBeVisible());

    expect(Object.keys(found)).toHaveLength(5 * VARIANTS.length);
    expect(Object.entries(found).filter(([, v]) => v.length > 0)).toEqual([]);
  });
});
