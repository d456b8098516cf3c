/**
 * When the service's process dies after it was ready, the shell restarts it, waiting longer
 * after each crash, and gives up after too many crashes in a short time (a service that dies
 * on every start would otherwise spin). Pure: the caller passes the clock, so the policy is
 * unit-tested without Electron (docs/architecture.md, "The shell watches its service").
 */
export interface RestartPolicyOptions {
  /** Crashes tolerated within `windowMs`; one more and the shell gives up. */
  maxRestarts: number;
  windowMs: number;
  /** Wait before the first restart; doubled for each further crash in the window. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export type RestartDecision = { action: 'restart'; delayMs: number; attempt: number } | { action: 'give-up'; crashes: number };

export const DEFAULT_RESTART_POLICY: RestartPolicyOptions = { maxRestarts: 5, windowMs: 10 * 60_000, baseDelayMs: 1_000, maxDelayMs: 30_000 };

export function createRestartPolicy(opts: RestartPolicyOptions = DEFAULT_RESTART_POLICY) {
  let crashes: number[] = [];
  return {
    /** A crash at `now` (ms): restart after a delay, or give up. */
    onCrash(now: number): RestartDecision {
      crashes = [...crashes.filter((t) => now - t < opts.windowMs), now];
      if (crashes.length > opts.maxRestarts) return { action: 'give-up', crashes: crashes.length };
      const delayMs = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (crashes.length - 1));
      return { action: 'restart', delayMs, attempt: crashes.length };
    },
    /** A manual restart (the user asked after giving up) starts counting afresh. */
    reset(): void {
      crashes = [];
    },
  };
}

export type RestartPolicy = ReturnType<typeof createRestartPolicy>;
