import type { EventBus, ServiceEvent } from '../../events/event-bus';

/** One SSE frame: `id:` is the persisted event id, so `Last-Event-ID` resumes exactly. */
export function formatEvent(e: Pick<ServiceEvent, 'id' | 'type' | 'data'>): string {
  return `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;
}

export interface StreamOptions {
  accountId: string;
  /** Replay events after this id first (null: live events only). */
  lastEventId: number | null;
  heartbeatMs: number;
  write(chunk: string): void;
}

/**
 * Streams one account's events: subscribes first and buffers, then replays what the client
 * missed, then flushes the buffer skipping ids already sent, so nothing is lost or doubled
 * between replay and live. Returns the cleanup to call on disconnect.
 */
export function openEventStream(bus: EventBus, opts: StreamOptions): () => void {
  let lastSent = opts.lastEventId ?? 0;
  let buffer: ServiceEvent[] | null = [];
  const send = (e: ServiceEvent) => {
    if (e.account_id !== opts.accountId || e.id <= lastSent) return;
    lastSent = e.id;
    opts.write(formatEvent(e));
  };
  const unsubscribe = bus.subscribe((e) => (buffer ? buffer.push(e) : send(e)));
  opts.write(`retry: 3000\n: connected\n\n`);
  if (opts.lastEventId !== null) for (const e of bus.replay(opts.accountId, opts.lastEventId)) send(e);
  const pending = buffer;
  buffer = null;
  for (const e of pending) send(e);
  // A comment line keeps proxies and idle-timeouts from closing a quiet stream.
  const heartbeat = setInterval(() => opts.write(`: heartbeat ${Date.now()}\n\n`), opts.heartbeatMs);
  heartbeat.unref();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
  };
}
