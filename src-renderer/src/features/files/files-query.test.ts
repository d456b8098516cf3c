import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../../src-service/client';
import { planBulkDelete, queryFiles, selectRange } from './files-query';

const file = (id: string, extra: Partial<StoredFile> = {}): StoredFile =>
  ({
    file_id: id,
    filename: `${id}.mp4`,
    storage_url: null,
    status: 'STORED',
    service_store_type: 'STORED_FILE',
    is_deleted: false,
    is_private: false,
    created_at: '2025-01-01T00:00:00Z',
    ...extra,
  }) as StoredFile;

describe('files query', () => {
  const files = [
    file('b', { file_type: 'video', size_mbytes: 5, codec: 'h264' }),
    file('a', { file_type: 'audio', size_mbytes: 1 }),
    file('c', { file_type: 'video', size_mbytes: 9 }),
  ];

  it('when searching, then names, ids and codecs match case-insensitively', () => {
    expect(queryFiles(files, { search: 'H264', type: '', sort: { key: 'created_at', isAscending: false } }).map((f) => f.file_id)).toEqual(['b']);
  });

  it('when filtering by type, then only that type remains', () => {
    expect(queryFiles(files, { search: '', type: 'video', sort: { key: 'created_at', isAscending: false } }).map((f) => f.file_id)).toEqual(['b', 'c']);
  });

  it('when sorting by size both ways, then order follows', () => {
    const by = (isAscending: boolean) => queryFiles(files, { search: '', type: '', sort: { key: 'size_mbytes', isAscending } }).map((f) => f.file_id);
    expect(by(true)).toEqual(['a', 'b', 'c']);
    expect(by(false)).toEqual(['c', 'b', 'a']);
  });

  // Speed is not asserted here (no timed assertions in tests: docs/contributing.md); this checks the
  // search and the order hold on a list the size the Files screen is built for.
  it('when 10,000 rows are searched and sorted, then exactly the matches come back in order', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => file(`f${i}`, { size_mbytes: (i * 7919) % 1000 }));
    const found = queryFiles(many, { search: 'f1', type: '', sort: { key: 'size_mbytes', isAscending: true } });
    expect(found.map((f) => f.file_id).sort()).toEqual(
      many
        .map((f) => f.file_id)
        .filter((id) => id.startsWith('f1'))
        .sort(),
    );
    expect(found.every((f, i) => i === 0 || (found[i - 1] as (typeof found)[number]).size_mbytes <= f.size_mbytes)).toBe(true);
  });
});

describe('selection and bulk delete', () => {
  it('when shift-clicking, then the range between anchor and target is selected', () => {
    expect(selectRange(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['b', 'c', 'd']);
  });

  it('when more than 1000 files are selected, then they go in batches and manifests are left out', () => {
    const many = Array.from({ length: 2001 }, (_, i) => file(`f${i}`));
    const plan = planBulkDelete([...many, file('m', { file_type: 'output_manifest' })]);
    expect(plan.batches.map((b) => b.length)).toEqual([1000, 1000, 1]);
    expect(plan.manifests.map((f) => f.file_id)).toEqual(['m']);
  });
});
