import { defineConfig } from '@playwright/test';

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
    // A failed test keeps its trace (actions, DOM snapshots, network) but not the screencast:
    // recording a screencast of every test cost about a quarter of the browser tests' time
    // (jobs + screens: 73 s with it, 55 s without; docs/contributing.md, "Suite time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
