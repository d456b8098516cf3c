import { EventEmitter } from 'node:events';
import type { Db } from '../db/open';
import { nowIso } from '../db/time';

export type EventType = 'command' | 'command.progress' | 'file' | 'watch';

export interface ServiceEvent {
  id: number;
  account_id: string;
  type: EventType;
  data: unknown;
}

/**
 * Status changes and progress for the GUI and scripts (`GET /v1/events`). Each event is
 * persisted with an increasing id so a client reconnecting with `Last-Event-ID` misses
 * nothing; old rows are pruned.
 */
export function createEventBus(db: Db) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const insert = db.prepare(`INSERT INTO events (account_id, type, data_json, created_at) VALUES (?, ?, ?, ?)`);
  const since = db.prepare(`SELECT id, account_id, type, data_json FROM events WHERE account_id = ? AND id > ? ORDER BY id LIMIT 10000`);
  const prune = db.prepare(`DELETE FROM events WHERE id <= (SELECT MAX(id) FROM events) - ?`);
  let published = 0;

  return {
    publish(accountId: string, type: EventType, data: unknown): void {
      const id = Number(insert.run(accountId, type, JSON.stringify(data), nowIso()).lastInsertRowid);
      if (++published % 1000 === 0) prune.run(50_000);
      emitter.emit('event', { id, account_id: accountId, type, data } satisfies ServiceEvent);
    },
    /** Events after `lastId` (for Last-Event-ID resume). */
    replay(accountId: string, lastId: number): ServiceEvent[] {
      return (since.all(accountId, lastId) as { id: number; account_id: string; type: EventType; data_json: string }[]).map((r) => ({
        id: r.id,
        account_id: r.account_id,
        type: r.type,
        data: JSON.parse(r.data_json) as unknown,
      }));
    },
    subscribe(listener: (e: ServiceEvent) => void): () => void {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
