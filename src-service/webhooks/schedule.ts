/**
 * Retry delays after a failed attempt (docs/choices.md: Webhooks): 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h. Eight attempts in all; after the last one the delivery is FAILED.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** "Any 2xx within 15 s is delivery." */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 15_000;

export interface WebhookSchedule {
  retryDelaysMs: readonly number[];
  attemptTimeoutMs: number;
}

/**
 * The schedule is injectable (tests and impatient local setups):
 * `FFDESK_WEBHOOK_RETRY_DELAYS_MS` (comma-separated milliseconds) and
 * `FFDESK_WEBHOOK_TIMEOUT_MS`. Invalid values fail fast, naming the variable.
 */
export function scheduleFromEnv(env: NodeJS.ProcessEnv = process.env): WebhookSchedule {
  const delays = env.FFDESK_WEBHOOK_RETRY_DELAYS_MS;
  const timeout = env.FFDESK_WEBHOOK_TIMEOUT_MS;
  return {
    retryDelaysMs: delays ? parseList('FFDESK_WEBHOOK_RETRY_DELAYS_MS', delays) : DEFAULT_RETRY_DELAYS_MS,
    attemptTimeoutMs: timeout ? parsePositive('FFDESK_WEBHOOK_TIMEOUT_MS', timeout) : DEFAULT_ATTEMPT_TIMEOUT_MS,
  };
}

function parseList(name: string, value: string): number[] {
  return value.split(',').map((s) => parsePositive(name, s.trim()));
}

function parsePositive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`Invalid configuration: ${name}: "${value}" is not a non-negative number`);
  return n;
}

/** When the next attempt is due after `attemptsMade` failed attempts, or null when retries are exhausted. */
export function nextAttemptAt(schedule: WebhookSchedule, attemptsMade: number, nowMs: number): string | null {
  const delay = schedule.retryDelaysMs[attemptsMade - 1];
  return delay === undefined ? null : new Date(nowMs + delay).toISOString();
}
