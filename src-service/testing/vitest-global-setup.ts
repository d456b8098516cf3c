import { openSuiteRoot } from './suite-leftovers';

/** vitest globalSetup: the run gets its own temp root; the teardown fails the run if tests left folders or processes there. */
export default function setup(): () => void {
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
