import type { Db } from '../db/open';
import { nowIso } from '../db/time';

/** A stored event as the event stream replays it (`GET /v1/events` with `Last-Event-ID`). */
export interface StoredEvent<T extends string = string> {
  id: number;
  account_id: string;
  type: T;
  data: unknown;
}

/** The `events` table: the event stream's log, with increasing ids; old rows are pruned. */
export function createEventsRepo<T extends string>(db: Db) {
  const insert = db.prepare(`INSERT INTO events (account_id, type, data_json, created_at) VALUES (?, ?, ?, ?)`);
  const since = db.prepare(`SELECT id, account_id, type, data_json FROM events WHERE account_id = ? AND id > ? ORDER BY id LIMIT 10000`);
  const prune = db.prepare(`DELETE FROM events WHERE id <= (SELECT MAX(id) FROM events) - ?`);
  return {
    /** Stores an event and returns its id. */
    append(accountId: string, type: T, data: unknown): number {
      return Number(insert.run(accountId, type, JSON.stringify(data), nowIso()).lastInsertRowid);
    },
    /** Keeps the newest `keep` events. */
    prune(keep: number): void {
      prune.run(keep);
    },
    /** The account's events after `lastId`, oldest first. */
    since(accountId: string, lastId: number): StoredEvent<T>[] {
      return (since.all(accountId, lastId) as { id: number; account_id: string; type: T; data_json: string }[]).map((r) => ({
        id: r.id,
        account_id: r.account_id,
        type: r.type,
        data: JSON.parse(r.data_json) as unknown,
      }));
    },
  };
}
