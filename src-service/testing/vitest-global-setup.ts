import { buildCliBundle } from './cli-bundle';
import { openSuiteRoot } from './suite-leftovers';

/**
 * vitest globalSetup: the CLI bundle that child-process tests start is built from the current
 * sources (testing/cli-bundle.ts); the run gets its own temp root, and the teardown fails the
 * run if tests left folders or processes there.
 */
export default async function setup(): Promise<() => void> {
  await buildCliBundle();
  const suite = openSuiteRoot('vitest');
  return () => {
    try {
      suite.check();
    } catch (err) {
      // vitest only prints an error thrown here: the exit code must say it too.
      console.error((err as Error).message);
      process.exitCode = 1;
    }
  };
}
