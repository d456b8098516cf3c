/**
 * `paused` and `aborted` both keep the parts the service confirmed (Resume and Retry go on
 * from there); `reused` is a file already stored with the same content, nothing sent.
 */
export type UploadStatus = 'queued' | 'checking' | 'uploading' | 'paused' | 'processing' | 'done' | 'reused' | 'failed' | 'aborted';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  uploadedBytes: number;
  bytesPerSecond: number;
  status: UploadStatus;
  isPrivate: boolean;
  error?: string;
  fileId?: string;
  /** Continued from parts sent earlier (a pause, an abort, a reload: resume-store.ts). */
  resumed?: boolean;
  /** For a reused file: the name it is stored under. */
  storedAs?: string;
}

export const isActive = (i: UploadItem): boolean => i.status === 'queued' || i.status === 'checking' || i.status === 'uploading';

/** Finished one way or another: what "Clear finished" removes (a kept session then shows under Interrupted uploads). */
export const isFinished = (i: UploadItem): boolean => i.status === 'done' || i.status === 'reused' || i.status === 'failed' || i.status === 'aborted';

/** Seconds left at the current rate; null when nothing moves yet. */
export function etaOf(remainingBytes: number, bytesPerSecond: number): number | null {
  if (remainingBytes <= 0) return 0;
  return bytesPerSecond > 0 ? remainingBytes / bytesPerSecond : null;
}

/** Totals over the uploads still moving (finished ones do not dilute speed or ETA). */
export function totalsOf(items: UploadItem[]) {
  const active = items.filter(isActive);
  const totalBytes = active.reduce((s, i) => s + i.size, 0);
  const uploadedBytes = active.reduce((s, i) => s + i.uploadedBytes, 0);
  const bytesPerSecond = active.reduce((s, i) => s + (i.status === 'uploading' ? i.bytesPerSecond : 0), 0);
  return {
    count: active.length,
    totalBytes,
    uploadedBytes,
    bytesPerSecond,
    percent: totalBytes > 0 ? (100 * uploadedBytes) / totalBytes : 100,
    etaSeconds: etaOf(totalBytes - uploadedBytes, bytesPerSecond),
  };
}
