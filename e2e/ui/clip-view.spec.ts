import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClipPage, holdProxyQueue, makeClip, probe } from './clip-page';
import type { Page } from '@playwright/test';
import { expect, openApp, screen, storeClip, test, type UiService } from './fixtures';
import { seriousViolations } from './axe-check';

test.describe('clip view', () => {
  let work: string;
  let saveDir: string;
  test.beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ffdesk-clip-'));
    // The web folder picker lists the home folder only (docs/api.md, "Local folders"); no leading dot, or it is hidden.
    saveDir = fs.mkdtempSync(path.join(os.homedir(), 'ffdesk-e2e-save-'));
  });
  test.afterEach(() => {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(saveDir, { recursive: true, force: true });
  });

  /** The Cut screen with a 4 s clip made by ffmpeg dropped on it, ready to cut; `before` runs once the app is open. */
  async function dropped(page: Page, svc: UiService, before?: (page: Page) => Promise<unknown>, size?: string): Promise<ClipPage> {
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await before?.(page);
    await clip.open();
    await clip.drop(makeClip(work, size ? { size } : {}));
    await clip.waitReady();
    return clip;
  }

  /** One segment by the keys: frames 5 to 14 (0.4 s, 10 frames at 25 fps). */
  async function markFiveToFourteen(clip: ClipPage): Promise<void> {
    await clip.pressTo('ArrowRight', 5, '00:00:00:05');
    await clip.press('i');
    await clip.pressTo('ArrowRight', 9, '00:00:00:14');
    await clip.press('o');
  }

  test('when a dropped clip is marked with the keys only, cut smart and joined, and saved to a folder, then the saved file holds exactly the marked frames', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    await expect(clip.timecode()).toHaveText('00:00:00:00');

    // Segment 1: frames 0–24 (one second).
    await clip.press('i');
    await clip.pressTo('ArrowRight', 24, '00:00:00:24');
    await clip.press('o');
    // Segment 2: from the keyframe at 2 s, frames 50–62 (13 frames).
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:01:00');
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:02:00');
    await clip.press('n');
    await clip.pressTo('ArrowRight', 12, '00:00:02:12');
    await clip.press('o');
    await expect(clip.segments()).toHaveCount(2);
    await expect(clip.segments().nth(0)).toContainText(/segment 1 1\.00 s\s*00:00:00:00 → 00:00:00:24/);
    await expect(clip.segments().nth(1)).toContainText(/segment 2 0\.52 s\s*00:00:02:00 → 00:00:02:12/);
    await expect(page.getByRole('radio', { name: /Smart/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Join into one file/ })).toBeChecked();
    await screen(page, '70-clip-view-marked');

    await clip.press('e');
    await expect(page.locator('.clip-view').getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: /^Export 2 parts/ })).toBeFocused();
    await page.setViewportSize({ width: 800, height: 900 });
    await clip.press('s');
    const picker = page.getByRole('dialog', { name: 'Choose a folder' });
    await expect(picker).toBeVisible();
    await picker.getByRole('button', { name: `${path.basename(saveDir)}/` }).click();
    await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(saveDir));
    await picker.getByRole('button', { name: 'Save here' }).click();
    const saved = page.getByRole('list', { name: 'Saved files' }).locator('code');
    await expect(saved).toHaveCount(1);
    // The Done line says it is saved, not "Press S" again.
    await expect(page.locator('.clip-view').getByText(/^Done\./)).toContainText('Saved to the folder below; S saves it again.');
    // What was written comes into sight, wherever the panel is: at 800 × 900 it is below the Export panel.
    await expect(saved).toBeInViewport();
    const file = (await saved.textContent()) ?? '';
    expect(path.dirname(file)).toBe(fs.realpathSync(saveDir));
    expect(path.basename(file)).toBe('walk-clip-00.00.00.00-00.00.02.12-2-parts.mp4');
    // The picker gives the focus back to what had it before S (it fell to the page).
    await expect(page.getByRole('button', { name: /^Export 2 parts/ })).toBeFocused();

    const got = probe(file);
    expect(got.frames).toBe(25 + 13);
    expect(got.duration).toBeGreaterThan(1.5);
    expect(got.duration).toBeLessThan(1.6);

    // The same cut exported again (E says it is exported already; E again exports it): the panel offers the folder saved to last, and the copy gets a number.
    await clip.press('e');
    await expect(page.getByTestId('key-refused')).toContainText('This cut is exported already');
    await clip.press('e');
    const again = page.getByRole('button', { name: `Save to ${fs.realpathSync(saveDir)}` });
    await expect(again).toBeVisible({ timeout: 60_000 });
    await again.focus();
    await page.keyboard.press('Enter');
    await expect(saved).toHaveText(path.join(fs.realpathSync(saveDir), 'walk-clip-00.00.00.00-00.00.02.12-2-parts (1).mp4'));
    // A change after the export: its "Done" is said to be of the cut before it (S would save that one); undone, it is this cut again.
    await clip.press('g');
    await expect(page.getByTestId('earlier-cut')).toBeVisible();
    await clip.press('g');
    await expect(page.getByTestId('earlier-cut')).toHaveCount(0);
  });

  test('when a file of the home folder is opened from disk with the keys only, then nothing is uploaded, and Save to offers and writes into its own folder', async ({
    page,
    svc,
  }) => {
    // The clip lies in a folder of the home folder (where the picker lists), not in the save folder of other tests.
    const source = path.join(saveDir, 'walk-clip.mp4');
    fs.copyFileSync(makeClip(work), source);
    // Listed first, and holding the text typed below: the name that starts with it is the one opened.
    fs.copyFileSync(source, path.join(saveDir, 'dl-walk-clip.mp4'));
    const uploads: string[] = [];
    page.on('request', (r) => /\/v1\/(files\/upload|upload)/.test(new URL(r.url()).pathname) && uploads.push(r.url()));
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    // Ctrl+O, as editors' apps open a file.
    await page.keyboard.press('Control+o');
    const picker = page.getByRole('dialog', { name: 'Open a video or audio file' });
    await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(os.homedir()));
    // Type part of the folder's name, Enter opens it; part of the file's, Enter opens the file.
    await page.keyboard.type(path.basename(saveDir));
    await page.keyboard.press('Enter');
    await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(saveDir));
    await expect(picker.getByRole('list', { name: 'Folders and files' })).toContainText('walk-clip.mp4');
    // The picker listing folders and files passes axe.
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('walk');
    await page.keyboard.press('Enter');
    await clip.waitReady();
    await expect(page.getByLabel('Player: walk-clip.mp4')).toBeVisible();
    expect(uploads).toEqual([]);
    // The picker is gone: the view holds the focus, so Tab goes on into the player, not the sidebar.
    await expect(page.getByRole('region', { name: 'Clip: walk-clip.mp4' })).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.clip-player') !== null)).toBe(true);

    await clip.press('i');
    await clip.pressTo('ArrowRight', 9, '00:00:00:09');
    await clip.press('o');
    await clip.press('e');
    await expect(page.locator('.clip-view').getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    // Its own folder is offered first, and the picker starts there.
    await expect(page.getByRole('button', { name: `Save to ${fs.realpathSync(saveDir)}` })).toBeVisible();
    await clip.press('s');
    const savePicker = page.getByRole('dialog', { name: 'Choose a folder' });
    await expect(savePicker.getByLabel('Current folder')).toHaveText(fs.realpathSync(saveDir));
    // A new folder for the cuts, by keys: made where the picker is, and the picker goes into it.
    await savePicker.getByRole('button', { name: 'New folder…' }).focus();
    await page.keyboard.press('Enter');
    await expect(savePicker.getByLabel('Name of the new folder')).toBeFocused();
    await page.keyboard.type('Cuts');
    await page.keyboard.press('Enter');
    await expect(savePicker.getByLabel('Current folder')).toHaveText(path.join(fs.realpathSync(saveDir), 'Cuts'));
    await expect(savePicker.getByLabel('Filter folders')).toBeFocused();
    // Enter with nothing typed saves here: no Tabbing to the button.
    await page.keyboard.press('Enter');
    const saved = page.getByRole('list', { name: 'Saved files' }).locator('code');
    await expect(saved).toHaveText(path.join(fs.realpathSync(saveDir), 'Cuts', 'walk-clip-00.00.00.00-00.00.00.09.mp4'));
    expect(probe((await saved.textContent()) ?? '').frames).toBe(10);

    // Opened again: the same stored file (its segments come back), still without an upload.
    await clip.open();
    await page.getByRole('button', { name: 'Open from disk…' }).click();
    await page.keyboard.type('walk-clip.mp4');
    await page.keyboard.press('Enter');
    await clip.waitReady();
    await expect(page.getByTestId('segments-restored')).toHaveText('The segment you marked on this file before.');
    expect(uploads).toEqual([]);
    // Its export is kept with it (Done, as left): S starts where this folder's cuts were saved last (Cuts), not in the clip's folder, one short.
    await expect(page.locator('.clip-view').getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    const cuts = path.join(fs.realpathSync(saveDir), 'Cuts');
    await expect(page.getByRole('button', { name: `Save to ${cuts}` })).toBeVisible();
    await clip.press('s');
    await expect(page.getByRole('dialog', { name: 'Choose a folder' }).getByLabel('Current folder')).toHaveText(cuts);
    await page.keyboard.press('Escape');

    // Ctrl+O over an open clip opens another one, as on the chooser: the picker starts in the folder opened last.
    await clip.press('Control+o');
    const again = page.getByRole('dialog', { name: 'Open a video or audio file' });
    await expect(again.getByLabel('Current folder')).toHaveText(fs.realpathSync(saveDir));
    await page.keyboard.type('Cuts');
    await page.keyboard.press('Enter');
    await page.keyboard.type('walk-clip-00');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Clip: walk-clip-00.00.00.00-00.00.00.09.mp4' })).toBeFocused({ timeout: 60_000 });
    await clip.waitReady();
    expect(uploads).toEqual([]);
  });

  test('when segments are managed with the keys only, then they are reordered, renamed, deleted (and undone) and inverted, and J/K/L shuttle', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);

    await clip.pressTo('ArrowRight', 5, '00:00:00:05');
    await clip.press('i');
    await clip.pressTo('End', 1, '00:00:03:24');
    await clip.press('o');
    await clip.pressTo('Home', 1, '00:00:00:00');
    await clip.press('n');
    await clip.pressTo('ArrowRight', 2, '00:00:00:02');
    await clip.press('o');
    await expect(clip.segments()).toHaveText([/segment 1/, /segment 2/]);
    await expect(clip.segments().nth(1)).toHaveAttribute('aria-current', 'true');

    // Alt+↑ moves the current segment up; F2 renames it.
    await clip.press('Alt+ArrowUp');
    // Called by their places (as LosslessCut labels them): the one marked second, from 0:00, is now segment 1.
    await expect(clip.segments()).toHaveText([/segment 1.*00:00:00:00 → 00:00:00:02/, /segment 2/]);
    await clip.press('F2');
    await page.keyboard.type('intro');
    await clip.press('Enter');
    await expect(clip.segments().nth(0)).toContainText('intro');
    // The name field is gone: the focus is back on the view, not fallen to the page.
    await expect(page.getByRole('region', { name: 'Clip: walk-clip.mp4' })).toBeFocused();
    // Shift+I / Shift+O go to the current segment's in and last frame.
    await clip.pressTo('Shift+O', 1, '00:00:00:02');
    await clip.pressTo('Shift+I', 1, '00:00:00:00');
    // ↓ selects the next one; Delete deletes it.
    await clip.press('ArrowDown');
    await expect(clip.segments().nth(1)).toHaveAttribute('aria-current', 'true');
    await clip.press('Delete');
    await expect(clip.segments()).toHaveText([/intro/]);
    // Ctrl+Z brings it back, current again; Ctrl+Shift+Z deletes it again.
    await clip.press('Control+z');
    await expect(clip.segments()).toHaveText([/intro/, /segment 2/]);
    await expect(clip.segments().nth(1)).toHaveAttribute('aria-current', 'true');
    await clip.press('Control+Shift+Z');
    await expect(clip.segments()).toHaveText([/intro/]);
    await expect(page.getByRole('button', { name: 'Export 1 part' })).toBeVisible();
    // X: remove the selected segment instead, keeping the rest (frames 3 to the end).
    await expect(page.getByTestId('keep-mode')).toHaveText('Export keeps the segments.');
    await clip.press('x');
    await expect(page.getByRole('radio', { name: /Remove selected/ })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Export 1 part' })).toBeVisible();
    // Said beside the timeline (the radio is below the fold at 800 px), and drawn as cut away.
    await expect(page.getByTestId('keep-mode')).toHaveText('Export removes the segments and keeps the rest.');
    await expect(page.locator('.clip-track')).toHaveAttribute('data-removing', 'true');
    // M: the cut mode goes smart → lossless → re-encode → smart, said beside the timeline too.
    await expect(page.getByTestId('cut-mode')).toHaveText('Cut: smart (M switches).');
    await clip.press('m');
    await expect(page.getByRole('radio', { name: /Lossless/ })).toBeChecked();
    await expect(page.getByTestId('cut-mode')).toHaveText('Cut: lossless (M switches).');
    // Lossless copies from the keyframe before each in point: said before exporting. The part kept
    // (frames 3 to the end) starts 3 frames after the keyframe at 0.
    await expect(page.getByTestId('lossless-early')).toHaveText('Lossless starts the cut 3 frames early, at the keyframe 00:00:00:00 (smart is exact).');
    // Keeping the segments instead: "intro" starts on that keyframe; the one deleted (and brought back) 5 frames after it.
    await clip.press('x');
    await expect(page.getByTestId('lossless-early')).toHaveCount(0);
    await clip.press('Control+z');
    await expect(clip.segments().nth(1)).toContainText('lossless from 00:00:00:00, 5 frames early');
    await expect(clip.segments().nth(0)).not.toContainText('lossless from');
    await expect(page.getByTestId('lossless-early')).toHaveText(
      'Lossless starts 1 of 2 parts early, at the keyframe before each in point (up to 5 frames; smart is exact).',
    );
    await clip.press('Control+Shift+Z');
    await clip.press('x');
    await clip.press('m');
    await expect(page.getByRole('radio', { name: /Re-encode/ })).toBeChecked();
    await clip.press('m');
    await expect(page.getByRole('radio', { name: /Smart/ })).toBeChecked();
    // G: one joined file ⇄ one file per segment, said there too.
    const join = page.getByRole('checkbox', { name: /Join into one file/ });
    await expect(join).toBeChecked();
    await clip.press('g');
    await expect(join).not.toBeChecked();
    await expect(page.getByTestId('join-mode')).toHaveText('Into one file per segment (G switches).');
    await clip.press('g');
    await expect(join).toBeChecked();
    await expect(page.getByTestId('join-mode')).toHaveText('Into one joined file (G switches).');

    // L plays, L again doubles, K pauses, J plays backwards, Space toggles. From the keyframe at
    // 1 s, so J has at least a second to run back (from the first frames it reached the start and
    // stopped before the check saw it playing, in a clean-clone run) and L three before the end.
    const shuttle = page.locator('.clip-transport');
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:01:00');
    await clip.press('l');
    await expect(shuttle.getByRole('button', { name: 'Pause' })).toBeVisible();
    // The timecode runs while the picture plays (it stood on the first frame drawn until a pause).
    const running = () =>
      page.evaluate(() => ({
        timecode: document.querySelector('[data-testid="timecode"]')?.textContent,
        playing: !(document.querySelector('.clip-screen video') as HTMLVideoElement).paused,
      }));
    await expect
      .poll(async () => {
        const r = await running();
        return r.playing && r.timecode !== '00:00:01:00' && r.timecode !== '00:00:01:01';
      })
      .toBe(true);
    await clip.press('l');
    await expect(shuttle).toContainText('2×');
    await clip.press('k');
    await expect(shuttle.getByRole('button', { name: 'Play' })).toBeVisible();
    await clip.press('j');
    await expect(shuttle).toContainText('-1×');
    await clip.press('k');
    await expect(shuttle.getByRole('button', { name: 'Play' })).toBeVisible();
    // Space plays, and pauses again.
    await clip.press('Space');
    await expect(shuttle.getByRole('button', { name: 'Pause' })).toBeVisible();
    await clip.press('Space');
    await expect(shuttle.getByRole('button', { name: 'Play' })).toBeVisible();
  });

  test('when a 29.97 fps film is stepped with the keys, then Shift+→ lands on each keyframe late in the file too, Ctrl+←/→ step a second and Ctrl+G goes to a typed time', async ({
    page,
    svc,
  }) => {
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    // A keyframe every 60 frames (2.002 s): the 20th is frame 1200, at 40.04 s.
    await clip.drop(makeClip(work, { seconds: 44, gop: 60, rate: '30000/1001' }));
    await clip.waitReady();
    // Timecode counts real seconds, so frame 1200 reads 00:00:40:01 (40 s falls inside frame 1199).
    await clip.pressTo('Shift+ArrowRight', 20, '00:00:40:01');
    await clip.press('i');
    await clip.press('m');
    await expect(page.getByTestId('cut-mode')).toContainText('lossless');
    await expect(page.getByTestId('lossless-early')).toHaveCount(0); // on the keyframe: nothing early
    await clip.pressTo('ArrowLeft', 1, '00:00:40:00');
    await clip.press('i');
    await expect(page.getByTestId('lossless-early')).toHaveText('Lossless starts the cut 59 frames early, at the keyframe 00:00:38:01 (smart is exact).');

    // Ctrl+G: the timecode becomes a field with the playhead's timecode selected; a time past the end says so.
    const view = page.getByRole('region', { name: 'Clip: walk-clip.mp4' });
    await clip.press('Control+g');
    const field = page.getByRole('textbox', { name: 'Go to a time' });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('00:00:40:00');
    await page.keyboard.type('1:00');
    await page.keyboard.press('Enter');
    await expect(field).toHaveAccessibleDescription(/^The file ends at 00:00:4\d:\d\d\.$/);
    // Ctrl+G again, the field still open: its text selected, so the new time replaces it (it was added to).
    await page.keyboard.press('Control+g');
    await page.keyboard.type('0:10');
    await page.keyboard.press('Enter');
    await expect(clip.timecode()).toHaveText('00:00:10:00');
    await expect(view).toBeFocused();
    // Ctrl+←/→: a second in whole frames (30 at 29.97 fps).
    await clip.pressTo('Control+ArrowRight', 1, '00:00:11:00');
    await clip.pressTo('Control+ArrowLeft', 2, '00:00:09:00');
    // A timecode as shown, and Escape leaves without moving.
    await clip.press('Control+g');
    await page.keyboard.type('00:00:20:15');
    await page.keyboard.press('Enter');
    await expect(clip.timecode()).toHaveText('00:00:20:15');
    await clip.press('Control+g');
    await page.keyboard.type('5');
    await page.keyboard.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(clip.timecode()).toHaveText('00:00:20:15');
    await expect(view).toBeFocused();
  });

  test('when segments are marked and tabbed to in an 800 × 900 window, then the picture and the timeline stay in the window', async ({ page, svc }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const clip = await dropped(page, svc);
    for (const [from, to] of <[string, string][]>[
      ['00:00:00:05', '00:00:00:10'],
      ['00:00:01:05', '00:00:01:10'],
      ['00:00:02:05', '00:00:02:10'],
      ['00:00:03:05', '00:00:03:10'],
    ]) {
      await clip.press('Control+g');
      await page.keyboard.type(from);
      await page.keyboard.press('Enter');
      await clip.press('i');
      await clip.press('Control+g');
      await page.keyboard.type(to);
      await page.keyboard.press('Enter');
      await clip.press('o');
    }
    await expect(clip.segments()).toHaveCount(4);
    // In and out on one line under the name (the ↑ ↓ ✕ buttons sit on the name's line): they wrapped onto two, and one and a half segments showed.
    const [inTc, outTc] = await clip.segments().first().locator('.clip-segment-tc').all();
    expect(Math.abs((await inTc!.boundingBox())!.y - (await outTc!.boundingBox())!.y)).toBeLessThan(2);
    // ↑/↓ bring the segment they select into sight in its card, and so does F2 its name field.
    await clip.press('ArrowUp', 3);
    await expect(page.getByRole('button', { name: /^segment 1: .*current$/ })).toBeInViewport({ ratio: 1 });
    await clip.press('ArrowDown', 3);
    await expect(page.getByRole('button', { name: /^segment 4: .*current$/ })).toBeInViewport({ ratio: 1 });
    await clip.press('ArrowUp', 3);
    await clip.press('ArrowDown', 3);
    await clip.press('F2');
    await expect(page.getByRole('textbox', { name: 'Segment name' })).toBeInViewport({ ratio: 1 });
    await clip.press('Escape');
    // Beside the picture, a list longer than it scrolls in its card: the timeline stays right under the player.
    const segment = page.getByRole('button', { name: /^segment 4: / });
    await segment.focus();
    await expect(segment).toBeInViewport({ ratio: 1 });
    await expect(page.getByLabel('Player: walk-clip.mp4')).toBeInViewport({ ratio: 1 });
    await expect(clip.timeline()).toBeInViewport({ ratio: 1 });
  });

  test('when the page is reloaded, then the segments marked on the file are still there, and once all are deleted, none come back', async ({ page, svc }) => {
    const clip = await dropped(page, svc);
    await clip.pressTo('ArrowRight', 5, '00:00:00:05');
    await clip.press('i');
    await clip.pressTo('ArrowRight', 10, '00:00:00:15');
    await clip.press('o');
    await clip.pressTo('Shift+ArrowRight', 2, '00:00:02:00');
    await clip.press('i');
    await clip.press('F2');
    await page.keyboard.type('ending');
    await clip.press('Enter');
    await expect(clip.segments()).toHaveText([/segment 1.*00:00:00:05 → 00:00:00:15/, /ending.*00:00:02:00 →/]);
    const marked = await clip.segments().allTextContents();
    await page.reload();
    await clip.waitReady();
    await expect(clip.segments()).toHaveText(marked);
    await expect(page.getByTestId('segments-restored')).toHaveText('The 2 segments you marked on this file before.');
    await expect(clip.segments().nth(1)).toHaveAttribute('aria-current', 'true');
    // The name given is sent as given: the export names the second part after it.
    await expect(page.getByRole('button', { name: 'Export 2 parts' })).toBeVisible();
    await clip.press('Delete');
    await expect(page.getByTestId('segments-restored')).toHaveCount(0);
    await clip.press('Delete');
    await expect(clip.segments()).toHaveCount(0);
    await page.reload();
    await clip.waitReady();
    await expect(clip.segments()).toHaveCount(0);
    await expect(page.getByTestId('segments-restored')).toHaveCount(0);
  });

  test('when two segments are exported one file each, then each file is named by what it holds, or after the name given to its segment', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    await clip.pressTo('ArrowRight', 5, '00:00:00:05');
    await clip.press('i');
    await clip.pressTo('ArrowRight', 10, '00:00:00:15');
    await clip.press('o');
    await clip.pressTo('Shift+ArrowRight', 2, '00:00:02:00');
    await clip.press('i');
    await clip.pressTo('ArrowRight', 10, '00:00:02:10');
    await clip.press('o');
    await clip.press('F2');
    await page.keyboard.type('the end');
    await clip.press('Enter');
    await clip.press('g');
    const files = page.getByTestId('segment-files');
    await expect(files).toHaveText('The 2 files: walk-clip-00.00.00.05-00.00.00.15.mp4, walk-clip-the_end.mp4.');
    await expect(page.getByLabel('File names from')).toHaveValue('walk-clip.mp4');
    await clip.press('e');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await expect(exportPanel.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const record = await svc.client.getCommand(href.split('/').pop() ?? '');
    expect(Object.values(record.output_files ?? {}).map((f) => f.filename)).toEqual(['walk-clip-00.00.00.05-00.00.00.15.mp4', 'walk-clip-the_end.mp4']);
  });

  test('when “Cut again” is pressed on a cut job, then the Cut screen shows its segments, mode, layout and file name, the marks from before one Ctrl+Z away, and exports the same cut', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    // A mark of this session on the file, which the job's marks replace.
    await clip.pressTo('ArrowRight', 3, '00:00:00:03');
    await clip.press('i');
    await clip.pressTo('ArrowRight', 2, '00:00:00:05');
    await clip.press('o');
    await expect(clip.segments()).toHaveText([/segment 1.*00:00:00:03 → 00:00:00:05/]);
    const fileId = decodeURIComponent(page.url().split('/').pop() ?? '');
    // A script's cut of the same file: lax numbers, a named segment, lossless, one file each, a typed name.
    const asked = {
      input: fileId,
      segments: [
        { start: '2', end: 3, name: 'tail' },
        { start: 0.4, end: 1.2 },
      ],
      mode: 'lossless',
      join: false,
      output: { filename: 'my-cut.mp4' },
    };
    const { command_id: jobId } = await svc.client.runEdit(asked as unknown as Parameters<typeof svc.client.runEdit>[0]);
    await expect.poll(async () => (await svc.client.getCommand(jobId)).status, { timeout: 60_000 }).toBe('SUCCESS');
    await page.goto(`${svc.url}/#/jobs/${jobId}`);
    const actions = page.getByRole('toolbar', { name: 'Job actions' });
    // The builder cannot hold a cut: no "Edit as new" (an empty builder), no preset, no cache toggle.
    await expect(actions.getByRole('button', { name: 'Cut again' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Edit as new' })).toHaveCount(0);
    await expect(actions.getByRole('button', { name: /preset/i })).toHaveCount(0);
    // Re-run sends the cut again as it was (it was sent to the chained endpoint before, and refused).
    await actions.getByRole('button', { name: 'Re-run' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(new RegExp(`${jobId}$`));
    const rerunId = decodeURIComponent(page.url().split('/').pop() ?? '');
    await expect.poll(async () => (await svc.client.getCommand(rerunId)).status, { timeout: 60_000 }).toBe('SUCCESS');
    expect((await svc.client.getCommand(rerunId)).original_request).toMatchObject({ input: fileId, mode: 'lossless', join: false });
    await actions.getByRole('button', { name: 'Cut again' }).focus();
    await page.keyboard.press('Enter');
    await clip.waitReady();
    // The list shows each out point as the segment's last frame.
    await expect(clip.segments()).toHaveText([/tail.*00:00:02:00 → 00:00:02:24/, /segment 2.*00:00:00:10 → 00:00:01:04/]);
    await expect(page.getByTestId('segments-restored')).toHaveText('The job’s 2 segments, cut lossless, one file each. Ctrl+Z: your marks before.');
    await expect(page.getByRole('radio', { name: /^Lossless/ })).toBeChecked();
    await expect(page.getByLabel('File names from')).toHaveValue('my-cut.mp4');
    // The keyboard is in the clip view: E exports the same cut again.
    await clip.press('e');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await expect(exportPanel.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const again = await svc.client.getCommand(href.split('/').pop() ?? '');
    expect(again.original_request).toMatchObject({ input: fileId, mode: 'lossless', join: false, output: { filename: 'my-cut.mp4' } });
    expect((again.original_request as { segments: unknown[] }).segments).toMatchObject([
      { start: 2, end: 3, name: 'tail' },
      { start: 0.4, end: 1.2 },
    ]);
    // The marks of before are one step back.
    await clip.press('Control+z');
    await expect(clip.segments()).toHaveText([/segment 1.*00:00:00:03 → 00:00:00:05/]);
  });

  test('when a clip whose frame rate varies is opened, then the view says what its steps can show, and a steady clip has no such line', async ({
    page,
    svc,
  }) => {
    // 2 s at 60 fps, then 2 s at 20 fps, as a phone records when the light drops.
    const vfr = path.join(work, 'phone-vfr.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=60:duration=2', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=20:duration=2'],
      ...['-filter_complex', '[0][1]concat=n=2:v=1[v]', '-map', '[v]', '-fps_mode', 'vfr', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', vfr],
    ]);
    const clip = await dropped(page, svc);
    await expect(page.getByTestId('varying-rate')).toHaveCount(0);
    await page.getByRole('link', { name: 'Open another file' }).click();
    await clip.drop(vfr);
    await expect(page.getByLabel('Player: phone-vfr.mp4')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('varying-rate')).toContainText("This clip's frame rate varies");
  });

  test('when a key cannot do what it says (O before the in point, E with nothing marked, S before an export), then the line under the timeline says why', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    const said = page.getByTestId('key-refused');
    await clip.press('e');
    await expect(said).toHaveText(/^Mark a segment first/);
    await clip.press('s');
    await expect(said).toHaveText('Nothing exported yet: E exports, then S saves the result to a folder.');
    await clip.pressTo('ArrowRight', 10, '00:00:00:10');
    await expect(said).toHaveText('');
    await clip.press('i');
    await clip.pressTo('ArrowLeft', 3, '00:00:00:07');
    await clip.press('o');
    await expect(said).toHaveText('O marks the last frame kept, after the in point (00:00:00:10): go past it, or press I to start here.');
    await expect(said).toBeInViewport();
    await clip.pressTo('ArrowRight', 5, '00:00:00:12');
    await clip.press('o');
    await expect(said).toHaveText('');
    await expect(clip.segments()).toHaveText([/00:00:00:10 → 00:00:00:12/]);
    // S before the export, then E: the export's line is not under a stale "Nothing exported yet".
    await clip.press('s');
    await expect(said).toHaveText('Nothing exported yet: E exports, then S saves the result to a folder.');
    await clip.press('e');
    await expect(said).toHaveText('');
  });

  test('when Shift+Space is pressed over two marked segments, then only they play, in order, stopping on the last kept frame; B splits the segment under the playhead', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    const said = page.getByTestId('key-refused');
    await clip.press('Shift+Space');
    await expect(said).toHaveText('Shift+Space plays the cut, and nothing is marked yet: I sets an in point, O an out point.');
    // Two segments: 0.40–1.00 s and 2.48–3.20 s (O keeps the frame under the playhead).
    await clip.goTo('00:00:00:10');
    await clip.press('i');
    await clip.goTo('00:00:00:24');
    await clip.press('o');
    await clip.goTo('00:00:02:12');
    await clip.press('i');
    await clip.goTo('00:00:03:04');
    await clip.press('o');
    await expect(clip.segments()).toHaveText([/00:00:00:10 → 00:00:00:24/, /00:00:02:12 → 00:00:03:04/]);
    await clip.press('Home');

    // Every time the playing picture shows, read once per screen frame.
    await page.locator('.clip-screen video').evaluate((v: HTMLVideoElement) => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      const look = () => {
        if (!v.paused) seen.push(v.currentTime);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await clip.press('Shift+Space');
    await expect(page.getByTestId('cut-playing')).toHaveText('Playing the cut: part 1 of 2 (K stops).');
    await expect(page.getByTestId('cut-playing')).toHaveText('Playing the cut: part 2 of 2 (K stops).');
    await expect(page.getByTestId('cut-playing')).toHaveCount(0, { timeout: 10_000 });
    // Still, on the last frame kept.
    await expect(clip.timecode()).toHaveText('00:00:03:04');
    expect(await page.locator('.clip-screen video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    // Both parts played, and nothing of what the cut leaves out (a screen frame of slack at each end, less than a video frame).
    const inFirst = seen.filter((t) => t >= 0.39 && t <= 1.02);
    const inSecond = seen.filter((t) => t >= 2.47 && t <= 3.22);
    expect(inFirst.length, `seen: ${seen.join(' ')}`).toBeGreaterThan(5);
    expect(inSecond.length, `seen: ${seen.join(' ')}`).toBeGreaterThan(5);
    expect(inFirst.length + inSecond.length, `seen: ${seen.join(' ')}`).toBe(seen.length);
    expect(Math.max(...inFirst)).toBeLessThan(Math.min(...inSecond));

    // B in the second segment: two segments there, the second half current.
    await clip.goTo('00:00:02:20');
    await clip.press('b');
    await expect(clip.segments()).toHaveText([/00:00:00:10 → 00:00:00:24/, /00:00:02:12 → 00:00:02:19/, /00:00:02:20 → 00:00:03:04/]);
    await expect(clip.segments().nth(2)).toHaveAttribute('aria-current', 'true');
    // Between segments there is nothing to split: said, and nothing changes.
    await clip.goTo('00:00:01:10');
    await clip.press('b');
    await expect(said).toHaveText('B splits the segment under the playhead: move inside a segment first (not on its first frame).');
    await expect(clip.segments()).toHaveCount(3);
    // K stops the cut playing where it is.
    await clip.press('Shift+Space');
    await expect(page.getByTestId('cut-playing')).toHaveText('Playing the cut: part 1 of 3 (K stops).');
    await clip.press('k');
    await expect(page.getByTestId('cut-playing')).toHaveCount(0);
  });

  test('when the timeline is dragged with the mouse, then the playhead scrubs along (times marked along it), a segment’s edge dragged moves its in or out point, one Ctrl+Z away, and a press on a segment selects it', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    // Times along the timeline, closer when it is zoomed.
    const marks = page.locator('.clip-ruler-mark');
    await expect(marks.first()).toHaveText('0:00');
    const step = await marks.nth(1).textContent();
    await clip.press('+');
    await expect(marks.nth(1)).not.toHaveText(step ?? '');
    await expect(marks).not.toHaveCount(0);
    await clip.press('0');
    await expect(marks.nth(1)).toHaveText(step ?? '');
    const track = page.locator('.clip-track');
    const box = (await track.boundingBox())!;
    const at = (share: number) => box.x + box.width * share;
    const y = box.y + box.height / 2;
    // Scrub: the playhead follows while the button is held.
    await page.mouse.move(at(0.05), y);
    await page.mouse.down();
    await page.mouse.move(at(0.26), y, { steps: 5 });
    await expect(clip.timecode()).toHaveText(/^00:00:01:0\d$/);
    await page.mouse.move(at(0.51), y, { steps: 5 });
    await expect(clip.timecode()).toHaveText(/^00:00:02:0\d$/);
    await page.mouse.up();

    await clip.goTo('00:00:01:00');
    await clip.press('i');
    await clip.goTo('00:00:02:00');
    await clip.press('o');
    await expect(clip.segments()).toHaveText([/00:00:01:00 → 00:00:02:00/]);
    // The out point's grip, dragged to three quarters: the player shows the last frame kept as it moves.
    const grip = async (edge: 'start' | 'end') => {
      const b = (await page.locator(`.clip-range[data-current="true"] [data-edge="${edge}"]`).boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const end = await grip('end');
    await page.mouse.move(end.x, end.y);
    await page.mouse.down();
    await page.mouse.move(at(0.75), end.y, { steps: 8 });
    await expect(clip.timecode()).toHaveText(/^00:00:02:2\d$/);
    // The segment list follows the edge while it is dragged, not only once it is let go.
    const during = await clip.timecode().textContent();
    await expect(clip.segments()).toHaveText([new RegExp(`00:00:01:00 → ${during}`)]);
    await page.mouse.up();
    const out = await clip.timecode().textContent();
    await expect(clip.segments()).toHaveText([new RegExp(`00:00:01:00 → ${out}`)]);
    // The in point's grip, dragged left: the player shows the new first frame.
    const start = await grip('start');
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(at(0.1), start.y, { steps: 8 });
    await page.mouse.up();
    const first = await clip.timecode().textContent();
    expect(first).toMatch(/^00:00:00:\d\d$/);
    await expect(clip.segments()).toHaveText([new RegExp(`${first} → ${out}`)]);
    // Each drag is one step back.
    await clip.press('Control+z');
    await expect(clip.segments()).toHaveText([new RegExp(`00:00:01:00 → ${out}`)]);
    await clip.press('Control+z');
    await expect(clip.segments()).toHaveText([/00:00:01:00 → 00:00:02:00/]);
    // A press on a segment's stripe makes it the current one.
    await clip.goTo('00:00:03:00');
    await clip.press('n');
    await expect(clip.segments().nth(1)).toHaveAttribute('aria-current', 'true');
    const now = (await track.boundingBox())!;
    await page.mouse.click(now.x + now.width * 0.37, now.y + now.height / 2);
    await expect(clip.segments().nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(clip.timecode()).toHaveText(/^00:00:01:\d\d$/);
  });

  test('when a damaged file is opened, then the view says it cannot be cut and why, in the file’s name, and Ctrl+O opens another', async ({ page, svc }) => {
    const broken = path.join(work, 'broken.mp4');
    fs.writeFileSync(broken, Buffer.alloc(200_000, 7));
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(broken);
    const alert = page.getByRole('alert').filter({ hasText: 'FFDesk cannot cut this file' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText('broken.mp4 could not be read');
    // Never the blob's path inside the data folder; before, a player said "Loading…" for ever under it.
    await expect(alert).not.toContainText('blobs');
    await expect(page.locator('.clip-screen')).toHaveCount(0);
    await expect(alert).toBeInViewport();
    await page.keyboard.press('Control+o');
    await expect(page.getByRole('dialog', { name: 'Open a video or audio file' })).toBeVisible();
  });

  test('when segments kept from before are exported, then the note that they are from before goes', async ({ page, svc }) => {
    const clip = await dropped(page, svc);
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:01:00');
    await clip.press('i');
    await clip.pressTo('ArrowRight', 5, '00:00:01:05');
    await clip.press('o');
    await page.reload();
    await clip.waitReady();
    const note = page.getByTestId('segments-restored');
    await expect(note).toHaveText('The segment you marked on this file before.');
    await clip.press('e');
    await expect(page.getByRole('region', { name: 'Export' }).getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    await expect(note).toHaveCount(0);
  });

  test("when a file name is typed and Enter pressed, then a name FFDesk cannot cut to gets the service's reason and a .gif is exactly the marked frames", async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    await markFiveToFourteen(clip);
    const name = page.getByLabel('File name');
    await expect(name).toHaveValue('walk-clip-00.00.00.05-00.00.00.14.mp4');

    // A desktop name (spaces, brackets): said at once, before anything is sent, with one that would do; Enter says it where the eyes are.
    await name.fill('Client walk (final).mp4');
    await expect(page.getByRole('region', { name: 'Export' }).getByText(/^A file name here holds letters, digits/)).toBeVisible();
    await name.press('Enter');
    await expect(page.getByTestId('key-refused')).toHaveText(
      "A file name here holds letters, digits, _, - and dots only (Client_walk_final_.mp4 would do); Save to's name pattern may use any.",
    );
    expect(await svc.client.listCommands()).toHaveLength(0);

    await name.fill('walk-clip.xyz');
    await name.press('Enter');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await expect(exportPanel.getByText(/not a format FFDesk cuts to: use one of .*\.gif/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export 1 part' })).toBeFocused();

    await name.fill('walk-clip.gif');
    // A GIF is made at 12 fps unless told otherwise (as the convert panel's); as the source's 25, every marked frame is in it.
    const rate = page.getByLabel('GIF frame rate');
    await expect(rate).toHaveValue('12');
    await rate.selectOption({ label: 'As the source — 25 fps' });
    await name.press('Enter');
    await expect(exportPanel.getByText(/^Done — cut as re-encode: A GIF is encoded whole/)).toBeVisible({ timeout: 60_000 });
    // The panel says it: no job-end toast on top of it. A toast would come with the job's last
    // event, within a moment of the panel's line in either order; then it stays 6 s, so one look
    // after a second and a half sees it (a retrying toHaveCount(0) would wait it out).
    await page.waitForTimeout(1500);
    expect(await page.locator('.toast').count()).toBe(0);
    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const record = await svc.client.getCommand(href.split('/').pop() ?? '');
    const out = record.output_files?.out_1;
    expect(out?.filename).toBe('walk-clip.gif');
    const file = path.join(work, 'cut.gif');
    fs.writeFileSync(file, Buffer.from(await (await fetch(out?.storage_url ?? '')).arrayBuffer()));
    expect(probe(file).frames).toBe(10);
    expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file]).toString().trim()).toBe('gif');
  });

  test('when a re-encode is given a size and a quality, then the file has that size, every marked frame, and the quality asked for', async ({ page, svc }) => {
    const clip = await dropped(page, svc, undefined, '640x360');
    await markFiveToFourteen(clip);
    const exportPanel = page.getByRole('region', { name: 'Export' });
    // Smart keeps the source's frames, so their size: nothing to choose, and R says why.
    await expect(exportPanel.getByLabel('Size (R switches)', { exact: true })).toHaveCount(0);
    await clip.press('r');
    await expect(page.getByTestId('key-refused')).toHaveText(
      "R sets the size of the picture of a re-encode: a smart cut keeps the source's frames. M switches to Re-encode.",
    );
    await clip.press('m', 2);
    await expect(page.getByRole('radio', { name: /Re-encode/ })).toBeChecked();
    const size = exportPanel.getByLabel('Size (R switches)', { exact: true });
    await expect(size).toHaveValue('0');
    await expect(size.locator('option')).toHaveText(['As the source — 640 × 360', '240p — 426 × 240']);
    // The keys, as M and G: R goes round the sizes, Q round the qualities, the focus staying on the view.
    await clip.press('r', 3);
    await expect(size).toHaveValue('240');
    const quality = exportPanel.getByLabel('Quality (Q switches)', { exact: true });
    await clip.press('q', 2);
    await expect(quality.locator('option:checked')).toHaveText('Small file — for sharing, a softer picture');
    await clip.press('e');
    await expect(exportPanel.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const record = await svc.client.getCommand(href.split('/').pop() ?? '');
    // x264's default of the reencode (18) and the "small" step (+10): what a script would send.
    expect((record.original_request as { output: unknown }).output).toMatchObject({ max_height: 240, crf: 28 });
    const file = path.join(work, 'small.mp4');
    fs.writeFileSync(file, Buffer.from(await (await fetch(record.output_files?.out_1?.storage_url ?? '')).arrayBuffer()));
    expect(probe(file).frames).toBe(10);
    const dims = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file]);
    expect(dims.toString().trim()).toBe('426,240');
  });

  test('when another screen is visited after an export and Ctrl+3 comes back, then the export is still Done, S saves it, and the choices are as left', async ({
    page,
    svc,
  }) => {
    const clip = await dropped(page, svc);
    await markFiveToFourteen(clip);
    await clip.press('m');
    await expect(page.getByRole('radio', { name: /Lossless/ })).toBeChecked();
    const exportPanel = page.getByRole('region', { name: 'Export' });
    // Named by what the file holds: the copy starts at the keyframe at 0, five frames before the in point.
    await expect(exportPanel.getByLabel('File name')).toHaveValue('walk-clip-00.00.00.00-00.00.00.14.mp4');
    await clip.press('e');
    await expect(exportPanel.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press('Control+1');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await page.keyboard.press('Control+3');
    await clip.waitReady();
    await expect(exportPanel.getByText(/^Done/)).toBeVisible();
    await expect(page.getByRole('radio', { name: /Lossless/ })).toBeChecked();
    await clip.press('s');
    await expect(page.getByRole('dialog', { name: 'Choose a folder' })).toBeVisible();
    await page.keyboard.press('Escape');
    // E over the same cut says so first; E again exports it once more.
    await clip.press('e');
    await expect(page.getByTestId('key-refused')).toHaveText('This cut is exported already: S saves it. E again exports it once more, as another file.');
    expect(await svc.client.listCommands()).toHaveLength(1);
    await clip.press('e');
    await expect.poll(async () => (await svc.client.listCommands()).length).toBe(2);
    await expect(exportPanel.getByText(/^Done/)).toBeVisible({ timeout: 60_000 });
    // A change after it: the Done line says it is of the cut before.
    await clip.press('m');
    await expect(page.getByTestId('earlier-cut')).toBeVisible();
  });

  test('when C is pressed, then the frame under the playhead is captured as a PNG and written at once into the folder saved to last', async ({ page, svc }) => {
    const clip = await dropped(page, svc, (p) => p.evaluate((dir) => localStorage.setItem('ffdesk.save-to-folder.v1', dir), fs.realpathSync(saveDir)));
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:01:00');
    await clip.pressTo('ArrowRight', 7, '00:00:01:07');
    await clip.press('c');
    const line = page.locator('.clip-capture');
    await expect(line).toContainText('Captured 00:00:01:07 as walk-clip-00.00.01.07.png.', { timeout: 60_000 });
    // No button to reach: as LosslessCut writes a capture into its output folder.
    const file = path.join(fs.realpathSync(saveDir), 'walk-clip-00.00.01.07.png');
    await expect(line).toContainText(`Saved as ${file}`);
    await expect(line.getByRole('button', { name: 'Save a copy to…' })).toBeVisible();
    const size = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', file]).toString().trim();
    expect(size).toBe('png,320,240');
    expect(probe(file).frames).toBe(1);
  });

  test('when an MKV whose video starts after its audio is stepped with the keys, then the player shows the frame the timecode names and C captures it', async ({
    page,
    svc,
  }) => {
    // Each frame's brightness says its number (frame n: luma 16 + 3n), so the picture says which frame it is.
    // In Matroska with AAC the video starts 23 ms after the audio, off the frame grid (docs/gui.md, "Frames off the grid").
    const mkv = path.join(work, 'grid.mkv');
    const video = ['-f', 'lavfi', '-i', "color=c=black:s=64x64:r=30:d=2,geq=lum='16+3*N':cb=128:cr=128"];
    const audio = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
    execFileSync('ffmpeg', ['-v', 'error', ...video, ...audio, '-c:v', 'libx264', '-g', '30', '-bf', '2', '-pix_fmt', 'yuv420p', '-c:a', 'aac', mkv]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await page.evaluate((dir) => localStorage.setItem('ffdesk.save-to-folder.v1', dir), fs.realpathSync(saveDir));
    await clip.open();
    await clip.drop(mkv);
    await clip.waitReady();
    /** The frame number the player shows, read from the brightness of its picture once the seek has landed. */
    const shown = () =>
      page.locator('.clip-screen video').evaluate(async (v: HTMLVideoElement) => {
        if (v.seeking) await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const c = document.createElement('canvas');
        c.width = 8;
        c.height = 8;
        const g = c.getContext('2d')!;
        g.drawImage(v, 0, 0, 8, 8);
        const [r, gg, b] = g.getImageData(4, 4, 1, 1).data;
        // Back from the screen's full-range RGB to the video's luma (16–235).
        const y = 16 + ((0.299 * r! + 0.587 * gg! + 0.114 * b!) * 219) / 255;
        return Math.round((y - 16) / 3);
      });
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:01:00');
    await expect.poll(shown).toBe(30);
    await clip.pressTo('ArrowRight', 7, '00:00:01:07');
    await expect.poll(shown).toBe(37);
    await clip.pressTo('ArrowLeft', 1, '00:00:01:06');
    await expect.poll(shown).toBe(36);
    await clip.press('c');
    const file = path.join(fs.realpathSync(saveDir), 'grid-00.00.01.06.png');
    await expect(page.locator('.clip-capture')).toContainText(`Saved as ${file}`, { timeout: 60_000 });
    const luma = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-vf', 'scale=1:1,format=yuv444p', '-f', 'rawvideo', '-']);
    expect(Math.round((luma[0]! - 16) / 3)).toBe(36);
  });

  test('when an H.264 recording in Matroska is opened while another proxy is made, then a quick look plays at once, and its proxy takes over at the same frame', async ({
    page,
    svc,
  }) => {
    test.setTimeout(180_000);
    // A proxy ahead of it in the queue: a minute of 720p MPEG-2, which no browser plays.
    await holdProxyQueue(svc, work, 60);
    // As OBS records: H.264 and AAC in Matroska (a keyframe every 2 s).
    const recording = path.join(work, 'recording.mkv');
    const src = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=8', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8'];
    execFileSync('ffmpeg', ['-v', 'error', ...src, '-c:v', 'libx264', '-g', '50', '-bf', '2', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', recording]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(recording);
    await expect(page.getByRole('note')).toContainText('Quick look');
    await clip.waitReady();
    const video = page.locator('.clip-screen video');
    await expect(video).toHaveAttribute('src', /quick\.mp4/);
    // Every (re)load of the picture counted on the element itself.
    await video.evaluate((v: HTMLVideoElement) => v.addEventListener('loadstart', () => (v.dataset.loads = String(Number(v.dataset.loads ?? 0) + 1))));
    // Frame steps and keyframe jumps on the quick look.
    await clip.pressTo('ArrowRight', 3, '00:00:00:03');
    await clip.pressTo('Shift+ArrowRight', 1, '00:00:02:00');
    await clip.pressTo('ArrowRight', 5, '00:00:02:05');
    // Two more polls of the proxy (each answer signs its URLs afresh): the quick look is not loaded
    // again from the start, and its picture stays at 2.2 s.
    for (let i = 0; i < 2; i++) await page.waitForResponse((r) => /\/proxy$/.test(new URL(r.url()).pathname));
    const still = await video.evaluate((v: HTMLVideoElement) => ({ src: v.src, at: Math.round(v.currentTime * 10) / 10, loads: Number(v.dataset.loads ?? 0) }));
    if (still.src.includes('quick.mp4')) expect(still).toMatchObject({ at: 2.2, loads: 0 });
    // The proxy takes over (once the one ahead of it is made), where the playhead was.
    await expect(page.getByRole('note')).toContainText('Showing a proxy', { timeout: 150_000 });
    await expect(video).toHaveAttribute('src', /proxy\.mp4/);
    // The new picture itself is at 2.2 s (frame 55), not only the timecode.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime * 10) / 10)).toBe(2.2);
    await expect(clip.timecode()).toHaveText('00:00:02:05');
    await clip.pressTo('ArrowRight', 1, '00:00:02:06');
  });

  test('when a clip Chromium cannot play is opened, then the player shows a proxy and says so; Files and a job output open the clip view', async ({
    page,
    svc,
  }) => {
    const clip = new ClipPage(page);
    const hevc = path.join(work, 'hevc-clip.mkv');
    const src = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2'];
    // x265 as it comes: open GOPs (a keyframe every second here, so there is a second GOP to be open).
    execFileSync('ffmpeg', ['-v', 'error', ...src, '-c:v', 'libx265', '-x265-params', 'log-level=error:keyint=25', '-pix_fmt', 'yuv420p', hevc]);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(hevc);
    // While it is made the note says one is on its way; once it plays, that it is shown.
    await expect(page.getByRole('note')).toContainText(/A proxy is on its way|Showing a proxy/);
    await clip.waitReady();
    await expect(page.getByRole('note')).toContainText('Showing a proxy');
    // Before any export: Smart would encode this file whole, and why.
    await expect(page.getByTestId('smart-refusal')).toHaveText(
      'On this file Smart encodes everything again, as Re-encode does: the source uses open GOPs (frames after a keyframe refer to the GOP before it). Lossless is the quick way.',
    );
    const fileId = decodeURIComponent(new URL(page.url()).hash.split('/')[2] ?? '');
    expect(fileId).not.toBe('');

    // From the Files drawer.
    await page.goto(`${svc.url}/#/files/${fileId}`);
    await page.getByRole('link', { name: 'Open in clip view' }).click();
    await expect(page).toHaveURL(new RegExp(`#/clip/${fileId}$`));
    await expect(page.getByLabel('Player: hevc-clip.mkv')).toBeVisible();

    // From a job's output card.
    const stored = await svc.client.getFile(fileId);
    const { command_id } = await svc.client.runCommand({
      input_files: { in_1: stored.storage_url ?? '' },
      output_files: { out_1: 'small.mp4' },
      ffmpeg_command: '-i {{in_1}} -t 1 -c:v libx264 -preset ultrafast {{out_1}}',
    });
    await svc.client.waitForCommand(command_id, { intervalMs: 250 });
    await page.goto(`${svc.url}/#/jobs/${command_id}`);
    await page.getByRole('link', { name: /^Cut small.mp4/ }).click();
    await expect(page.getByLabel('Player: small.mp4')).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    await clip.waitReady();
    await expect(page.getByTestId('smart-refusal')).toHaveCount(0);
  });

  test('when the same cut is stored twice, then the chooser lists it once, saying how many copies, newest first', async ({ page, svc }) => {
    await storeClip(svc, 'twice.mp4', 1);
    await storeClip(svc, 'twice.mp4', 1);
    await storeClip(svc, 'other.mp4', 2);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    const list = page.getByRole('region', { name: 'Or open a stored file' }).getByRole('listitem');
    await expect(list).toHaveText([/^other\.mp4 video · 0:02 · just now$/, /^twice\.mp4 video · 2 copies · 0:01 · just now$/]);
  });

  test("when a sound-only file is opened, then the waveform takes the picture box's place, and the marked range is cut from it", async ({ page, svc }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const talk = path.join(work, 'talk.m4a');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'aevalsrc=0.6*sin(2*PI*330*t)*abs(sin(PI*t/2)):s=44100:d=6', '-c:a', 'aac', talk]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(talk);
    await expect(page.getByText(/sound only, steps of 10 ms/)).toBeVisible({ timeout: 30_000 });
    // No empty black picture box: the element still plays the sound, hidden.
    await expect(page.locator('.clip-screen')).toBeHidden();
    await expect.poll(() => page.locator('.clip-screen video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    const wave = await page.locator('.clip-canvas').boundingBox();
    expect(wave!.height).toBeGreaterThan(200);
    // The whole waveform in the 800 × 900 window, under the transport, beside nothing black.
    await expect(clip.timeline()).toBeInViewport({ ratio: 1 });

    // Times in milliseconds, as sound editors read them: ← → move 10 ms, Shift+← → 100 ms, Ctrl+← → a second.
    await clip.timeline().focus();
    await clip.pressTo('Control+ArrowRight', 1, '00:00:01.000');
    await clip.pressTo('Shift+ArrowRight', 2, '00:00:01.200');
    await clip.pressTo('ArrowRight', 3, '00:00:01.230');
    await clip.pressTo('ArrowLeft', 1, '00:00:01.220');
    await clip.press('i');
    await clip.goTo('00:00:03.456');
    await clip.press('o');
    await expect(clip.segments().first()).toContainText('00:00:01.220 → 00:00:03.456');
    // A sound's out is the time itself, not its last millisecond kept: 3.456 − 1.220.
    await expect(clip.segments().first()).toContainText('2.236 s');
    // Two modes, in what they do to sound (no frames to copy between cuts, so smart and re-encode are one): M goes between them.
    await expect(page.getByRole('radio')).toHaveCount(2 + 2); // the modes, and keep / remove
    await expect(page.getByRole('radio', { name: /Exact/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Exact/ }).locator('..')).toContainText('to the millisecond; the sound is encoded again');
    await clip.press('m');
    await expect(page.getByRole('radio', { name: /Lossless/ })).toBeChecked();
    // AAC is copied by its packets: the hint says the cut moves.
    await expect(page.getByRole('radio', { name: /Lossless/ }).locator('..')).toContainText('each cut moves to the nearest audio packet, a few ms off');
    await clip.press('m');
    await expect(page.getByTestId('cut-mode')).toHaveText('Cut: exact (M switches).');
    // C captures a frame: a sound has none, so nothing is sent.
    await clip.press('c');
    await clip.press('e');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    // Done, not "cut as re-encode" as if the exact cut had fallen back; in sight at 800 × 900 (it ended below the window).
    await expect(exportPanel.getByText(/^Done\. Press S/)).toBeVisible({ timeout: 60_000 });
    await expect(exportPanel.getByText(/^Done\. Press S/)).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.clip-capture')).toHaveCount(0);
    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const out = (await svc.client.getCommand(href.split('/').pop() ?? '')).output_files?.out_1;
    // From 1.220 s to 3.456 s: 2.236 s, to the millisecond at 44.1 kHz (AAC's priming trimmed by its edit list).
    expect(out?.duration).toBeCloseTo(2.236, 2);
    // A second segment: both show whole in the segments card (held to the transport's height, it showed half of one), the waveform still in the window.
    await clip.goTo('00:00:04.000');
    await clip.press('i');
    await clip.pressTo('Control+ArrowRight', 1, '00:00:05.000');
    await clip.press('o');
    await expect(clip.segments()).toHaveCount(2);
    for (const i of [0, 1]) await expect(clip.segments().nth(i)).toBeInViewport({ ratio: 1 });
    await expect(clip.timeline()).toBeInViewport({ ratio: 1 });

    // Away to Jobs and back by the sidebar's Cut: the file being cut, not the chooser.
    const here = page.url();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cut' }).click();
    expect(page.url()).toBe(here);
    await expect(page.getByText(/sound only, steps of 10 ms/)).toBeVisible();
  });

  test('when a WAV is cut losslessly, then the hint says every sample is kept, and the file holds the marked range to the sample', async ({ page, svc }) => {
    const take = path.join(work, 'take.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'aevalsrc=0.6*sin(2*PI*330*t):s=48000:d=5', '-c:a', 'pcm_s16le', take]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(take);
    await expect(page.getByText(/sound only, steps of 10 ms/)).toBeVisible({ timeout: 30_000 });
    // Words for a sound, not for frames of a picture.
    await expect(page.getByText('No segments yet. Press I where the part you want starts and O where it ends.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'File name' })).toHaveAccessibleDescription(
      'The extension sets the format: .wav, .flac, .m4a, .mp3, .opus or .ogg.',
    );
    await clip.timeline().focus();
    await clip.pressTo('Control+ArrowRight', 1, '00:00:01.000');
    await clip.press('i');
    await clip.goTo('00:00:02.370');
    await clip.press('o');
    await clip.press('m');
    const lossless = page.getByRole('radio', { name: /Lossless/ });
    await expect(lossless).toBeChecked();
    await expect(lossless.locator('..')).toContainText('every sample kept as it is, cut to the millisecond (this sound is stored without loss)');
    await clip.press('e');
    const exportPanel = page.getByRole('region', { name: 'Export' });
    await expect(exportPanel.getByText(/^Done\. Press S/)).toBeVisible({ timeout: 60_000 });
    const href = (await exportPanel.getByRole('link', { name: 'Open the job' }).getAttribute('href')) ?? '';
    const cmd = await svc.client.getCommand(href.split('/').pop() ?? '');
    expect(cmd.original_request).toMatchObject({ mode: 'lossless' });
    // 1.370 s at 48 kHz is 65760 samples: a copy ended on its 1024-sample packets (1.387 s).
    expect(cmd.output_files?.out_1?.duration).toBe(1.37);
  });

  test("when a phone's portrait clip (stored on its side, turned by its display matrix) is opened at 800 px, then the whole picture shows upright, the timeline right under it with upright thumbnails", async ({
    page,
    svc,
  }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const phone = path.join(work, 'phone.mp4');
    const src = ['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2'];
    const stored = path.join(work, 'stored.mp4');
    execFileSync('ffmpeg', ['-v', 'error', ...src, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', stored]);
    // The display matrix is written on a stream copy (an encode drops the tag).
    execFileSync('ffmpeg', ['-v', 'error', '-i', stored, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', phone]);
    const clip = new ClipPage(page);
    await openApp(page, svc);
    await clip.open();
    await clip.drop(phone);
    await clip.waitReady();
    const video = page.locator('.clip-screen video');
    expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([180, 320]);
    // The picture is sized by the player's box, not the box by the picture: it sized itself by its
    // width (704 × 1252) and the box showed its top third, the timeline pushed out of the window.
    const [screenBox, videoBox, timelineBox] = await Promise.all([
      page.locator('.clip-screen').boundingBox(),
      video.boundingBox(),
      clip.timeline().boundingBox(),
    ]);
    expect(videoBox!.height).toBeLessThanOrEqual(screenBox!.height + 0.5);
    expect(videoBox!.y).toBeGreaterThanOrEqual(screenBox!.y - 0.5);
    expect(timelineBox!.y + timelineBox!.height).toBeLessThanOrEqual(900);
    // Thumbnails as the picture is shown: taller than wide (the service's tiles are 160 × 284).
    const thumb = await page.locator('.clip-thumb').first().boundingBox();
    expect(thumb!.height).toBeGreaterThan(thumb!.width);
  });
});
