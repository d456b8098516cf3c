import { ApiError, isAbortError } from './errors';
import { send, type Http } from './http';
import { sleep } from './events';
import { createRateMeter, planParts, type PartPlan } from './upload-plan';
import type { InitUploadRequest, InitUploadResponse, UploadedPart } from './types';
import type { z } from 'zod';
import type { AbortUploadResponse, CompleteUploadResponse } from '../contract/records.schema';

export interface UploadProgress {
  uploadedBytes: number;
  totalBytes: number;
  bytesPerSecond: number;
}

export interface UploadOptions {
  /** Defaults to the File's name; required for a plain Blob. */
  filename?: string;
  isPrivate?: boolean;
  partSize?: number;
  partConcurrency?: number;
  retries?: number;
  onProgress?(p: UploadProgress): void;
  /** Called once init-upload answered, so a caller can show (and abort) the file id. */
  onStarted?(fileId: string): void;
  signal?: AbortSignal;
}

interface UploadApi {
  initUpload(body: InitUploadRequest, signal?: AbortSignal): Promise<InitUploadResponse>;
  completeUpload(fileId: string, parts: UploadedPart[], signal?: AbortSignal): Promise<z.output<typeof CompleteUploadResponse>>;
  abortUpload(fileId: string): Promise<z.output<typeof AbortUploadResponse>>;
}

/**
 * Direct upload (docs/api.md §4.8): init-upload, then parallel part PUTs (no key header; each
 * answers an ETag), then complete-upload. Parts are Blob slices, so a large file is
 * never read into memory at once. On abort or final failure the session is aborted.
 */
export async function uploadFile(http: Http, api: UploadApi, blob: Blob, opts: UploadOptions = {}): Promise<z.output<typeof CompleteUploadResponse>> {
  const filename = opts.filename ?? (blob as Blob & { name?: string }).name ?? 'upload.bin';
  const init = await api.initUpload(
    { filename, size_bytes: blob.size, is_private: opts.isPrivate, ...(opts.partSize ? { part_size: opts.partSize } : {}) },
    opts.signal,
  );
  opts.onStarted?.(init.file_id);
  try {
    const parts = await sendParts(http, blob, init, opts);
    return await api.completeUpload(init.file_id, parts, opts.signal);
  } catch (err) {
    // Best effort: free the session's parts on the server; the original error matters more.
    await api.abortUpload(init.file_id).catch(() => undefined);
    throw err;
  }
}

async function sendParts(http: Http, blob: Blob, init: InitUploadResponse, opts: UploadOptions): Promise<UploadedPart[]> {
  const plan = planParts(blob.size, init.part_size, init.upload_urls.length);
  const done: UploadedPart[] = [];
  const meter = createRateMeter();
  let uploaded = 0;
  const report = () => opts.onProgress?.({ uploadedBytes: uploaded, totalBytes: blob.size, bytesPerSecond: meter.record(uploaded) });
  report();
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const part = plan[next++]!;
      const etag = await putPartWithRetry(http, init.upload_urls[part.partNumber - 1]!, blob, part, opts);
      done.push({ part_number: part.partNumber, etag });
      uploaded += part.end - part.start;
      report();
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(opts.partConcurrency ?? 4, plan.length)) }, worker);
  await Promise.all(workers);
  return done.sort((a, b) => a.part_number - b.part_number);
}

async function putPartWithRetry(http: Http, url: string, blob: Blob, part: PartPlan, opts: UploadOptions): Promise<string> {
  const retries = opts.retries ?? 3;
  for (let attempt = 0; ; attempt++) {
    try {
      return await putPart(http, url, blob.slice(part.start, part.end), opts.signal);
    } catch (err) {
      const retriable = !isAbortError(err) && !(err instanceof ApiError && err.status < 500 && err.status !== 408 && err.status !== 429);
      if (!retriable || attempt >= retries || opts.signal?.aborted) throw err;
      await sleep(500 * 2 ** attempt, opts.signal);
    }
  }
}

async function putPart(http: Http, url: string, chunk: Blob, signal?: AbortSignal): Promise<string> {
  // Part URLs carry their own signature (docs/api.md §4.8 b): no X-API-KEY header.
  const res = await send(http.fetch, url, { method: 'PUT', body: chunk, signal });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const detail = (body as { detail?: unknown } | null)?.detail;
    throw new ApiError(res.status, typeof detail === 'string' ? detail : `Part upload failed (HTTP ${res.status})`, body);
  }
  const etag = res.headers.get('ETag');
  if (!etag) throw new ApiError(res.status, 'The part upload answered without an ETag header', null);
  return etag;
}
