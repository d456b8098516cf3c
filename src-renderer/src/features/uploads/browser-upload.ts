import { createRateMeter, isAbortError, planParts, type FfdeskClient, type CompletedUpload, type UploadedPart } from '../../../../src-service/client';
import { withPartSlot } from './part-limiter';
import { findResumable, forgetUpload, markPartDone, saveUpload, type SavedUpload } from './resume-store';
import { holdUnload } from './unload-guard';
import { xhrPut } from './xhr-put';

export interface BrowserUploadProgress {
  uploadedBytes: number;
  totalBytes: number;
  bytesPerSecond: number;
}

export interface BrowserUploadOptions {
  isPrivate: boolean;
  signal?: AbortSignal;
  onStarted?(fileId: string, resumed: boolean): void;
  onProgress?(p: BrowserUploadProgress): void;
}

const PART_RETRIES = 3;

/** Sessions this window is sending now (not "interrupted", although their plan is saved). */
const running = new Set<string>();
export const isRunningHere = (fileId: string): boolean => running.has(fileId);

/**
 * Uploads a local file the way the GUI needs it: parts sent with byte-level progress,
 * at most a few part requests at once across the window, the plan saved so a cut-off
 * upload resumes, and the session aborted on the service when the upload fails or is
 * aborted (no orphan). Resolves with the record complete-upload answered (usually
 * UPLOADED: the service probes the file next; see waitForStored).
 */
export async function uploadInBrowser(client: FfdeskClient, file: File, opts: BrowserUploadOptions): Promise<CompletedUpload> {
  const saved = findResumable(file, opts.isPrivate);
  // The same file dropped twice: the second upload is its own, not a resume of the first.
  if (saved && !running.has(saved.fileId)) {
    try {
      return await runPlan(client, file, saved, opts);
    } catch (err) {
      // The service no longer holds that session (expired, finished elsewhere): start afresh.
      const status = (err as { status?: number }).status;
      if (opts.signal?.aborted || status === undefined || status >= 500) throw err;
    }
  }
  return runPlan(client, file, await startPlan(client, file, opts), opts);
}

async function runPlan(client: FfdeskClient, file: File, plan: SavedUpload, opts: BrowserUploadOptions): Promise<CompletedUpload> {
  opts.onStarted?.(plan.fileId, plan.done.length > 0);
  running.add(plan.fileId);
  const release = holdUnload();
  try {
    const parts = await sendParts(file, plan, opts);
    const stored = await client.completeUpload(plan.fileId, parts, opts.signal);
    forgetUpload(plan.fileId);
    return stored;
  } catch (err) {
    forgetUpload(plan.fileId);
    // Best effort: free the session on the service; the original error matters more.
    await client.abortUpload(plan.fileId).catch(() => undefined);
    throw err;
  } finally {
    running.delete(plan.fileId);
    release();
  }
}

async function startPlan(client: FfdeskClient, file: File, opts: BrowserUploadOptions): Promise<SavedUpload> {
  const init = await client.initUpload({ filename: file.name, size_bytes: file.size, is_private: opts.isPrivate }, opts.signal);
  const plan: SavedUpload = {
    fileId: init.file_id,
    name: file.name,
    size: file.size,
    lastModified: file.lastModified,
    isPrivate: opts.isPrivate,
    partSize: init.part_size,
    uploadUrls: init.upload_urls,
    done: [],
    startedAt: Date.now(),
  };
  saveUpload(plan);
  return plan;
}

async function sendParts(file: File, plan: SavedUpload, opts: BrowserUploadOptions): Promise<UploadedPart[]> {
  const parts = planParts(file.size, plan.partSize, plan.uploadUrls.length);
  const done = new Map(plan.done.map((p) => [p.part_number, p]));
  const sent = new Map<number, number>(parts.filter((p) => done.has(p.partNumber)).map((p) => [p.partNumber, p.end - p.start]));
  const meter = createRateMeter();
  const report = () => {
    const uploadedBytes = [...sent.values()].reduce((a, b) => a + b, 0);
    opts.onProgress?.({ uploadedBytes, totalBytes: file.size, bytesPerSecond: meter.record(uploadedBytes) });
  };
  report();
  // One failed part stops the others of this file at once.
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  // Every part waits for a window-wide slot; parts of one file still go in order.
  await Promise.all(
    parts
      .filter((p) => !done.has(p.partNumber))
      .map((p) =>
        withPartSlot(async () => {
          const etag = await putWithRetry(
            plan.uploadUrls[p.partNumber - 1]!,
            file.slice(p.start, p.end),
            (n) => {
              sent.set(p.partNumber, n);
              report();
            },
            signal,
          );
          const part = { part_number: p.partNumber, etag };
          done.set(p.partNumber, part);
          markPartDone(plan.fileId, part);
        }, signal).catch((err: unknown) => {
          stop.abort();
          throw err;
        }),
      ),
  );
  return [...done.values()].sort((a, b) => a.part_number - b.part_number);
}

async function putWithRetry(url: string, chunk: Blob, onBytes: (n: number) => void, signal?: AbortSignal): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await xhrPut(url, chunk, onBytes, signal);
    } catch (err) {
      const status = (err as { status?: number }).status;
      const retriable = !isAbortError(err) && (status === undefined || status >= 500 || status === 408 || status === 429);
      if (!retriable || attempt >= PART_RETRIES || signal?.aborted) throw err;
      onBytes(0);
      await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
    }
  }
}
