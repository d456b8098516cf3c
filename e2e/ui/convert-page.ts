import { expect, type Locator, type Page } from '@playwright/test';

/** The builder's convert panel (conventions rule 8: page objects own the locators). */
export class ConvertPage {
  constructor(readonly page: Page) {}

  panel(): Locator {
    return this.page.getByTestId('convert-panel');
  }

  /** The first command's text as the editor shows it. */
  command(): Locator {
    return this.page.getByTestId('command-editor').locator('.cm-content').first();
  }

  async pickStoredInput(alias: string, fileName: string): Promise<void> {
    await this.page
      .getByRole('group', { name: `Source of ${alias}` })
      .getByRole('button', { name: 'Stored file' })
      .click();
    const picker = this.page.getByLabel(`Stored file for ${alias}`);
    const value = await picker.locator('option', { hasText: fileName }).first().getAttribute('value');
    await picker.selectOption(value ?? '');
    await expect(this.page.getByRole('group', { name: `About ${fileName}` })).toBeVisible();
  }

  format(label: string): Locator {
    return this.panel()
      .getByRole('group', { name: 'Format' })
      .getByRole('button', { name: new RegExp(`^${label}\\b`) });
  }

  field(label: string): Locator {
    return this.panel().getByLabel(label, { exact: true });
  }

  quality(): Locator {
    return this.panel().getByRole('slider', { name: 'Quality' });
  }

  estimate(): Locator {
    return this.panel().getByTestId('size-estimate');
  }

  byHandNotice(): Locator {
    return this.panel().getByTestId('convert-by-hand');
  }

  outputName(): Locator {
    return this.page.getByLabel('File name for out_1');
  }

  previewResult(): Locator {
    return this.panel().getByTestId('preview-result');
  }

  /** Moves the quality slider with the keyboard, as a user would (Home, then Right × steps). */
  async setQuality(steps: number): Promise<void> {
    await this.quality().focus();
    await this.page.keyboard.press('Home');
    for (let i = 0; i < steps; i++) await this.page.keyboard.press('ArrowRight');
  }
}
