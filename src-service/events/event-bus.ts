import { EventEmitter } from 'node:events';
import type { Db } from '../db/open';
import { createEventsRepo } from './events-repo';

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
  const log = createEventsRepo<EventType>(db);
  let published = 0;

  return {
    publish(accountId: string, type: EventType, data: unknown): void {
      const id = log.append(accountId, type, data);
      if (++published % 1000 === 0) log.prune(50_000);
      emitter.emit('event', { id, account_id: accountId, type, data } satisfies ServiceEvent);
    },
    /** Events after `lastId` (for Last-Event-ID resume). */
    replay(accountId: string, lastId: number): ServiceEvent[] {
      return log.since(accountId, lastId);
    },
    subscribe(listener: (e: ServiceEvent) => void): () => void {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
