import { useSyncExternalStore } from 'react';
import type { FfdeskClient } from '../../../../src-service/client';
import { describeError } from '../../ui/ErrorNotice';
import { uploadInBrowser } from './browser-upload';
import { confirmedBytesOf, forgetUpload } from './resume-store';
import { isFinished, type UploadItem } from './upload-stats';

/** Files uploading at once; their part requests share one window-wide cap (part-limiter.ts). */
const FILE_CONCURRENCY = 2;

/** Why a running upload's signal fired: the row's next status. */
type StopReason = 'paused' | 'aborted';

interface Entry {
  item: UploadItem;
  blob: File;
  controller: AbortController;
}

/**
 * The upload queue lives outside React so uploads keep going when the user switches
 * screens. Only Blob slices are read (client.uploadFile), never whole files. Pause and
 * Abort stop sending but keep the service's session, so Resume and Retry send only the
 * parts it has not confirmed (docs/gui.md, "Uploads").
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
  const running = entries.filter((e) => e.item.status === 'uploading' || e.item.status === 'checking').length;
  entries
    .filter((e) => e.item.status === 'queued')
    .slice(0, Math.max(0, FILE_CONCURRENCY - running))
    .forEach((e) => void run(client, e));
}

async function run(client: FfdeskClient, entry: Entry): Promise<void> {
  const { id } = entry.item;
  const { signal } = entry.controller;
  patch(id, { status: 'uploading' });
  try {
    const result = await uploadInBrowser(client, entry.blob, {
      isPrivate: entry.item.isPrivate,
      signal,
      keepSessionOnStop: true,
      onChecking: () => patch(id, { status: 'checking' }),
      onStarted: (fileId, resumed) => patch(id, { fileId, resumed, status: 'uploading' }),
      onProgress: (p) => patch(id, { uploadedBytes: p.uploadedBytes, bytesPerSecond: p.bytesPerSecond }),
    });
    if (result.reused) return await markReused(client, id, result.file_id);
    patch(id, { status: result.status === 'STORED' ? 'done' : 'processing', uploadedBytes: entry.item.size, fileId: result.file_id });
    // The STORED event may have come before complete-upload answered: read the record once.
    if (result.status !== 'STORED')
      void client.getFile(result.file_id).then(
        (f) => applyFileStatus(f.file_id, f.status),
        () => undefined,
      );
  } catch (err) {
    // The row shows what the service confirmed, not bytes of a part cut off mid-way.
    const kept = { bytesPerSecond: 0, uploadedBytes: confirmedBytesOf(entries.find((e) => e.item.id === id)?.item.fileId) };
    const reason = signal.reason as StopReason | undefined;
    patch(id, signal.aborted ? { ...kept, status: reason === 'paused' ? 'paused' : 'aborted' } : { ...kept, status: 'failed', error: describeError(err) });
  } finally {
    pump(client);
  }
}

async function markReused(client: FfdeskClient, id: string, fileId: string): Promise<void> {
  const stored = await client.getFile(fileId).catch(() => undefined);
  patch(id, { status: 'reused', fileId, uploadedBytes: 0, storedAs: stored?.filename });
}

function stop(id: string, reason: StopReason): void {
  const entry = entries.find((e) => e.item.id === id);
  if (!entry) return;
  entry.controller.abort(reason);
  if (entry.item.status === 'queued') patch(id, { status: reason });
}

/** Stops sending; Resume goes on from the last part the service confirmed. */
export const pauseUpload = (id: string): void => stop(id, 'paused');

/** Stops sending and ends the row; the confirmed parts stay on the service (6 h) for Retry, or Discard frees them. */
export const abortUpload = (id: string): void => stop(id, 'aborted');

/** Resume (a paused row) and Retry (an aborted or failed one): the saved plan skips the parts already confirmed. */
export function retryUpload(client: FfdeskClient, id: string): void {
  entries = entries.map((e) => (e.item.id === id ? { ...e, controller: new AbortController(), item: { ...e.item, status: 'queued', error: undefined } } : e));
  publish();
  pump(client);
}

/** Frees the service's session (its parts are deleted; the file ends FAILED / aborted) and drops the row. */
export async function discardUpload(client: FfdeskClient, id: string): Promise<void> {
  const entry = entries.find((e) => e.item.id === id);
  if (!entry) return;
  entries = entries.filter((e) => e !== entry);
  publish();
  if (!entry.item.fileId) return;
  forgetUpload(entry.item.fileId);
  await client.abortUpload(entry.item.fileId).catch(() => undefined);
}

/** Finishes an upload being probed when its `file` event says STORED (or FAILED); listened to app-wide. */
export function applyFileStatus(fileId: string, status: string): void {
  const entry = entries.find((e) => e.item.fileId === fileId && e.item.status === 'processing');
  if (entry && status === 'STORED') patch(entry.item.id, { status: 'done' });
  if (entry && status === 'FAILED') patch(entry.item.id, { status: 'failed', error: 'The service could not probe this file' });
}

export function clearFinished(): void {
  entries = entries.filter((e) => !isFinished(e.item));
  publish();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useUploadQueue(): UploadItem[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}
