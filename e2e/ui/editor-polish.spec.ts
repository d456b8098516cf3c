import fs from 'node:fs';
import path from 'node:path';
import { API } from '../../src-service/client';
import { AppPage } from './app-page';
import { EditorPolishPage } from './editor-polish-page';
import { expect, openApp, storeClip, test, testFolder } from './fixtures';
import { PresetsPage } from './presets-page';

/**
 * What an editor trips on (docs/gui.md, "Small things" and "Presets"): a cut is called a cut, the job's
 * two times cannot look contradictory, Escape closes the preset editor, a watch folder names its
 * preset by title, the focus lands on the job after Run job, GIF's frame rate stays with GIF.
 */
test.describe('editor polish', () => {
  test('when a stored clip is cut smart, then the job page says "Cut (smart)", and FFmpeg time is called a sum, explained when it is the larger', async ({
    page,
    svc,
  }) => {
    // 2 s, a keyframe every second: each segment has re-encoded edges around copied frames.
    const input = await storeClip(svc, 'polish.mp4', 2);
    const segments = [
      { start: 0.2, end: 0.8 },
      { start: 1.1, end: 1.7 },
    ];
    const { command_id } = await svc.client.runEdit({ input, segments, mode: 'smart', join: true, output: { filename: 'polish-cut.mp4' } });
    const done = await svc.client.waitForCommand(command_id, { intervalMs: 250 });
    expect(done.status, done.error_message ?? '').toBe('SUCCESS');

    await openApp(page, svc, `#/jobs/${command_id}`);
    const polish = new EditorPolishPage(page);
    await expect(polish.jobFact('Type').value).toHaveText(done.edit?.mode_used === 'smart' ? 'Cut (smart)' : 'Cut (smart, ran as re-encode)');
    await expect(polish.jobFact('Time taken').value).toHaveText(/^\d+\.\d s$/);
    await expect(polish.jobFact('FFmpeg time (runs added)').value).toHaveText(/^\d+\.\d s$/);
    // The hint shows exactly when the sum is the larger figure (the record says which; the unit test covers both).
    const parallel = (done.ffmpeg_command_run_seconds ?? 0) > (done.total_processing_seconds ?? 0);
    await expect(polish.jobFact('FFmpeg time (runs added)').hint).toHaveCount(parallel ? 1 : 0);
    await expect(page.getByRole('region', { name: /^Job / })).not.toContainText('Chained');
  });

  test('when a preset is duplicated and Escape is pressed in the editor, then it closes unsaved and the focus is back on Duplicate', async ({ page, svc }) => {
    await openApp(page, svc, '#/presets');
    const presets = new PresetsPage(page);
    const duplicate = presets.action('GIF thumbnail', 'Duplicate');
    await duplicate.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'New preset' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(presets.editorField('Title')).toBeFocused();
    await page.keyboard.type(' unsaved');
    await page.keyboard.press('Escape');
    await expect(presets.editor()).toBeHidden();
    await expect(duplicate).toBeFocused();
    const names = (await svc.client.call(API.listPresets, {})).map((p) => p.name);
    expect(names.filter((n) => n.startsWith('gif'))).toEqual(['gif']);
  });

  test('when a folder watches the GIF preset, then its summary names the preset by its title', async ({ page, svc }) => {
    const base = testFolder('ffdesk-polish-watch-');
    const [folder, out] = [path.join(base, 'in'), path.join(base, 'out')];
    fs.mkdirSync(folder);
    await svc.client.call(API.createWatchFolder, { body: { folder, output_folder: out, preset: 'gif', parameters: { width: 64 } } });
    await openApp(page, svc, '#/presets');
    const item = new EditorPolishPage(page).watchFolder(folder);
    await expect(item).toContainText('(GIF thumbnail: Width (pixels): 64)');
  });

  test('when GIF then MP4 is chosen, then the frame rate goes back to the source', async ({ page, svc }) => {
    const app = new AppPage(page);
    const polish = new EditorPolishPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await polish.convertFormat('GIF').click();
    await expect(polish.frameRate().locator('option:checked')).toHaveText('Default (12 fps)');
    await polish.convertFormat('MP4').click();
    await expect(polish.frameRate().locator('option:checked')).toHaveText('Same as source');
    await expect(polish.command()).not.toContainText('fps=');
    // Focus on the job's name after Ctrl+Enter: small-things.spec.ts (its Ctrl+Enter job).
  });
});
