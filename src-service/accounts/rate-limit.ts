import { RateLimitError } from '../errors';

/**
 * A per-account token bucket (store-file's rate limit, docs/choices.md: Accounts). Refills
 * continuously; an empty bucket answers 429 with the seconds until the next token.
 */
export function createRateLimiter(perMinute: number, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = perMinute / 60_000;
  return {
    take(accountId: string): void {
      const t = now();
      const b = buckets.get(accountId) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * refillPerMs);
      b.at = t;
      if (b.tokens < 1) {
        buckets.set(accountId, b);
        throw new RateLimitError((1 - b.tokens) / refillPerMs / 1000);
      }
      b.tokens -= 1;
      buckets.set(accountId, b);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
