import type { StoredFile } from '../../../../src-service/client';
import { formatDuration, formatMbytes, formatRelative } from '../../lib/format';
import { displayName } from '../../lib/media';
import type { SortKey } from './files-query';

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
  { key: 'is_private', label: 'Private', render: (f) => (f.is_private ? 'Yes' : '') },
  { key: 'created_at', label: 'Added', render: (f) => formatRelative(f.created_at) },
];

/** Checkbox + the columns above; one template shared by header and rows. */
export const GRID_TEMPLATE = '36px minmax(180px, 2.4fr) 80px 70px 96px 80px 80px 84px 64px 110px';
