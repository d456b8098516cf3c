import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made = new Set<string>();

/**
 * A fresh folder under the system temp dir, removed when the test file ends (by the suite's
 * setup file, suite-setup.ts) if the test did not remove it itself.
 */
export function trackedTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes every folder `trackedTempDir` made in this test file. */
export function removeTrackedTempDirs(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}
