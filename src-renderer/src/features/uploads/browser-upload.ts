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
  /**
   * Keep the service's session and the saved plan when `signal` stops the upload or the
   * network fails, so a later call with the same file goes on from the parts the service
   * confirmed (the Uploads screen's Pause, Abort and Retry). Otherwise the session is aborted.
   */
  keepSessionOnStop?: boolean;
  /** Hashing the file to find a stored copy, before anything is sent. */
  onChecking?(): void;
  onStarted?(fileId: string, resumed: boolean): void;
  onProgress?(p: BrowserUploadProgress): void;
}

/** What an upload ended with: the record complete-upload answered, or a stored copy reused. */
export type BrowserUploadResult = Pick<CompletedUpload, 'file_id' | 'status'> & { reused: boolean };

const PART_RETRIES = 3;

/** Sessions this window is sending now (not "interrupted", although their plan is saved). */
const running = new Set<string>();
export const isRunningHere = (fileId: string): boolean => running.has(fileId);

/**
 * Uploads a local file the way the GUI needs it: a stored copy with the same content hash
 * is reused instead; otherwise parts are sent with byte-level progress, at most a few part
 * requests at once across the window, the plan saved so a cut-off upload resumes. When
 * the upload stops, the session is kept for a later resume (`keepSessionOnStop`) or aborted
 * on the service (no orphan). Resolves with the file id and status (usually UPLOADED: the
 * service probes the file next; see waitForStored).
 */
export async function uploadInBrowser(client: FfdeskClient, file: File, opts: BrowserUploadOptions): Promise<BrowserUploadResult> {
  const saved = findResumable(file, opts.isPrivate);
  if (!saved) {
    opts.onChecking?.();
    // Same bytes already stored under the same name and privacy: reuse that file (docs/gui.md, "Uploads").
    const copy = await client.findStoredCopy(file, { filename: file.name, isPrivate: opts.isPrivate, signal: opts.signal });
    if (copy) return { file_id: copy.file_id, status: copy.status, reused: true };
  }
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

async function runPlan(client: FfdeskClient, file: File, plan: SavedUpload, opts: BrowserUploadOptions): Promise<BrowserUploadResult> {
  opts.onStarted?.(plan.fileId, plan.done.length > 0);
  running.add(plan.fileId);
  const release = holdUnload();
  try {
    const parts = await sendParts(file, plan, opts);
    const stored = await client.completeUpload(plan.fileId, parts, opts.signal);
    forgetUpload(plan.fileId);
    return { file_id: stored.file_id, status: stored.status, reused: false };
  } catch (err) {
    if (opts.keepSessionOnStop && isResumable(err, opts.signal)) throw err;
    forgetUpload(plan.fileId);
    // Best effort: free the session on the service; the original error matters more.
    await client.abortUpload(plan.fileId).catch(() => undefined);
    throw err;
  } finally {
    running.delete(plan.fileId);
    release();
  }
}

/** Stopped by the user, or cut off by the network or a service error: the confirmed parts stay useful. A 4xx means the session is gone. */
function isResumable(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const status = (err as { status?: number }).status;
  return status === undefined || status >= 500;
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
