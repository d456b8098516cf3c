import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppPage } from './app-page';
import { BuilderWordsPage } from './builder-words-page';
import { ConvertPage } from './convert-page';
import { expect, openApp, screen, test, testFolder } from './fixtures';

/** A 2 s 320×240 H.264 + AAC clip, made now by the system ffmpeg. */
function makeClip(name: string): string {
  const file = path.join(testFolder('ffdesk-drop-'), name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

test.describe('builder: local file input', () => {
  test('when a local clip is dropped anywhere on the builder, then it is stored, described in its row, and the job runs to SUCCESS', async ({ page, svc }) => {
    const clip = makeClip('dropped-clip.mp4');
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.prependToCommand('-i {{in_1}} -vf scale=160:-2 -c:a copy {{out_1}}');
    await app.dropFilesOnBuilder([clip]);

    await expect(app.localInputState()).toHaveText('dropped-clip.mp4 — stored');
    await expect(app.inputFact('dropped-clip.mp4', 'duration')).toHaveText('0:02');
    await expect(app.inputFact('dropped-clip.mp4', 'resolution')).toHaveText('320×240');
    await expect(app.inputFact('dropped-clip.mp4', 'codecs')).toContainText('h264');
    await expect(app.inputFact('dropped-clip.mp4', 'size')).toHaveText(/KB$/);
    // The thumbnail has decoded a frame.
    await expect
      .poll(() =>
        app
          .inputFacts('dropped-clip.mp4')
          .locator('video')
          .evaluate((v: HTMLVideoElement) => v.readyState),
      )
      .toBeGreaterThanOrEqual(2);
    await app.inputFacts('dropped-clip.mp4').scrollIntoViewIfNeeded();
    await screen(page, '40-builder-dropped-file');

    const id = await app.runJob();
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    const record = await svc.client.getCommand(id);
    expect(record.status).toBe('SUCCESS');
    expect(record.output_files?.out_1?.width).toBe(160);
    // One upload, one record: no duplicates left behind.
    expect((await svc.client.listFiles({ status: 'all' })).filter((f) => f.filename === 'dropped-clip.mp4').map((f) => f.status)).toEqual(['STORED']);
    await screen(page, '41-builder-dropped-file-job');
  });

  test('when a clip of the home folder is chosen with "From disk…", then it is used in place (nothing uploaded), described in its row, and the job runs', async ({
    page,
    svc,
  }) => {
    // The picker lists the home folder only (docs/api.md §4.13).
    const dir = fs.mkdtempSync(path.join(os.homedir(), 'ffdesk-e2e-disk-'));
    try {
      fs.copyFileSync(makeClip('disk-clip.mp4'), path.join(dir, 'disk-clip.mp4'));
      const uploads: string[] = [];
      page.on('request', (r) => /\/v1\/(files\/upload|upload)/.test(new URL(r.url()).pathname) && uploads.push(r.url()));
      const app = new AppPage(page);
      await openApp(page, svc);
      await app.openBuilder();
      await app.prependToCommand('-i {{in_1}} -vf scale=160:-2 -c:a copy {{out_1}}');
      await page.getByRole('group', { name: 'Source of in_1' }).getByRole('button', { name: 'Local file' }).click();
      await page.getByRole('button', { name: 'From disk…' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a file for in_1' });
      await expect(picker.getByLabel('Current folder')).toBeVisible();
      await page.keyboard.type(path.basename(dir));
      await page.keyboard.press('Enter');
      await page.keyboard.type('disk-clip');
      await page.keyboard.press('Enter');
      await expect(app.localInputState()).toHaveText('disk-clip.mp4 — stored');
      await expect(app.inputFact('disk-clip.mp4', 'resolution')).toHaveText('320×240');
      // Another file for the row, by keys, without removing the row first.
      await page.getByRole('button', { name: 'Another file…' }).focus();
      await page.keyboard.press('Enter');
      await expect(app.localInputState()).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Choose a file for in_1…' })).toBeFocused();
      // The picker starts where the last file was opened from: the name alone, Enter.
      await page.getByRole('button', { name: 'From disk…' }).click();
      await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(dir));
      await page.keyboard.type('disk-clip');
      await page.keyboard.press('Enter');
      await expect(app.localInputState()).toHaveText('disk-clip.mp4 — stored');
      const id = await app.runJob();
      await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
      expect((await svc.client.getCommand(id)).output_files?.out_1?.width).toBe(160);
      expect(uploads).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('when the desktop app knows the path of a clip chosen for a row, then it is used in place (nothing uploaded) and the panel writes the command named after it', async ({
    page,
    svc,
  }) => {
    // The Electron preload's bridge, as src-main/preload.ts exposes it (there is no Electron binary here): its
    // pathForFile answers a chosen file's path, as webUtils.getPathForFile does.
    const dir = fs.mkdtempSync(path.join(os.homedir(), 'ffdesk-e2e-desktop-'));
    try {
      const clip = path.join(dir, 'desk-clip.mp4');
      fs.copyFileSync(makeClip('desk-clip.mp4'), clip);
      await page.addInitScript(
        ({ url, key, paths }: { url: string; key: string; paths: Record<string, string> }) => {
          (window as unknown as { ffdesk: unknown }).ffdesk = {
            getConfig: async () => ({ serviceUrl: url, apiKey: key, dataDir: '' }),
            pathForFile: (f: File) => paths[f.name] ?? '',
          };
        },
        { url: svc.url, key: svc.apiKey, paths: { 'desk-clip.mp4': clip } },
      );
      const uploads: string[] = [];
      page.on('request', (r) => /\/v1\/(files\/upload|upload)/.test(new URL(r.url()).pathname) && uploads.push(r.url()));
      const app = new AppPage(page);
      await page.goto(`${svc.url}/#/new`);
      await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible();
      await page.getByRole('group', { name: 'Source of in_1' }).getByRole('button', { name: 'Local file' }).click();
      // The row says what the desktop app does with a dropped file: no upload.
      await expect(
        page.getByText('Drop a file here (or anywhere on this page); one of your home folder is used in place (no upload), any other is uploaded first.'),
      ).toBeVisible();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a file for in_1…' }).click();
      await (await chooser).setFiles(clip);
      await expect(app.localInputState()).toHaveText('desk-clip.mp4 — stored');
      await expect(app.inputFact('desk-clip.mp4', 'resolution')).toHaveText('320×240');
      // A clip given to a row of an untouched builder is a job, as one dropped on the page is.
      await expect(app.outputFileName('out_1')).toHaveValue('desk-clip-converted.mp4');
      // The row's buttons went with the file: the keyboard goes on in the convert panel, as after Ctrl+O.
      await expect(page.getByTestId('convert-panel').getByRole('group', { name: 'Start from' }).getByRole('button').first()).toBeFocused();
      await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeHidden();
      // Ctrl+Enter runs the job wherever the focus is, the page itself too.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Control+Enter');
      await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop() as string;
      await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
      expect((await svc.client.getCommand(id)).output_files?.out_1?.filename).toBe('desk-clip-converted.mp4');
      expect(uploads).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('when Ctrl+O is pressed on the builder in a browser, then a clip of the home folder is chosen by name and opened in place, without an upload, and runs', async ({
    page,
    svc,
  }) => {
    const home = fs.mkdtempSync(path.join(os.homedir(), 'ffdesk-e2e-open-'));
    try {
      fs.copyFileSync(makeClip('home-clip.mp4'), path.join(home, 'home-clip.mp4'));
      // Listed first ('-' sorts before '.'): the name typed whole is the one opened.
      fs.writeFileSync(path.join(home, 'home-clip-2-parts (1).mp4'), 'not this one');
      const uploads: string[] = [];
      page.on('request', (r) => /\/v1\/(files\/upload|upload)/.test(new URL(r.url()).pathname) && uploads.push(r.url()));
      const app = new AppPage(page);
      await openApp(page, svc);
      await app.openBuilder();
      await page.keyboard.press('Control+o');
      const picker = page.getByRole('dialog', { name: 'Open a file' });
      await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(os.homedir()));
      await page.keyboard.type(path.basename(home));
      await page.keyboard.press('Enter');
      await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(home));
      await page.keyboard.type('home-clip');
      await page.keyboard.press('Enter');
      await expect(picker).toHaveCount(0);
      await expect(app.localInputState()).toHaveText('home-clip.mp4 — stored');
      await expect(page.getByTestId('convert-panel').getByRole('group', { name: 'Start from' }).getByRole('button').first()).toBeFocused();
      await expect(app.outputFileName('out_1')).toHaveValue('home-clip-converted.mp4');
      await page.keyboard.press('Control+Enter');
      await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
      await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
      expect(uploads).toEqual([]);
      // Saved beside the clip, as HandBrake does: the job offers the clip's own folder, and writes there.
      const beside = page.getByRole('button', { name: `Save to ${fs.realpathSync(home)}` });
      await beside.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('list', { name: 'Saved files' }).locator('code')).toHaveText(path.join(fs.realpathSync(home), 'home-clip-converted.mp4'));
      expect(fs.statSync(path.join(home, 'home-clip-converted.mp4')).size).toBeGreaterThan(1000);
      // The next Ctrl+O starts in that folder, as the Cut screen's does: not at home again.
      // At once, as a fast typist does: the builder was not listening yet, and the key was lost.
      await page.keyboard.press('Control+2');
      await page.keyboard.press('Control+o');
      await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(home));
      await page.keyboard.press('Escape');
      await expect(picker).toHaveCount(0);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  test('when Upload from elsewhere is reached by keys before the folder listing arrives, then the listing leaves the focus there', async ({ page, svc }) => {
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    // The listing held back: the keys reach the button first, as a quick editor's would.
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/v1/local/folders**', async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press('Control+o');
    const picker = page.getByRole('dialog', { name: 'Open a file' });
    const elsewhere = picker.getByRole('button', { name: 'Upload from elsewhere…' });
    await elsewhere.focus();
    release();
    await expect(picker.getByLabel('Current folder')).toBeVisible();
    await expect(elsewhere).toBeFocused();
  });

  test('when Ctrl+O is pressed on the builder, then the chosen clip becomes in_1, the gallery closes and the keyboard goes on in the convert panel', async ({
    page,
    svc,
  }) => {
    const clip = makeClip('chosen-clip.mp4');
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeVisible();
    await app.chooseFilesWithCtrlO([clip]);
    await expect(app.localInputState()).toHaveText('chosen-clip.mp4 — stored');
    await expect(page.getByRole('heading', { name: 'Start from a template' })).toBeHidden();
    await expect(page.getByTestId('convert-panel').getByRole('group', { name: 'Start from' }).getByRole('button').first()).toBeFocused();
    // What the panel shows is what runs, named after the clip.
    await expect(app.outputFileName('out_1')).toHaveValue('chosen-clip-converted.mp4');
    // From there, the keyboard alone runs it.
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
    const first = page.url().split('/').pop() as string;
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    // Named after what was chosen, not after the encoder the command starts with.
    await expect(app.jobName()).toHaveText('Convert to MP4: chosen-clip.mp4 → chosen-clip-converted.mp4');

    // Back on New job (after a reload too), the clip stays in its row as a stored file, and the next
    // clip chosen with Ctrl+O replaces it: the panel's command reads one file, so it is the one worked on.
    await app.openBuilder();
    await page.reload();
    await expect(page.getByLabel('Stored file for in_1').locator('option:checked')).toContainText('chosen-clip.mp4');
    await app.chooseFilesWithCtrlO([makeClip('next-clip.mp4')]);
    await expect(app.localInputState()).toHaveText('next-clip.mp4 — stored');
    await expect(page.getByRole('group', { name: /^Source of in_/ })).toHaveCount(1);
    await expect(app.outputFileName('out_1')).toHaveValue('next-clip-converted.mp4');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => url.hash.startsWith('#/jobs/') && !url.hash.endsWith(decodeURIComponent(first)));
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    await expect(app.jobName()).toHaveText('Convert to MP4: next-clip.mp4 → next-clip-converted.mp4');
  });

  test('when a starting point follows another, then what the first set goes, the part of the clip stays; a From that is not a time holds the run; the next clip starts whole', async ({
    page,
    svc,
  }) => {
    const app = new AppPage(page);
    const convert = new ConvertPage(page);
    const words = new BuilderWordsPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.chooseFilesWithCtrlO([makeClip('part-clip.mp4')]);
    await expect(app.localInputState()).toHaveText('part-clip.mp4 — stored');
    const startFrom = (name: string) => convert.panel().getByRole('group', { name: 'Start from' }).getByRole('button', { name });
    await startFrom('Podcast MP3, −16 LUFS').click();
    await startFrom('GIF, 480p').click();
    await convert.field('From').fill('0.5');
    await convert.field('To').fill('1.5');
    await expect(convert.command()).toContainText('fps=12');
    // Before, the GIF's 12 fps and the podcast's loudness rode along: a "Small MP4" came out at 12 fps, normalised.
    await startFrom('Small MP4, 720p').click();
    // 720p is the target; a 320 × 240 clip is not enlarged to it.
    await expect(convert.field('Resolution')).toHaveValue('720');
    await expect(convert.panel()).toContainText('320 × 240 is kept: never enlarged');
    await expect(convert.command()).not.toContainText('fps=');
    await expect(convert.command()).not.toContainText('loudnorm');
    await expect(page.getByTestId('convert-range')).toHaveText(/^0:00\.5 to 0:01\.5/);
    // A From that is not a time is marked and holds the run; so is a To before From.
    await convert.field('From').fill('abc');
    await expect(words.fixLink('From')).toBeVisible();
    await page.keyboard.press('Control+Enter');
    await expect(page).toHaveURL(/#\/new$/);
    await convert.field('From').fill('1');
    await convert.field('To').fill('0:00.5');
    await expect(words.fixLink('To')).toBeVisible();
    await convert.field('To').fill('');
    await expect(words.fixList()).toHaveCount(0);
    // The next clip keeps the target (720p) and starts whole: the part was of the clip before.
    // Dropped: a file chooser opens only within a few seconds of a user's gesture, which the typing above (insertText) is not.
    await app.dropFilesOnBuilder([makeClip('next-part-clip.mp4')]);
    await expect(app.localInputState()).toHaveText('next-part-clip.mp4 — stored');
    await expect(page.getByTestId('convert-range')).toHaveText('The whole file.');
    await expect(convert.field('From')).toHaveValue('');
    await expect(convert.field('Resolution')).toHaveValue('720');
  });

  test('when several clips are chosen at once, then the convert panel converts each in its own job, named after it, and a sound file gets a sound format', async ({
    page,
    svc,
  }) => {
    const clip = makeClip('first-clip.mp4');
    const song = path.join(testFolder('ffdesk-drop-'), 'voice.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libmp3lame', song]);
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.chooseFilesWithCtrlO([clip, song]);
    await expect(app.localInputState()).toHaveText(['first-clip.mp4 — stored', 'voice.mp3 — stored']);
    await expect(page.getByTestId('convert-each-intro')).toHaveText(
      '2 clips: each is converted in its own job, named after it. The size and the preview are of the first.',
    );
    const run = page.getByRole('button', { name: 'Convert 2 clips' });
    await expect(run).toBeVisible();
    await expect(page.getByTestId('convert-each')).toHaveText('One job per clip: first-clip.mp4, voice.mp3');
    // Before, the panel's command read in_1 alone: Run converted the first clip and never the second.
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/#\/jobs$/);
    await expect.poll(async () => (await svc.client.listCommands()).length, { timeout: 30_000 }).toBe(2);
    const jobs = await svc.client.listCommands();
    for (const job of jobs) await expect.poll(async () => (await svc.client.getCommand(job.command_id)).status, { timeout: 90_000 }).toBe('SUCCESS');
    const done = await Promise.all(jobs.map((j) => svc.client.getCommand(j.command_id)));
    expect(done.map((j) => [j.name, j.output_files?.out_1?.filename]).sort()).toEqual([
      ['Convert to M4A: voice.mp3 → voice.m4a', 'voice.m4a'],
      ['Convert to MP4: first-clip.mp4 → first-clip-converted.mp4', 'first-clip-converted.mp4'],
    ]);
    await expect(page.getByRole('link', { name: /Convert to M4A: voice\.mp3/ }).first()).toBeVisible();
  });

  test('when a sound file (an MP3) is chosen with Ctrl+O, then the panel converts it to a sound format and says why the video formats are out, and the job runs', async ({
    page,
    svc,
  }) => {
    const song = path.join(testFolder('ffdesk-drop-'), 'song.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libmp3lame', song]);
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.chooseFilesWithCtrlO([song]);
    await expect(app.localInputState()).toHaveText('song.mp3 — stored');
    const formats = page.getByTestId('convert-panel').getByRole('group', { name: 'Format' });
    await expect(formats.getByRole('button', { name: /^M4A\b/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(formats.getByRole('button', { name: /^MP4\b/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(formats.getByRole('button', { name: /^MP4\b/ })).toContainText('this file has no picture');
    await expect(app.outputFileName('out_1')).toHaveValue('song.m4a');
    // A video card cannot be picked for it (by the keys here; Playwright's click waits for an enabled card): the job stays a sound one.
    await formats.getByRole('button', { name: /^MP4\b/ }).focus();
    await page.keyboard.press('Enter');
    await expect(app.outputFileName('out_1')).toHaveValue('song.m4a');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    const out = (await svc.client.getCommand(id)).output_files?.out_1;
    expect(out?.filename).toBe('song.m4a');
    expect(out?.width).toBeUndefined();
    expect(out?.duration).toBeCloseTo(2, 0);
  });

  test('when a clip with no sound is chosen and Podcast MP3 picked, then the panel keeps a video format and says why the sound formats are out, the job runs, and its output is saved into a folder', async ({
    page,
    svc,
  }) => {
    const render = path.join(testFolder('ffdesk-drop-'), 'render.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', render]);
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.chooseFilesWithCtrlO([render]);
    await expect(app.localInputState()).toHaveText('render.mp4 — stored');
    const panel = page.getByTestId('convert-panel');
    const formats = panel.getByRole('group', { name: 'Format' });
    await expect(formats.getByRole('button', { name: /^MP3\b/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(formats.getByRole('button', { name: /^MP3\b/ })).toContainText('this file has no sound');
    // The podcast starting point is a sound target: for this clip it says so and changes nothing (an MP3 of it held nothing,
    // and the job failed with ffmpeg's words; then it changed nothing, silently).
    const podcast = panel.getByRole('button', { name: /^Podcast MP3/ });
    await expect(podcast).toHaveAttribute('aria-disabled', 'true');
    await expect(podcast).toContainText('(no sound here)');
    await podcast.focus();
    await page.keyboard.press('Enter');
    await expect(formats.getByRole('button', { name: /^MP4\b/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(app.outputFileName('out_1')).toHaveValue('render-converted.mp4');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    await expect(app.jobStatus()).toHaveText('Success', { timeout: 90_000 });
    expect((await svc.client.getCommand(id)).output_files?.out_1?.width).toBe(320);

    // Saved where the editor chooses, as HandBrake writes: the folder picker lists the home folder.
    const saveDir = fs.mkdtempSync(path.join(os.homedir(), 'ffdesk-e2e-save-'));
    try {
      await page.getByRole('button', { name: 'Save to folder…' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose a folder' });
      await picker.getByRole('button', { name: `${path.basename(saveDir)}/` }).click();
      await expect(picker.getByLabel('Current folder')).toHaveText(fs.realpathSync(saveDir));
      await picker.getByRole('button', { name: 'Save here' }).click();
      const saved = page.getByRole('list', { name: 'Saved files' }).locator('code');
      await expect(saved).toHaveText(path.join(fs.realpathSync(saveDir), 'render-converted.mp4'));
      const probed = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width', '-of', 'csv=p=0', path.join(saveDir, 'render-converted.mp4')]);
      expect(probed.toString().trim()).toBe('320');
      // Again: the folder saved to last is offered, and the copy gets a number instead of overwriting.
      const again = page.getByRole('button', { name: `Save again to ${fs.realpathSync(saveDir)}` });
      await again.focus();
      await page.keyboard.press('Enter');
      await expect(saved).toHaveText(path.join(fs.realpathSync(saveDir), 'render-converted (1).mp4'));
      // The keyboard stays on the button pressed (disabled while saving, it dropped the focus to the page).
      await expect(again).toBeFocused();
      // Show in folder on a machine without a desktop says so, where it did nothing and said nothing.
      if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
        await page.getByRole('button', { name: 'Show in folder' }).first().click();
        await expect(page.getByRole('alert')).toContainText(`No file manager could show ${fs.realpathSync(saveDir)} on this machine`);
      }
    } finally {
      fs.rmSync(saveDir, { recursive: true, force: true });
    }
    // Kept as a preset: named after what the job did, in words and in a preset name's letters.
    await page.getByRole('button', { name: 'Save as preset…' }).click();
    await expect(page.getByRole('heading', { name: 'New preset' })).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('convert-to-mp4');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Convert to MP4');
  });

  test('when the upload of a dropped file fails, then the row says why and no file is left in Files', async ({ page, svc }) => {
    const clip = makeClip('doomed-clip.mp4');
    await page.route('**/uploads/**', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ detail: 'The upload URL is invalid' }) }),
    );
    const app = new AppPage(page);
    await openApp(page, svc);
    await app.openBuilder();
    await app.dropFilesOnBuilder([clip]);
    await expect(app.builderError()).toContainText('The upload URL is invalid');
    await app.builderError().scrollIntoViewIfNeeded();
    await screen(page, '42-builder-upload-failed');
    // Every state counts: an aborted upload or an unprobed file would be an orphan too.
    await expect.poll(async () => (await svc.client.listFiles({ status: 'all' })).filter((f) => f.filename === 'doomed-clip.mp4').length).toBe(0);
  });
});
