import type { WebhooksRepo, DeliveryRow } from './webhooks-repo';
import { nextAttemptAt, type WebhookSchedule } from './schedule';
import { webhookHeaders } from './signing';
import { postWebhook } from './send';

/** The timer never sleeps longer than this, so rows written by another process are picked up too. */
const MAX_SLEEP_MS = 60_000;
/** A leased row becomes due again this long after its attempt's timeout (a crash mid-attempt). */
const LEASE_MARGIN_MS = 30_000;
const BATCH = 16;

export interface Dispatcher {
  start(): void;
  stop(): Promise<void>;
  /** Sends a due (or just inserted) delivery now; resolves when the attempt is recorded. */
  attemptNow(row: DeliveryRow): Promise<void>;
  /** Re-reads the earliest due time (after inserts or re-arms). */
  wake(): void;
}

/**
 * Delivers stored webhook rows: a timer picks due PENDING rows, leases each one (so two
 * pumps never send the same row), POSTs it signed, and records the outcome with the next
 * retry time. Rows live in SQLite, so retries survive restarts (docs/decisions.md: Webhooks).
 */
export function createDispatcher(repo: WebhooksRepo, schedule: WebhookSchedule, log: (m: string) => void): Dispatcher {
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  function wake(): void {
    if (!running) return;
    clearTimeout(timer);
    const at = repo.nextDueAt();
    const wait = at === null ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, Date.parse(at) - Date.now()));
    timer = setTimeout(pump, wait);
    timer.unref();
  }

  function pump(): void {
    for (const row of repo.dueDeliveries(new Date().toISOString(), BATCH)) void attemptNow(row);
    wake();
  }

  function attemptNow(row: DeliveryRow): Promise<void> {
    const existing = inFlight.get(row.id);
    if (existing) return existing;
    const leaseUntil = new Date(Date.now() + schedule.attemptTimeoutMs + LEASE_MARGIN_MS).toISOString();
    if (!repo.leaseDelivery(row, leaseUntil)) return Promise.resolve();
    // Never rejects: callers fire and forget; a failure here (e.g. the database closing at stop) is only logged.
    const done = sendAndRecord(row)
      .catch((err: unknown) => log(`webhook ${row.id}: ${(err as Error)?.message ?? String(err)}`))
      .finally(() => {
        inFlight.delete(row.id);
        wake();
      });
    inFlight.set(row.id, done);
    return done;
  }

  async function sendAndRecord(row: DeliveryRow): Promise<void> {
    const hook = repo.getWebhook(row.account_id);
    if (!hook) {
      repo.recordAttempt(row.id, row.url, 'FAILED', null, { statusCode: null, error: 'The webhook was removed' });
      return;
    }
    const headers = webhookHeaders(hook.secret, row.id, row.payload_json);
    const timeout = AbortSignal.any([AbortSignal.timeout(schedule.attemptTimeoutMs), stopping.signal]);
    const result = await postWebhook(hook.url, row.payload_json, headers, timeout, schedule.attemptTimeoutMs);
    if (stopping.signal.aborted) {
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
    start() {
      running = true;
      pump();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      stopping.abort();
      await Promise.allSettled([...inFlight.values()]);
    },
    attemptNow,
    wake,
  };
}
