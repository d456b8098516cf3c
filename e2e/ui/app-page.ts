import { expect, type Locator, type Page } from '@playwright/test';

/** Page objects own the locators (conventions rule 8). */
export class AppPage {
  constructor(readonly page: Page) {}

  nav(name: 'Jobs' | 'New job' | 'Files' | 'Uploads' | 'Presets' | 'Settings'): Locator {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  }

  async useTemplate(title: string): Promise<void> {
    await this.nav('New job').click();
    await this.page.getByRole('button', { name: `Use template: ${title}` }).click();
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

  jobStatus(): Locator {
    return this.page.getByRole('region', { name: /^Job / }).locator('.chip').first();
  }

  jobProgressBar(): Locator {
    return this.page.getByRole('progressbar', { name: 'Job progress' });
  }
}

/** Plays a <video> muted and resolves with its currentTime after `ms`. */
export async function playFor(video: Locator, ms: number): Promise<{ before: number; after: number }> {
  await expect(video).toBeVisible();
  const before = await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
    return el.currentTime;
  });
  await video.page().waitForTimeout(ms);
  const after = await video.evaluate((el: HTMLVideoElement) => el.currentTime);
  return { before, after };
}
