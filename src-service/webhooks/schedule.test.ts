import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAYS_MS, nextAttemptAt, scheduleFromEnv } from './schedule';

describe('webhook retry schedule (docs/choices.md: Webhooks)', () => {
  it('when nothing is configured, then retries follow 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h and a 15 s timeout', () => {
    const s = scheduleFromEnv({});
    expect(s.retryDelaysMs.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(s.attemptTimeoutMs).toBe(15_000);
  });

  it('when the first attempt fails, then the next is 5 s later; after the eighth, none', () => {
    const s = scheduleFromEnv({});
    expect(nextAttemptAt(s, 1, 0)).toBe(new Date(5_000).toISOString());
    expect(nextAttemptAt(s, 7, 0)).toBe(new Date(36_000_000).toISOString());
    expect(nextAttemptAt(s, DEFAULT_RETRY_DELAYS_MS.length + 1, 0)).toBeNull();
  });

  it('when the env sets short delays, then they are used; garbage fails naming the variable', () => {
    expect(scheduleFromEnv({ FFDESK_WEBHOOK_RETRY_DELAYS_MS: '10, 20', FFDESK_WEBHOOK_TIMEOUT_MS: '500' })).toEqual({
      retryDelaysMs: [10, 20],
      attemptTimeoutMs: 500,
    });
    expect(() => scheduleFromEnv({ FFDESK_WEBHOOK_RETRY_DELAYS_MS: '5,x' })).toThrow(/FFDESK_WEBHOOK_RETRY_DELAYS_MS/);
  });
});
