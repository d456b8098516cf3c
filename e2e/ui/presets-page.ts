import { expect, type Locator, type Page } from '@playwright/test';

/** The Presets screen: the list, its row actions and the preset editor (conventions rule 8). */
export class PresetsPage {
  constructor(readonly page: Page) {}

  list(): Locator {
    return this.page.getByRole('list', { name: 'Presets' });
  }

  row(name: string): Locator {
    return this.list().locator(`li[data-preset="${name}"]`);
  }

  action(title: string, action: 'Open in New job' | 'Edit' | 'Duplicate' | 'Export' | 'Delete' | 'Delete every version?'): Locator {
    return this.page.getByRole('group', { name: `Actions for ${title}` }).getByRole('button', { name: action, exact: true });
  }

  editor(): Locator {
    return this.page.getByTestId('preset-editor');
  }

  editorField(label: string): Locator {
    return this.editor().getByLabel(label, { exact: true });
  }

  /** A parameter's box in the editor, by its placeholder (`height` → `{{height}}`). */
  parameter(name: string): Locator {
    return this.editor().getByRole('group', { name: `{{${name}}}` });
  }

  async setParameter(
    name: string,
    values: Partial<Record<'Label' | 'Default' | 'Smallest value' | 'Largest value' | 'Choices', string>> & { Type?: string },
  ): Promise<void> {
    const box = this.parameter(name);
    if (values.Type) await box.getByLabel('Type', { exact: true }).selectOption({ label: values.Type });
    for (const [label, value] of Object.entries(values)) if (label !== 'Type') await box.getByLabel(label, { exact: true }).fill(value);
  }

  async save(label: RegExp = /^Save (preset|as version \d+)$/): Promise<void> {
    await this.editor().getByRole('button', { name: label }).click();
    await expect(this.editor()).toHaveCount(0);
  }
}
