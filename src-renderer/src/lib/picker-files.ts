import type { StoredFile } from '../../../src-service/client';
import { formatDateTime, formatDuration, formatMbytes } from './format';
import { displayName } from './media';
import type { InputKind } from './input-kinds';

/** One row of a file picker: the newest of the stored files with the same content, and how many there are. */
export interface PickerRow {
  file: StoredFile;
  copies: number;
}

/**
 * What a picker offers (docs/gui.md, "Pickers"): stored files of the kinds the command reads
 * (all kinds when `kinds` is null), newest first, identical content (same content hash)
 * collapsed into one row that counts its copies.
 */
export function pickerRows(files: StoredFile[], kinds: readonly InputKind[] | null): PickerRow[] {
  const usable = files
    .filter((f) => f.status === 'STORED' && !f.is_deleted)
    .filter((f) => kinds === null || kinds.includes(f.file_type as InputKind))
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  const rows = new Map<string, PickerRow>();
  for (const f of usable) {
    const key = f.content_hash ?? f.file_id;
    const row = rows.get(key);
    if (row) row.copies++;
    else rows.set(key, { file: f, copies: 1 });
  }
  return [...rows.values()];
}

/** How many stored files the kind filter leaves out (for the "show every kind" switch). */
export function hiddenByKind(files: StoredFile[], kinds: readonly InputKind[]): number {
  return pickerRows(files, null).length - pickerRows(files, kinds).length;
}

/** "big.mp4 · 3 copies · 12.0 MB · 0:10 · 27 Nov 2026, 07:50", plus "private". */
export function describePickerRow({ file, copies }: PickerRow): string {
  return [
    displayName(file),
    copies > 1 ? `${copies} copies` : null,
    formatMbytes(file.size_mbytes),
    file.duration === undefined ? null : formatDuration(file.duration),
    formatDateTime(file.created_at),
    file.is_private ? 'private' : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
