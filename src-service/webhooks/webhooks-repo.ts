import type { DeliveryStatus } from '../contract/enums';
import type { Db } from '../db/open';
import { nowIso } from '../db/time';

export type { DeliveryStatus };

/** An account's webhook: where finished commands are posted, and the secret that signs them. */
export interface Webhook {
  accountId: string;
  url: string;
  secret: string;
  createdAt: string;
}

/** One finished command to post, with its retry state. */
export interface Delivery {
  id: string;
  accountId: string;
  commandId: string;
  url: string;
  /** The body exactly as it is signed and sent, so a retry sends the same bytes. */
  payloadJson: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

interface WebhookRow {
  account_id: string;
  url: string;
  secret: string;
  created_at: string;
}

interface DeliveryRow {
  id: string;
  account_id: string;
  command_id: string;
  url: string;
  payload_json: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

const toWebhook = (r: WebhookRow): Webhook => ({ accountId: r.account_id, url: r.url, secret: r.secret, createdAt: r.created_at });

const toDelivery = (r: DeliveryRow): Delivery => ({
  id: r.id,
  accountId: r.account_id,
  commandId: r.command_id,
  url: r.url,
  payloadJson: r.payload_json,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const one = <R, T>(map: (r: R) => T, r: unknown): T | undefined => (r === undefined ? undefined : map(r as R));
const all = (rs: unknown[]): Delivery[] => (rs as DeliveryRow[]).map(toDelivery);

export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
}

/** SQL of the `webhooks` and `webhook_deliveries` tables (schema 1), prepared once. */
export function createWebhooksRepo(db: Db) {
  const get = db.prepare(`SELECT * FROM webhooks WHERE account_id = ?`);
  const upsert = db.prepare(
    `INSERT INTO webhooks (account_id, url, secret, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(account_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, created_at = excluded.created_at`,
  );
  const remove = db.prepare(`DELETE FROM webhooks WHERE account_id = ?`);
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, account_id, command_id, url, payload_json, status, attempts, next_attempt_at, created_at, updated_at)
     VALUES (@id, @account_id, @command_id, @url, @payload_json, 'PENDING', 0, @now, @now, @now)`,
  );
  const getDelivery = db.prepare(`SELECT * FROM webhook_deliveries WHERE id = ? AND account_id = ?`);
  const listDeliveries = db.prepare(`SELECT * FROM webhook_deliveries WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`);
  const due = db.prepare(`SELECT * FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`);
  const nextDue = db.prepare(`SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE status = 'PENDING'`);
  // A lease: while an attempt is in flight its row is not due, and a crash mid-attempt makes it due again later.
  const lease = db.prepare(`UPDATE webhook_deliveries SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND status = 'PENDING' AND next_attempt_at = ?`);
  const release = db.prepare(`UPDATE webhook_deliveries SET next_attempt_at = ?, updated_at = ? WHERE id = ? AND status = 'PENDING'`);
  const record = db.prepare(
    `UPDATE webhook_deliveries SET status = @status, attempts = attempts + 1, next_attempt_at = @next, url = @url,
       last_status_code = @code, last_error = @error, updated_at = @now WHERE id = @id AND status = 'PENDING'`,
  );
  const prune = db.prepare(`DELETE FROM webhook_deliveries WHERE status != 'PENDING' AND updated_at < ?`);
  const rearm = db.prepare(
    `UPDATE webhook_deliveries SET status = 'PENDING', attempts = 0, next_attempt_at = ?, url = ?, updated_at = ? WHERE id = ? AND account_id = ?`,
  );

  return {
    getWebhook: (accountId: string) => one(toWebhook, get.get(accountId)),
    setWebhook: (accountId: string, url: string, secret: string) => upsert.run(accountId, url, secret, nowIso()),
    removeWebhook: (accountId: string) => remove.run(accountId).changes > 0,
    insertDelivery(d: Pick<Delivery, 'id' | 'accountId' | 'commandId' | 'url' | 'payloadJson'>): void {
      insertDelivery.run({ id: d.id, account_id: d.accountId, command_id: d.commandId, url: d.url, payload_json: d.payloadJson, now: nowIso() });
    },
    getDelivery: (accountId: string, id: string) => one(toDelivery, getDelivery.get(id, accountId)),
    listDeliveries: (accountId: string, limit: number, offset: number) => all(listDeliveries.all(accountId, limit, offset)),
    dueDeliveries: (nowIsoStr: string, limit: number) => all(due.all(nowIsoStr, limit)),
    nextDueAt: () => (nextDue.get() as { at: string | null }).at,
    leaseDelivery: (d: Delivery, untilIso: string): boolean => lease.run(untilIso, nowIso(), d.id, d.nextAttemptAt).changes === 1,
    /** Makes a leased row due now again (an attempt interrupted by a stop does not count). */
    releaseDelivery: (id: string) => release.run(nowIso(), nowIso(), id),
    recordAttempt(id: string, url: string, status: DeliveryStatus, next: string | null, result: AttemptResult): void {
      record.run({ id, url, status, next, code: result.statusCode, error: result.error, now: nowIso() });
    },
    /** Finished deliveries older than `beforeIso` leave the log (it would grow forever otherwise). */
    pruneDeliveries: (beforeIso: string) => prune.run(beforeIso).changes,
    rearmDelivery: (accountId: string, id: string, url: string): boolean => rearm.run(nowIso(), url, nowIso(), id, accountId).changes === 1,
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
