import type { UploadedPart } from '../../../../src-service/client';

/**
 * Upload plans kept in localStorage so an upload cut off by a reload, a crash or a closed
 * window can go on from the parts already sent: the service keeps an unfinished upload
 * session (and its part URLs) for 6 hours (docs/gui.md).
 */
export interface SavedUpload {
  fileId: string;
  name: string;
  size: number;
  lastModified: number;
  isPrivate: boolean;
  partSize: number;
  uploadUrls: string[];
  /** Parts the service confirmed (ETag); they are skipped on resume. */
  done: UploadedPart[];
  startedAt: number;
}

const STORAGE_KEY = 'ffdesk.uploads.v1';
/** A little under the service's 6 h session, so a resume never starts on a dying session. */
export const RESUME_WINDOW_MS = 5.5 * 3600_000;

function readAll(): SavedUpload[] {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as SavedUpload[]).filter((u) => Date.now() - u.startedAt < RESUME_WINDOW_MS) : [];
  } catch {
    return [];
  }
}

function writeAll(list: SavedUpload[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled: uploads still work, they just cannot be resumed.
  }
}

export function savedUploads(): SavedUpload[] {
  return readAll();
}

export function saveUpload(u: SavedUpload): void {
  writeAll([...readAll().filter((x) => x.fileId !== u.fileId), u]);
}

export function markPartDone(fileId: string, part: UploadedPart): void {
  writeAll(readAll().map((u) => (u.fileId === fileId ? { ...u, done: [...u.done.filter((p) => p.part_number !== part.part_number), part] } : u)));
}

export function forgetUpload(fileId: string): void {
  writeAll(readAll().filter((u) => u.fileId !== fileId));
}

/** The saved plan for this very file (same name, size and modification time), if any. */
export function findResumable(file: File, isPrivate: boolean): SavedUpload | undefined {
  return readAll().find((u) => u.name === file.name && u.size === file.size && u.lastModified === file.lastModified && u.isPrivate === isPrivate);
}

/** Bytes the service confirmed for a saved upload (its done parts; the last part may be short). */
export function confirmedBytes(u: SavedUpload): number {
  return u.done.reduce((sum, p) => sum + Math.min(u.partSize, u.size - (p.part_number - 1) * u.partSize), 0);
}

/** Confirmed bytes of the saved upload with this file id; 0 when none is saved. */
export function confirmedBytesOf(fileId: string | undefined): number {
  const saved = fileId ? readAll().find((u) => u.fileId === fileId) : undefined;
  return saved ? confirmedBytes(saved) : 0;
}
