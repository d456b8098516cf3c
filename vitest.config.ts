import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './src-service/testing/heavy-first-sequencer.ts';

// Unit tests are colocated (`*.test.ts`); service tests start a real app on port 0
// with real ffmpeg and SQLite, so they get generous timeouts on a 2-core machine.
// Their shared helpers live in src-service/testing/, beside the whole-service suites (docs/contributing.md).
export default defineConfig({
  test: {
    include: ['src-service/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Files that run in the same worker process share its module cache: each file no longer
    // imports the whole service (Koa, zod, SQLite, the contract) again. That was ~1 s CPU per
    // file on an idle machine, ~140 s summed over the suite (docs/contributing.md "Suite time").
    // The service keeps no state in its modules (each test builds its own with createService);
    // what a file sets in process.env is put back when it ends (suite-setup.ts).
    isolate: false,
    reporters: ['default'],
    // The run's own TMPDIR; at the end, a check fails the run if tests left ffdesk-* folders or
    // processes (sandboxes) there (src-service/testing/suite-leftovers.ts). Each test file's
    // helper-made temp folders are removed when it ends (suite-setup.ts).
    globalSetup: ['src-service/testing/vitest-global-setup.ts'],
    setupFiles: ['src-service/testing/suite-setup.ts'],
    // The longest files start first, also on a clean clone without a duration cache.
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
