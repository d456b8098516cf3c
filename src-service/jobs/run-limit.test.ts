import { describe, expect, it } from 'vitest';
import { cpuSecondsFor, defaultRunSeconds, runLimitFailure } from './run-limit';

describe('run-time limits', () => {
  it("when no limit is set, then the local account has none and an API key the plan's 300 s", () => {
    expect(defaultRunSeconds(true)).toBe(0);
    expect(defaultRunSeconds(false)).toBe(300);
  });

  it('when there is no limit, then no CPU-time limit either; with one, the limit on every vCPU', () => {
    expect(cpuSecondsFor(0, 4)).toBeUndefined();
    expect(cpuSecondsFor(300, 4)).toBe(1200);
  });

  it('when a command runs past its limit, then the failure names the GUI setting and the API field', () => {
    const f = runLimitFailure(300);
    expect(f.status).toBe('TIMEOUT');
    expect(f.message).toMatch(/run-time limit of 300 s.*"Max run time \(s\)".*max_command_run_seconds/);
  });
});
