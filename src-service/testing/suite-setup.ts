import { afterAll } from 'vitest';
import { removeTrackedTempDirs } from './temp-dirs';

// This file runs again before every test file, also when files share a worker process
// (vitest.config.ts, `isolate: false`). What one file sets in process.env (some set service
// knobs such as FFDESK_WEBHOOK_TIMEOUT_MS at their top) must not reach the next file: the
// environment as it was before the file is put back when the file ends.
const envBefore = { ...process.env };

function restoreEnv(): void {
  for (const name of Object.keys(process.env)) if (!(name in envBefore)) delete process.env[name];
  for (const [name, value] of Object.entries(envBefore)) if (process.env[name] !== value) process.env[name] = value;
}

// Registered before the test file's own hooks, so it runs after them (hooks run as a stack):
// once the file's services have stopped, the temp folders its helpers made go.
afterAll(() => {
  removeTrackedTempDirs();
  restoreEnv();
});
