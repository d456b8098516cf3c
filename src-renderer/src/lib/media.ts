import type { StoredFile } from '../../../src-service/client';

export type PreviewKind = 'video' | 'audio' | 'image' | 'hls' | 'dash' | 'none';

/** Which player a stored file needs. Chromium plays neither HLS nor DASH natively. */
export function previewKindOf(file: Pick<StoredFile, 'file_type' | 'file_format' | 'filename' | 'mime_type'>): PreviewKind {
  const format = (file.file_format ?? file.filename?.split('.').pop() ?? '').toLowerCase();
  if (format === 'm3u8') return 'hls';
  if (format === 'mpd') return 'dash';
  switch (file.file_type) {
    case 'video':
      return 'video';
    case 'audio':
      return 'audio';
    case 'image':
      return 'image';
    default:
      return 'none';
  }
}

export function displayName(file: Pick<StoredFile, 'filename' | 'file_id'>): string {
  return file.filename ?? file.file_id;
}

export function sizeBytesOf(file: Pick<StoredFile, 'size_mbytes'>): number | undefined {
  return file.size_mbytes === undefined ? undefined : Math.round(file.size_mbytes * 1024 * 1024);
}
