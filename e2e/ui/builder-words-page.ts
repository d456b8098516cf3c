import type { Locator, Page } from '@playwright/test';

/** The builder's "things to fix" links, its options and the result cache on the job page (conventions rule 8). */
export class BuilderWordsPage {
  constructor(readonly page: Page) {}

  fixList(): Locator {
    return this.page.getByRole('list', { name: 'Things to fix' });
  }

  fixLink(label: string): Locator {
    return this.fixList().getByRole('link', { name: label, exact: true });
  }

  maxRunTime(): Locator {
    return this.page.getByRole('textbox', { name: 'Max run time (s)' });
  }

  /** The cache toggle: in the builder's options, and beside the job page's Re-run. */
  cacheToggle(): Locator {
    return this.page.getByRole('checkbox', { name: 'Reuse an identical earlier result (cache)' });
  }

  rerun(): Locator {
    return this.page.getByRole('toolbar', { name: 'Job actions' }).getByRole('button', { name: 'Re-run' });
  }

  cacheHitNotice(): Locator {
    return this.page.getByTestId('cache-hit-notice');
  }

  encodingNotes(): Locator {
    return this.page.getByTestId('encoding-note');
  }
}
