import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** Moderate rules kept at zero too: a screen reader user moves by headings. */
const ALSO_FAILING = new Set(['heading-order', 'page-has-heading-one']);

/** The rules whose outcome a colour scheme can change: the dark looks need only these (the page, its layout and names are those of the light look). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

let axeSource: string | undefined;

/**
 * axe-core run in the page itself, injected once per document (docs/contributing.md, "Suite
 * time"). The @axe-core/playwright package (no longer used) had analyze() inject the 580 KB engine afresh on every call and
 * finish each run in a new blank page: on a loaded 2-core machine that cost several times the
 * rules' own work. The app has no iframes, so a run in the main frame sees all of it. Only
 * violations are built in full (axe's `resultTypes`: no selectors made for the passing nodes).
 */
export async function runAxe(page: Page, opts: { include?: string; rules?: string[]; tags?: string[] } = {}): Promise<AxeResults['violations']> {
  axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = { resultTypes: ['violations'] };
  if (opts.rules) options.runOnly = { type: 'rule', values: opts.rules };
  else if (opts.tags) options.runOnly = { type: 'tag', values: opts.tags };
  const result = await page.evaluate(
    ({ include, options }) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(include ? { include: [[include]] } : document, options),
    { include: opts.include, options },
  );
  return result.violations;
}

/** Serious and critical axe violations of what is on screen (and ALSO_FAILING), each with its first few nodes; `colourOnly`: the colour rules alone. */
export async function seriousViolations(page: Page, opts: { colourOnly?: boolean } = {}): Promise<string[]> {
  const violations = await runAxe(page, opts.colourOnly ? { rules: COLOUR_RULES } : { tags: TAGS });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_FAILING.has(v.id))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''})`)
          .join('; ')}`,
    );
}

/** The four looks every screen is checked in: width × colour scheme (docs/gui.md, "Accessibility"). */
export const LOOKS = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
  { width: 800, scheme: 'dark' },
  { width: 800, scheme: 'light' },
] as const;
export type Look = (typeof LOOKS)[number];

/** Puts the page in a look and waits until it is drawn in it: the media query answers, no CSS transition is running, a frame has passed. */
export async function showLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize({ width: look.width, height: 800 });
  await page.emulateMedia({ colorScheme: look.scheme });
  await page.waitForFunction(
    ({ width, scheme }) =>
      window.innerWidth === width &&
      matchMedia(`(prefers-color-scheme: ${scheme})`).matches &&
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
    look,
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * The screen as it is, checked by axe in each look, switched in place (no new page or
 * service per look); ends in the first look. Keys are "<screen> @ <width> <scheme>". Each
 * width gets every rule in the light scheme; the dark scheme changes only colours, so there
 * the colour rules run (a whole axe run per look does not fit a loaded CI machine).
 */
export async function violationsInEveryLook(page: Page, screen: string, onLook?: (look: Look) => Promise<void>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const look of LOOKS) {
    await showLook(page, look);
    found[`${screen} @ ${look.width} ${look.scheme}`] = await seriousViolations(page, { colourOnly: look.scheme === 'dark' });
    await onLook?.(look);
  }
  await showLook(page, LOOKS[0]);
  return found;
}
