import { useSyncExternalStore } from 'react';
import type { FfdeskClient } from '../../../../src-service/client';
import { describeError } from '../../ui/ErrorNotice';
import { uploadInBrowser } from './browser-upload';
import type { UploadItem } from './upload-stats';

/** Files uploading at once; their part requests share one window-wide cap (part-limiter.ts). */
const FILE_CONCURRENCY = 2;

interface Entry {
  item: UploadItem;
  blob: File;
  controller: AbortController;
}

/**
 * The upload queue lives outside React so uploads keep going when the user switches
 * screens. Only Blob slices are read (client.uploadFile), never whole files.
 */
let entries: Entry[] = [];
let snapshot: UploadItem[] = [];
const listeners = new Set<() => void>();
let seq = 0;

function publish(): void {
  snapshot = entries.map((e) => e.item);
  listeners.forEach((l) => l());
}

function patch(id: string, change: Partial<UploadItem>): void {
  entries = entries.map((e) => (e.item.id === id ? { ...e, item: { ...e.item, ...change } } : e));
  publish();
}

export function enqueueUploads(client: FfdeskClient, files: File[], isPrivate: boolean): void {
  for (const blob of files) {
    const item: UploadItem = { id: `u${++seq}`, name: blob.name, size: blob.size, uploadedBytes: 0, bytesPerSecond: 0, status: 'queued', isPrivate };
    entries = [...entries, { item, blob, controller: new AbortController() }];
  }
  publish();
  pump(client);
}

function pump(client: FfdeskClient): void {
  const running = entries.filter((e) => e.item.status === 'uploading').length;
  entries
    .filter((e) => e.item.status === 'queued')
    .slice(0, Math.max(0, FILE_CONCURRENCY - running))
    .forEach((e) => void run(client, e));
}

async function run(client: FfdeskClient, entry: Entry): Promise<void> {
  const { id } = entry.item;
  patch(id, { status: 'uploading' });
  try {
    const stored = await uploadInBrowser(client, entry.blob, {
      isPrivate: entry.item.isPrivate,
      signal: entry.controller.signal,
      onStarted: (fileId, resumed) => patch(id, { fileId, resumed }),
      onProgress: (p) => patch(id, { uploadedBytes: p.uploadedBytes, bytesPerSecond: p.bytesPerSecond }),
    });
    patch(id, { status: stored.status === 'STORED' ? 'done' : 'processing', uploadedBytes: entry.item.size, fileId: stored.file_id });
    // The STORED event may have come before complete-upload answered: read the record once.
    if (stored.status !== 'STORED')
      void client.getFile(stored.file_id).then(
        (f) => applyFileStatus(f.file_id, f.status),
        () => undefined,
      );
  } catch (err) {
    patch(id, entry.controller.signal.aborted ? { status: 'aborted' } : { status: 'failed', error: describeError(err) });
  } finally {
    pump(client);
  }
}

export function abortUpload(id: string): void {
  const entry = entries.find((e) => e.item.id === id);
  if (!entry) return;
  entry.controller.abort();
  if (entry.item.status === 'queued') patch(id, { status: 'aborted' });
}

export function retryUpload(client: FfdeskClient, id: string): void {
  entries = entries.map((e) =>
    e.item.id === id ? { ...e, controller: new AbortController(), item: { ...e.item, status: 'queued', uploadedBytes: 0, error: undefined } } : e,
  );
  publish();
  pump(client);
}

/** Finishes an upload being probed when its `file` event says STORED (or FAILED); listened to app-wide. */
export function applyFileStatus(fileId: string, status: string): void {
  const entry = entries.find((e) => e.item.fileId === fileId && e.item.status === 'processing');
  if (entry && status === 'STORED') patch(entry.item.id, { status: 'done' });
  if (entry && status === 'FAILED') patch(entry.item.id, { status: 'failed', error: 'The service could not probe this file' });
}

export function clearFinished(): void {
  entries = entries.filter((e) => e.item.status === 'queued' || e.item.status === 'uploading' || e.item.status === 'processing');
  publish();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useUploadQueue(): UploadItem[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}
