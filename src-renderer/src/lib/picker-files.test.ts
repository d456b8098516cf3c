import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../src-service/client';
import { describePickerRow, hiddenByKind, pickerRows } from './picker-files';

const file = (id: string, extra: Partial<StoredFile>): StoredFile =>
  ({
    file_id: id,
    filename: `${id}.mp4`,
    storage_url: null,
    status: 'STORED',
    service_store_type: 'STORED_FILE',
    is_deleted: false,
    is_private: false,
    size_mbytes: 1,
    ...extra,
  }) as StoredFile;

describe('picker rows', () => {
  const files = [
    file('a', { filename: 'big.mp4', file_type: 'video', content_hash: 'h1', created_at: '2026-11-27T07:00:00Z' }),
    file('b', { filename: 'big.mp4', file_type: 'video', content_hash: 'h1', created_at: '2026-11-27T09:00:00Z', duration: 10 }),
    file('c', { filename: 'big.mp4', file_type: 'video', content_hash: 'h1', created_at: '2026-11-27T08:00:00Z' }),
    file('d', { filename: 'subs.srt', file_type: 'subtitles', created_at: '2026-11-27T10:00:00Z' }),
    file('e', { filename: 'frames.zip', file_type: 'zip', created_at: '2026-11-27T11:00:00Z' }),
    file('f', { filename: 'other.mp4', file_type: 'video', created_at: '2026-11-27T06:00:00Z' }),
    file('g', { filename: 'half.mp4', file_type: 'video', status: 'UPLOADING', created_at: '2026-11-27T12:00:00Z' }),
  ];

  it('when a video input is picked, then only stored videos show, newest first, identical content as one row of 3 copies', () => {
    const rows = pickerRows(files, ['video']);
    expect(rows.map((r) => [r.file.file_id, r.copies])).toEqual([
      ['b', 3],
      ['f', 1],
    ]);
    expect(describePickerRow(rows[0]!)).toMatch(/^big\.mp4 · 3 copies · 1\.0 MB · 0:10 · /);
    expect(hiddenByKind(files, ['video'])).toBe(2);
  });

  it('when every kind is asked for, then subtitles and zips show too, but never an unfinished upload', () => {
    expect(pickerRows(files, null).map((r) => r.file.file_id)).toEqual(['e', 'd', 'b', 'f']);
  });
});
