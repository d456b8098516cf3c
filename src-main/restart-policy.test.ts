import { describe, expect, it } from 'vitest';
import { createRestartPolicy } from './restart-policy';

const opts = { maxRestarts: 3, windowMs: 60_000, baseDelayMs: 1_000, maxDelayMs: 3_000 };

describe('the service restart policy', () => {
  it('when the service crashes repeatedly, then each restart waits twice as long, up to the cap', () => {
    const p = createRestartPolicy(opts);
    expect(p.onCrash(0)).toEqual({ action: 'restart', delayMs: 1_000, attempt: 1 });
    expect(p.onCrash(5_000)).toEqual({ action: 'restart', delayMs: 2_000, attempt: 2 });
    expect(p.onCrash(10_000)).toEqual({ action: 'restart', delayMs: 3_000, attempt: 3 });
  });

  it('when it crashes once more than the limit within the window, then the shell gives up', () => {
    const p = createRestartPolicy(opts);
    for (const t of [0, 1_000, 2_000]) expect(p.onCrash(t).action).toBe('restart');
    expect(p.onCrash(3_000)).toEqual({ action: 'give-up', crashes: 4 });
  });

  it('when earlier crashes fall out of the window, then they no longer count and the delay starts over', () => {
    const p = createRestartPolicy(opts);
    for (const t of [0, 1_000, 2_000]) p.onCrash(t);
    expect(p.onCrash(70_000)).toEqual({ action: 'restart', delayMs: 1_000, attempt: 1 });
  });

  it('when reset (the user restarts it by hand), then counting starts afresh', () => {
    const p = createRestartPolicy(opts);
    for (const t of [0, 1_000, 2_000, 3_000]) p.onCrash(t);
    p.reset();
    expect(p.onCrash(4_000)).toEqual({ action: 'restart', delayMs: 1_000, attempt: 1 });
  });
});
