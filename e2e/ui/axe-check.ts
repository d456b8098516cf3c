import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Moderate rules kept at zero too: a screen reader user moves by headings. */
const ALSO_FAILING = new Set(['heading-order', 'page-has-heading-one']);

/** Serious and critical axe violations of what is on screen (and ALSO_FAILING), each with its first few nodes. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_FAILING.has(v.id))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''})`)
          .join('; ')}`,
    );
}
