import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** Page objects own the locators (conventions rule 8). */
export class AppPage {
  constructor(readonly page: Page) {
    // File choosers intercepted from the start: Playwright turns interception on when the first
    // listener comes, without waiting for it, so a Ctrl+O pressed right after a waitForEvent may
    // reach the page first (the likely cause of two CI runs that saw no "filechooser").
    page.on('filechooser', () => undefined);
  }

  nav(name: 'Jobs' | 'New job' | 'Files' | 'Uploads' | 'Presets' | 'Settings'): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  }

  async useTemplate(title: string): Promise<void> {
    await this.nav('New job').click();
    await this.page.getByRole('button', { name: `Use template: ${title}` }).click();
    // The template fills the form once the stored files and its preset are read, and the gallery then
    // closes: wait for that, or text typed meanwhile goes into the draft the template replaces.
    await expect(this.page.getByRole('heading', { name: 'Start from a template' })).toBeHidden();
    await expect(this.page.getByTestId('command-editor').locator('.cm-content').first()).toBeVisible();
  }

  /** Types at the start of the first command (CodeMirror content is contenteditable). */
  async prependToCommand(text: string): Promise<void> {
    const content = this.page.getByTestId('command-editor').locator('.cm-content').first();
    await content.click();
    await this.page.keyboard.press('Control+Home');
    await this.page.keyboard.type(text);
  }

  async runJob(): Promise<string> {
    await this.page.getByRole('button', { name: 'Run job' }).click();
    await this.page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
    return decodeURIComponent(this.page.url().split('/').pop() ?? '');
  }

  /** The New job screen, empty (no template). */
  async openBuilder(): Promise<void> {
    await this.nav('New job').click();
    await expect(this.page.getByTestId('command-editor').locator('.cm-content').first()).toBeVisible();
  }

  /**
   * Drops real files from disk on the builder as a drag from the desktop would: a native
   * drop event whose DataTransfer holds File objects, aimed at the page (not a drop zone).
   */
  /** Ctrl+O on the builder, then "Upload from elsewhere…" in its home-folder picker, answering the browser's file chooser with these files. */
  async chooseFilesWithCtrlO(paths: string[]): Promise<void> {
    await this.page.keyboard.press('Control+o');
    const picker = this.page.getByRole('dialog', { name: 'Open a file' });
    // The listing's arrival gives the keyboard back to the filter: the button is focused after it, as a user sees the list first.
    await expect(picker.getByLabel('Current folder')).toBeVisible();
    const elsewhere = picker.getByRole('button', { name: 'Upload from elsewhere…' });
    const chooser = this.page.waitForEvent('filechooser');
    await elsewhere.focus();
    await this.page.keyboard.press('Enter');
    await (await chooser).setFiles(paths);
  }

  async dropFilesOnBuilder(paths: string[], target: Locator = this.page.getByRole('heading', { name: 'New job' })): Promise<void> {
    const files = paths.map((p) => ({ name: path.basename(p), base64: fs.readFileSync(p).toString('base64') }));
    const dataTransfer = await this.page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: 'video/mp4', lastModified: Date.now() }));
      }
      return dt;
    }, files);
    await target.dispatchEvent('dragenter', { dataTransfer });
    await expect(this.page.getByText('Drop files to use them as inputs')).toBeVisible();
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });
  }

  /** The "about this input" facts (duration, size, resolution, codecs) of a builder input. */
  inputFacts(fileName: string): Locator {
    return this.page.getByRole('group', { name: `About ${fileName}` });
  }

  inputFact(fileName: string, fact: 'duration' | 'size' | 'resolution' | 'codecs'): Locator {
    return this.inputFacts(fileName).locator(`[data-fact="${fact}"]`);
  }

  localInputState(): Locator {
    return this.page.getByTestId('local-input-state');
  }

  builderError(): Locator {
    return this.page.getByRole('alert').filter({ hasText: 'Upload failed' });
  }

  /** Uploads screen: the hidden file input behind "Choose files…". */
  async chooseUploads(paths: string[]): Promise<void> {
    await this.page.getByLabel('Choose files…').setInputFiles(paths);
  }

  uploadRow(name: string): Locator {
    return this.page.getByRole('listitem', { name: `Upload of ${name}` });
  }

  /** Files screen: which states the table shows (stored only by default). */
  filesStatusFilter(): Locator {
    return this.page.getByRole('combobox', { name: 'Show files by status' });
  }

  interruptedUpload(name: string): Locator {
    return this.page.getByRole('region', { name: 'Interrupted uploads' }).getByRole('listitem', { name: `Interrupted upload of ${name}` });
  }

  /** Jobs screen: the list, its filter bar, search and rows (by job name). */
  jobsList(): Locator {
    return this.page.getByRole('region', { name: 'Jobs' });
  }

  jobFilterBar(): Locator {
    return this.page.getByRole('group', { name: 'Filter jobs by status' });
  }

  jobFilter(label: 'All' | 'Active' | 'Succeeded' | 'Failed' | 'Cancelled'): Locator {
    return this.jobFilterBar().getByRole('button', { name: label });
  }

  jobSearch(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search jobs' });
  }

  jobRows(): Locator {
    return this.jobsList().getByRole('listitem').getByRole('link');
  }

  jobRow(name: string): Locator {
    return this.jobsList().locator(`a[data-job-name="${name.replace(/["\\]/g, '\\$&')}"]`);
  }

  /** Job page: its name heading, rename, failure card. */
  jobName(): Locator {
    return this.page.getByRole('region', { name: /^Job / }).getByRole('heading', { level: 2 }).first();
  }

  async renameJob(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Rename' }).click();
    await this.page.getByRole('textbox', { name: 'Job name' }).fill(name);
    await this.page.getByRole('button', { name: 'Save name' }).click();
  }

  failure(): Locator {
    return this.page.getByRole('alert', { name: 'Why the job failed' });
  }

  failureLead(): Locator {
    return this.page.getByTestId('failure-lead');
  }

  fixBanner(): Locator {
    return this.page.getByRole('region', { name: 'What to fix' });
  }

  outputCard(alias: string): Locator {
    return this.page.getByRole('article', { name: `Output ${alias}` });
  }

  fileDrawer(): Locator {
    return this.page.getByRole('complementary', { name: /^Preview of / });
  }

  toasts(): Locator {
    return this.page.locator('.toasts');
  }

  /** Replaces the whole text of the first command (CodeMirror content is contenteditable). */
  async setCommand(text: string): Promise<void> {
    const content = this.page.getByTestId('command-editor').locator('.cm-content').first();
    await content.click();
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.type(text);
  }

  async removeInput(alias: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove input ${alias}` }).click();
  }

  outputFileName(alias: string): Locator {
    return this.page.getByRole('textbox', { name: `File name for ${alias}` });
  }

  submitBar(): Locator {
    return this.page.getByRole('region', { name: 'Submit' });
  }

  filesGrid(): Locator {
    return this.page.getByRole('grid', { name: 'Stored files' });
  }

  largePlayer(): Locator {
    return this.page.getByRole('dialog', { name: /^Large view of / });
  }

  fileRow(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  jobFact(label: string): Locator {
    return this.page
      .getByRole('region', { name: /^Job / })
      .locator('.facts div')
      .filter({ has: this.page.locator('dt', { hasText: label }) })
      .locator('dd');
  }

  jobStatus(): Locator {
    return this.page.getByRole('region', { name: /^Job / }).locator('.chip').first();
  }

  jobProgressBar(): Locator {
    return this.page.getByRole('progressbar', { name: 'Job progress' });
  }
}

/**
 * Plays a <video> muted and waits until its time has moved `seconds` past where it started (the
 * state, not a clock: a video that does not play fails the wait); resolves with both times.
 */
export async function playUntilMoved(video: Locator, seconds = 0.5): Promise<{ before: number; after: number }> {
  await expect(video).toBeVisible();
  const before = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
    return el.currentTime;
  });
  let after = before;
  await expect
    .poll(async () => (after = await video.evaluate((el: HTMLVideoElement) => el.currentTime)), { message: 'the video plays', timeout: 30_000 })
    .toBeGreaterThanOrEqual(before + seconds);
  return { before, after };
}
