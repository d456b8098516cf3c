import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell; the same build, codecs and
 * MediaSource as `chromium`) when it is installed, else the full browser: Playwright itself runs
 * headless tests in the shell, and here it did the browser tests with a third less CPU
 * (docs/contributing.md, "Suite time"). `CHROMIUM_PATH` overrides both.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * E2E: the real UI in Debian Chromium against a real service (started in-process per
 * test, fresh data dir and port; see e2e/ui/fixtures.ts). Two workers: tests share nothing
 * but the run's caches (ffmpeg facts, demo samples), and one worker left a 2-core machine
 * half idle while it waited on the browser and the service (docs/contributing.md, "Suite time").
 * Tests, not files, are spread over the workers (fullyParallel: no test depends on another or on
 * a file-wide hook), so a long file does not leave one worker running alone at the end.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  workers: 2,
  fullyParallel: true,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  retries: 0,
  // The run's own TMPDIR; its teardown fails the run if tests left folders or processes there.
  globalSetup: './e2e/global-setup.ts',
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions with their timing, console, network), its screenshot
    // and its page's accessibility tree (error-context.md), but no screencast and no DOM snapshot
    // per action: those cost about a quarter and a tenth of the browser tests' CPU
    // (docs/contributing.md, "Suite time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
