import type { Endpoint } from '../contract/endpoint';
import { eventEndpoints } from '../contract/endpoints/events';
import { isAbortError } from './errors';
import type { CallArgs, ClientAnswer } from './call';
import { createSseParser, type SseMessage } from './sse-parser';
import type { ServiceEvent } from './types';

export interface SubscribeOptions {
  onEvent(event: ServiceEvent): void;
  signal?: AbortSignal;
  lastEventId?: string;
  /** Called when the stream opens, and when it drops (with the error) before reconnecting. */
  onStatus?(status: { connected: boolean; error?: unknown }): void;
  /** A 401 is not retried: the key is wrong and retrying cannot fix it. */
  onUnauthorized?(): void;
  /** First reconnect delay; doubles up to 15 s, reset after a successful connect. */
  retryMs?: number;
}

const KNOWN_TYPES = new Set(['command', 'command.progress', 'file', 'watch']);
const MAX_RETRY_MS = 15_000;

/**
 * Reads `GET /v1/events` with fetch + a stream parser and reconnects with
 * `Last-Event-ID`, so no event is missed across a dropped connection. Resolves when
 * `signal` aborts (or on a 401).
 */
type Call = <E extends Endpoint>(e: E, ...input: CallArgs<E>) => Promise<ClientAnswer<E>>;

export async function subscribeEvents(call: Call, opts: SubscribeOptions): Promise<void> {
  let lastEventId = opts.lastEventId;
  let delay = opts.retryMs ?? 1000;
  while (!opts.signal?.aborted) {
    try {
      await readStream(call, opts, lastEventId, (id) => {
        lastEventId = id;
        delay = opts.retryMs ?? 1000;
      });
      opts.onStatus?.({ connected: false });
    } catch (err) {
      if (isAbortError(err) || opts.signal?.aborted) return;
      if ((err as { status?: number }).status === 401) {
        opts.onUnauthorized?.();
        return;
      }
      opts.onStatus?.({ connected: false, error: err });
    }
    await sleep(delay, opts.signal);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  }
}

async function readStream(call: Call, opts: SubscribeOptions, lastEventId: string | undefined, onId: (id: string) => void): Promise<void> {
  const headers = { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) };
  const res = await call(eventEndpoints.streamEvents, { headers, signal: opts.signal });
  if (!res.body) throw new Error('The event stream answered without a body');
  opts.onStatus?.({ connected: true });
  const parser = createSseParser((msg) => {
    if (msg.id) onId(msg.id);
    const event = toServiceEvent(msg);
    if (event) opts.onEvent(event);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.push(value);
  }
}

/** Unknown event types and malformed data are skipped: newer services may add events. */
export function toServiceEvent(msg: SseMessage): ServiceEvent | null {
  if (!KNOWN_TYPES.has(msg.event)) return null;
  try {
    return { type: msg.event, id: msg.id ?? '', data: JSON.parse(msg.data) } as ServiceEvent;
  } catch {
    return null;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

export { sleep };
