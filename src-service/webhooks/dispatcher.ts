import type { WebhooksRepo, Delivery } from './webhooks-repo';
import { nextAttemptAt, type WebhookSchedule } from './schedule';
import { webhookHeaders } from './signing';
import { postWebhook } from './send';
import { createWorkQueue, type WorkSource } from '../work/work-queue';

/** The timer never sleeps longer than this, so rows written by another process are picked up too. */
const MAX_SLEEP_MS = 60_000;
/** A leased row becomes due again this long after its attempt's timeout (a crash mid-attempt). */
const LEASE_MARGIN_MS = 30_000;
const BATCH = 16;

export interface Dispatcher {
  start(): void;
  stop(): Promise<void>;
  /** Sends a due (or just inserted) delivery now; resolves when the attempt is recorded. */
  attemptNow(row: Delivery): Promise<void>;
  /** Re-reads the earliest due time (after inserts or re-arms). */
  wake(): void;
}

/**
 * Delivers stored webhook rows on the work queue (src-service/work/work-queue.ts): due
 * PENDING rows are picked, each one leased (so two pumps never send the same row), POSTed
 * signed, and its outcome recorded with the next retry time. Rows live in SQLite, so retries
 * survive restarts (docs/choices.md: Webhooks).
 */
export function createDispatcher(repo: WebhooksRepo, schedule: WebhookSchedule, log: (m: string) => void): Dispatcher {
  const source: WorkSource<Delivery> = {
    pick: (running) => repo.dueDeliveries(new Date().toISOString(), BATCH + running.size).find((r) => !running.has(r.id)) ?? null,
    claim: (row) => repo.leaseDelivery(row, new Date(Date.now() + schedule.attemptTimeoutMs + LEASE_MARGIN_MS).toISOString()),
    nextDueAt: () => {
      const at = repo.nextDueAt();
      return at === null ? null : Date.parse(at);
    },
  };
  // A failure (e.g. the database closing at stop) is only logged by the queue: callers fire and forget.
  const queue = createWorkQueue<Delivery>({ name: 'webhook', key: (r) => r.id, source, handle: sendAndRecord, log, maxSleepMs: MAX_SLEEP_MS });

  async function sendAndRecord(row: Delivery, stopping: AbortSignal): Promise<void> {
    const hook = repo.getWebhook(row.accountId);
    if (!hook) {
      repo.recordAttempt(row.id, row.url, 'FAILED', null, { statusCode: null, error: 'The webhook was removed' });
      return;
    }
    const headers = webhookHeaders(hook.secret, row.id, row.payloadJson);
    const timeout = AbortSignal.any([AbortSignal.timeout(schedule.attemptTimeoutMs), stopping]);
    const result = await postWebhook(hook.url, row.payloadJson, headers, timeout, schedule.attemptTimeoutMs);
    if (stopping.aborted) {
      repo.releaseDelivery(row.id);
      return;
    }
    const attempts = row.attempts + 1;
    const next = result.ok ? null : nextAttemptAt(schedule, attempts, Date.now());
    const status = result.ok ? 'DELIVERED' : next === null ? 'FAILED' : 'PENDING';
    repo.recordAttempt(row.id, hook.url, status, next, result);
    if (!result.ok) log(`webhook ${row.id} attempt ${attempts} to ${hook.url} failed: ${result.error ?? ''}`);
  }

  return {
    start: () => queue.start(),
    stop: () => queue.stop(),
    attemptNow: (row) => queue.run(row),
    wake: () => queue.notify(),
  };
}
