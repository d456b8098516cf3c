import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../errors';
import { createRateLimiter } from './rate-limit';

describe('store-file rate limit', () => {
  it('when an account spends its tokens, then the next call is refused with the seconds until the next token, and tokens refill', () => {
    let t = 0;
    const limiter = createRateLimiter(2, () => t);
    limiter.take('a');
    limiter.take('a');
    let err: unknown;
    try {
      limiter.take('a');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfterSeconds).toBe(30);
    limiter.take('b'); // other accounts are unaffected
    t += 30_000;
    expect(() => limiter.take('a')).not.toThrow();
  });
});
