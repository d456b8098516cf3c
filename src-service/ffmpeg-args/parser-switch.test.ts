import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { argumentChecksOn } from './parser-switch';

describe('the test-only switch that turns the argument checks off', () => {
  it('when a user sets anything in the environment, then the checks stay on', () => {
    const env = { FFDESK_DATA_DIR: '/tmp/x', FFDESK_TEST_ONLY_SKIP_ARGUMENT_CHECKS: '1', FFDESK_TESTONLYSKIPARGUMENTCHECKS: 'true', NODE_ENV: 'test' };
    expect(loadConfig({}, env).testOnlySkipArgumentChecks).toBe(false);
    expect(argumentChecksOn(loadConfig({}, env), env)).toBe(true);
  });

  it('when the field is set outside vitest, then it is ignored', () => {
    expect(argumentChecksOn({ testOnlySkipArgumentChecks: true }, { NODE_ENV: 'production' })).toBe(true);
    expect(argumentChecksOn({ testOnlySkipArgumentChecks: true }, { NODE_ENV: 'test' })).toBe(true);
    expect(argumentChecksOn({ testOnlySkipArgumentChecks: true }, { VITEST: 'true', NODE_ENV: 'production' })).toBe(true);
  });

  it('when a test sets the field under vitest, then the checks are off', () => {
    expect(argumentChecksOn({ testOnlySkipArgumentChecks: true }, { VITEST: 'true', NODE_ENV: 'test' })).toBe(false);
    expect(argumentChecksOn({ testOnlySkipArgumentChecks: false }, { VITEST: 'true', NODE_ENV: 'test' })).toBe(true);
  });
});
