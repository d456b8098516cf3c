import type { StoredFile } from '../../../../src-service/client';

export type SortKey = 'created_at' | 'filename' | 'file_type' | 'file_format' | 'dimensions' | 'duration' | 'codec' | 'size_mbytes' | 'is_private' | 'status';

/**
 * Which files the table shows by state: stored ones by default; unfinished uploads and
 * fetches, and failed or aborted ones, only when asked (docs/gui.md, "Files").
 */
export type FileState = 'stored' | 'unfinished' | 'failed' | 'all';

export function stateOf(f: StoredFile): Exclude<FileState, 'all'> {
  return f.status === 'STORED' ? 'stored' : f.status === 'FAILED' ? 'failed' : 'unfinished';
}

/** The state in an editor's words, for the Status column. */
export function stateLabel(f: StoredFile): string {
  if (f.status === 'STORED') return 'Stored';
  if (f.status === 'FAILED') return f.error_status === 'UPLOAD_ABORTED' ? 'Upload discarded' : 'Failed';
  if (f.status === 'UPLOADING') return 'Unfinished upload';
  if (f.status === 'UPLOADED') return 'Reading media';
  return 'Fetching from URL';
}
export interface Sort {
  key: SortKey;
  isAscending: boolean;
}

export interface FileQuery {
  search: string;
  type: string;
  sort: Sort;
  /** Absent: every state. */
  state?: FileState;
}

function sortValue(f: StoredFile, key: SortKey): string | number {
  switch (key) {
    case 'dimensions':
      return (f.width ?? 0) * (f.height ?? 0);
    case 'is_private':
      return f.is_private ? 1 : 0;
    case 'filename':
      return (f.filename ?? '').toLowerCase();
    case 'status':
      return stateLabel(f);
    default:
      return f[key] ?? (key === 'duration' || key === 'size_mbytes' ? -1 : '');
  }
}

function matches(f: StoredFile, q: FileQuery, needle: string): boolean {
  if (q.type && f.file_type !== q.type) return false;
  if (q.state && q.state !== 'all' && stateOf(f) !== q.state) return false;
  if (!needle) return true;
  return [f.filename, f.file_id, f.codec, f.file_format, f.mime_type].some((v) => v?.toLowerCase().includes(needle));
}

/** Search, type filter and a stable sort (ties keep the service's newest-first order). */
export function queryFiles(files: StoredFile[], q: FileQuery): StoredFile[] {
  const needle = q.search.trim().toLowerCase();
  const dir = q.sort.isAscending ? 1 : -1;
  return files
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => matches(f, q, needle))
    .sort((a, b) => {
      const x = sortValue(a.f, q.sort.key);
      const y = sortValue(b.f, q.sort.key);
      return x < y ? -dir : x > y ? dir : a.i - b.i;
    })
    .map(({ f }) => f);
}

/** Shift-click selects the range between the anchor and the clicked row. */
export function selectRange(ids: string[], anchor: string, target: string): string[] {
  const a = ids.indexOf(anchor);
  const b = ids.indexOf(target);
  if (a === -1 || b === -1) return [target];
  return ids.slice(Math.min(a, b), Math.max(a, b) + 1);
}

/** Bulk delete takes 1 to 1000 ids per call (docs/api.md §4.11) and refuses playlist manifests, which would orphan their segments (docs/choices.md, Endpoints). */
export function planBulkDelete(files: StoredFile[]): { batches: string[][]; manifests: StoredFile[] } {
  const manifests = files.filter((f) => f.file_type === 'output_manifest');
  const ids = files.filter((f) => f.file_type !== 'output_manifest').map((f) => f.file_id);
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += 1000) batches.push(ids.slice(i, i + 1000));
  return { batches, manifests };
}
