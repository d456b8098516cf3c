import type { Config } from '../config';

/**
 * Whether the argument and list-file checks run. Always, except in a test that asks to
 * prove the operating-system sandbox alone (docs/sandbox.md): the switch is a config field
 * that loadConfig never reads from the environment, and it is honoured only inside vitest,
 * so no user setting can turn the first fence off.
 */
export function argumentChecksOn(config: Pick<Config, 'testOnlySkipArgumentChecks'>, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!config.testOnlySkipArgumentChecks) return true;
  return !(env.VITEST === 'true' && env.NODE_ENV === 'test');
}
