import type { StoredFile } from '../../../../src-service/client';
import { formatDuration, formatMbytes, formatRelative } from '../../lib/format';
import { displayName } from '../../lib/media';
import { stateLabel, type SortKey } from './files-query';

export interface Column {
  key: SortKey;
  label: string;
  render(f: StoredFile): string;
}

export const COLUMNS: Column[] = [
  { key: 'filename', label: 'Name', render: displayName },
  { key: 'file_type', label: 'Type', render: (f) => f.file_type ?? '—' },
  { key: 'file_format', label: 'Format', render: (f) => f.file_format ?? '—' },
  { key: 'dimensions', label: 'Size (px)', render: (f) => (f.width && f.height ? `${f.width}×${f.height}` : '—') },
  { key: 'duration', label: 'Duration', render: (f) => (f.duration === undefined ? '—' : formatDuration(f.duration)) },
  { key: 'codec', label: 'Codec', render: (f) => f.codec ?? '—' },
  { key: 'size_mbytes', label: 'Size', render: (f) => formatMbytes(f.size_mbytes) },
  { key: 'is_private', label: 'Access', render: (f) => (f.is_private ? 'Private' : 'Public') },
  { key: 'created_at', label: 'Added', render: (f) => formatRelative(f.created_at) },
];

/** Checkbox + the columns above; one template shared by header and rows. */
export const GRID_TEMPLATE = '36px minmax(180px, 2.4fr) 80px 70px 96px 80px 80px 84px 64px 110px';

const STATUS: Column = { key: 'status', label: 'Status', render: stateLabel };

/** The Status column joins (after the name) only when the table shows more than stored files. */
export function columnsFor(showStatus: boolean): { columns: Column[]; template: string } {
  if (!showStatus) return { columns: COLUMNS, template: GRID_TEMPLATE };
  return { columns: [COLUMNS[0]!, STATUS, ...COLUMNS.slice(1)], template: GRID_TEMPLATE.replace('2.4fr) ', '2.4fr) 130px ') };
}
