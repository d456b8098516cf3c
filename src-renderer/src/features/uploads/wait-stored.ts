import type { FfdeskClient, StoredFile } from '../../../../src-service/client';
import type { EventHub } from '../../lib/events';

/** Polling fallback when the event stream is down (a reconnect replays missed events too). */
const POLL_MS = 5000;

/**
 * Resolves once an uploaded file is STORED (probed, with its metadata and URL), following
 * the `file` events of the stream; rejects when the service reports it FAILED or deleted.
 * The record is read once right away, so an event that came before the listener is not lost.
 */
export function waitForStored(
  client: FfdeskClient,
  hub: EventHub,
  fileId: string,
  opts: { signal?: AbortSignal; presignedTtlSeconds?: number } = {},
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    let finished = false;
    const finish = (fn: () => void) => {
      if (finished) return;
      finished = true;
      stopListening();
      clearInterval(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const check = () =>
      client.getFile(fileId, { presignedTtlSeconds: opts.presignedTtlSeconds, signal: opts.signal }).then(
        (f) => {
          if (f.is_deleted) finish(() => reject(new Error(`${f.filename ?? fileId} was deleted before it was stored`)));
          else if (f.status === 'STORED') finish(() => resolve(f));
          else if (f.status === 'FAILED') finish(() => reject(new Error(f.external_error_message ?? `${f.filename ?? fileId} could not be stored`)));
        },
        (err: unknown) => finish(() => reject(err instanceof Error ? err : new Error(String(err)))),
      );
    const stopListening = hub.listen((e) => {
      if (e.type === 'file' && e.data.file_id === fileId && (e.data.status === 'STORED' || e.data.status === 'FAILED' || e.data.is_deleted)) void check();
    });
    const timer = setInterval(() => void check(), POLL_MS);
    const onAbort = () => finish(() => reject(new DOMException('Aborted', 'AbortError')));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    void check();
  });
}
