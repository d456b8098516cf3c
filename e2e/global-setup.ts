import { openSuiteRoot } from '../src-service/testing/suite-leftovers';

/**
 * Playwright globalSetup: the run gets its own temp root (TMPDIR, inherited by the workers and
 * the services they start); the returned teardown fails the run if tests left ffdesk-* folders
 * or processes (sandboxes) there (src-service/testing/suite-leftovers.ts).
 */
export default function globalSetup(): () => void {
  const suite = openSuiteRoot('playwright');
  return () => suite.check();
}
