import type { Locator, Page } from '@playwright/test';

/** What the editor-polish checks read (conventions rule 8: page objects own the locators). */
export class EditorPolishPage {
  constructor(readonly page: Page) {}

  /** A fact of the job page: its value (the first `dd`) and its hint (the second, when there is one). */
  jobFact(label: string): { value: Locator; hint: Locator } {
    const fact = this.page
      .getByRole('region', { name: /^Job / })
      .locator('.facts > div')
      .filter({ has: this.page.locator('dt', { hasText: label }) });
    return { value: fact.locator('dd').first(), hint: fact.locator('dd.fact-hint') };
  }

  presetsHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Presets', level: 2 });
  }

  watchFolder(folder: string): Locator {
    return this.page.getByRole('article', { name: `Watch folder ${folder}` });
  }

  convertFormat(label: string): Locator {
    return this.page
      .getByTestId('convert-panel')
      .getByRole('group', { name: 'Format' })
      .getByRole('button', { name: new RegExp(`^${label}\\b`) });
  }

  frameRate(): Locator {
    return this.page.getByTestId('convert-panel').getByLabel('Frame rate', { exact: true });
  }

  command(): Locator {
    return this.page.getByTestId('command-editor').locator('.cm-content').first();
  }
}
