import type { StoredFile } from '../../../../src-service/client';
import { formatDuration, formatMbytes, formatRelative } from '../../lib/format';
import { displayName, sizeLabel } from '../../lib/media';
import { stateLabel, type SortKey } from './files-query';

export interface Column {
  key: SortKey;
  label: string;
  render(f: StoredFile): string;
  /** The grid track of this column. */
  width: string;
  /** Kept in a narrow table (docs/gui.md, "Files"): the rest is in the file's panel. */
  isNarrow?: boolean;
}

export const COLUMNS: Column[] = [
  { key: 'filename', label: 'Name', render: displayName, width: 'minmax(140px, 2.4fr)', isNarrow: true },
  { key: 'file_type', label: 'Type', render: (f) => f.file_type ?? '—', width: '70px' },
  { key: 'file_format', label: 'Format', render: (f) => f.file_format ?? '—', width: '70px' },
  { key: 'dimensions', label: 'Picture', render: (f) => sizeLabel(f) ?? '—', width: '96px', isNarrow: true },
  { key: 'duration', label: 'Duration', render: (f) => (f.duration === undefined ? '—' : formatDuration(f.duration)), width: '76px', isNarrow: true },
  { key: 'codec', label: 'Codec', render: (f) => f.codec ?? '—', width: '80px' },
  { key: 'size_mbytes', label: 'Size', render: (f) => formatMbytes(f.size_mbytes), width: '76px', isNarrow: true },
  { key: 'is_private', label: 'Access', render: (f) => (f.is_private ? 'Private' : 'Public'), width: '64px' },
  { key: 'created_at', label: 'Added', render: (f) => formatRelative(f.created_at), width: '96px', isNarrow: true },
];

const STATUS: Column = { key: 'status', label: 'Status', render: stateLabel, width: '100px', isNarrow: true };

/** Below this table width the narrow columns alone are shown, so nothing scrolls sideways. */
export const NARROW_TABLE_PX = 900;

/**
 * The columns and the grid template (checkbox first) shared by header and rows. The Status
 * column joins (after the name) only when the table shows more than stored files; a narrow
 * table keeps the columns an editor sorts by and leaves type, format, codec and access to the panel
 * (the type filter still works).
 */
export function columnsFor(showStatus: boolean, isNarrow = false): { columns: Column[]; template: string } {
  const all = showStatus ? [COLUMNS[0]!, STATUS, ...COLUMNS.slice(1)] : COLUMNS;
  const columns = isNarrow ? all.filter((c) => c.isNarrow) : all;
  return { columns, template: ['32px', ...columns.map((c) => c.width)].join(' ') };
}
