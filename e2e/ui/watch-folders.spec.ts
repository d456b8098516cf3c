import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { makeTinyMedia } from '../../src-service/testing/media';
import { seriousViolations, violationsInEveryLook } from './axe-check';
import { expect, openApp, screen, test, testFolder } from './fixtures';

/**
 * Watch folders from the Presets page (docs/presets.md, "Watch folders"): both folders chosen
 * with the folder picker by keyboard, the preset's settings and a run-time limit as fields, a
 * video and a notes.txt dropped in; the counts follow the service's events without a reload
 * and notes.txt is left alone. axe at 800 px dark with the empty form, then at 1280 and 800 px, light and dark, with the
 * folder at work, in one page session.
 */
test.describe('watch folders', () => {
  let base: string;
  test.beforeEach(() => {
    // The web folder picker lists the home folder only (docs/api.md, "Local folders").
    base = fs.mkdtempSync(path.join(os.homedir(), 'ffdesk-e2e-watch-'));
    fs.mkdirSync(path.join(base, 'in'));
    fs.mkdirSync(path.join(base, 'out'));
  });
  test.afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  /** Opens the picker from its button and walks home → base → sub by keyboard only. */
  async function pickByKeyboard(page: Page, field: string, sub: string, confirm: string): Promise<void> {
    const chooser = page.getByRole('button', { name: `Choose… ${field}` });
    await chooser.focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: field });
    const filter = picker.getByLabel('Filter folders');
    await expect(filter).toBeFocused();
    await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(os.homedir()));
    await page.keyboard.type(path.basename(base));
    await page.keyboard.press('Enter');
    await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(base));
    await expect(filter).toBeFocused();
    await page.keyboard.type(sub);
    await page.keyboard.press('ArrowDown');
    await expect(picker.getByRole('button', { name: `${sub}/` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(path.join(base, sub)));
    const pick = picker.getByRole('button', { name: confirm });
    for (let i = 0; i < 6 && !(await pick.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(pick).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
  }

  const counts = (section: Locator, folder: string) => section.getByRole('status', { name: `Counts of ${folder}` });

  test('when a watch folder is made with the picker by keyboard and a video and notes.txt are dropped in, then the counts reach 1 done live and notes.txt is left alone', async ({
    page,
    svc,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 800, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page, svc, '#/presets');
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Watch folders' }) });
    const form = section.getByRole('form', { name: 'New watch folder' });

    await pickByKeyboard(page, 'Folder to watch', 'in', 'Watch this folder');
    await pickByKeyboard(page, 'Output folder', 'out', 'Write outputs here');
    const inDir = fs.realpathSync(path.join(base, 'in'));
    await expect(form.getByLabel('Folder to watch', { exact: true })).toHaveValue(inDir);
    await expect(form.getByLabel('Output folder', { exact: true })).toHaveValue(fs.realpathSync(path.join(base, 'out')));

    await form.getByLabel('Preset').selectOption({ label: 'GIF thumbnail' });
    // The preset's file types by default (a video preset: video extensions, no .txt).
    await expect(form.getByLabel('File types taken')).toHaveValue(/^mp4, m4v, mov, mkv, /);
    await expect(form.getByLabel('File types taken')).not.toHaveValue(/txt/);
    const settings = form.getByRole('group', { name: 'Settings of GIF thumbnail' });
    await settings.getByLabel(/^Length/).fill('1');
    await settings.getByLabel(/^Width/).fill('64');
    await form.getByLabel('Max run time (s)').fill('120');
    await form.getByRole('button', { name: 'Watch', exact: true }).click();

    const item = section.getByRole('article', { name: `Watch folder ${inDir}` });
    await expect(item).toContainText('(GIF thumbnail: Length (seconds): 1, Width (pixels): 64; at most 120 s each)');
    await expect(counts(section, inDir)).toHaveText('0 done · 0 failed · 0 running');
    expect(await seriousViolations(page)).toEqual([]);

    // Dropped in while the page stays open: only the service's events can move the counts.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const media = makeTinyMedia(testFolder('ffdesk-e2e-watch-media-'));
    fs.writeFileSync(path.join(inDir, 'notes.txt'), 'take 3 is the good one\n');
    fs.copyFileSync(media.video, path.join(inDir, 'clip.mp4'));

    await expect(counts(section, inDir)).toHaveText('1 done · 0 failed · 0 running', { timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(section.getByRole('list', { name: `Recent files of ${inDir}` })).toHaveText('clip.mp4: done → clip.gif');
    await expect(section.getByLabel(`Ignored files of ${inDir}`)).toContainText('notes.txt');
    expect(fs.readdirSync(path.join(base, 'out'))).toEqual(['clip.gif']);
    expect(fs.existsSync(path.join(inDir, 'notes.txt'))).toBe(true);

    await item.scrollIntoViewIfNeeded();
    await screen(page, 'watch-folders');
    const found = await violationsInEveryLook(page, 'watch folders');
    expect(Object.entries(found).filter(([, v]) => v.length > 0)).toEqual([]);
  });
});
