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

type Sized = Partial<Pick<StoredFile, 'width' | 'height' | 'display_width' | 'display_height'>>;

/**
 * The picture's size as players show it: a phone's portrait video is stored on its side with a
 * display matrix, and its record gives the upright size as display_width/height (docs/api.md, §2.2).
 * Crops, scales and the size a job will write all count in this size (ffmpeg turns the picture first).
 */
export function shownSize(file: Sized): { width: number; height: number } | undefined {
  const width = file.display_width ?? file.width;
  const height = file.display_height ?? file.height;
  return width && height ? { width, height } : undefined;
}

/** "1080×1920", or null when the file has no picture size. */
export function sizeLabel(file: Sized): string | null {
  const size = shownSize(file);
  return size ? `${size.width}×${size.height}` : null;
}

/** Codecs as editors name them ("H.265", not ffmpeg's "hevc"): a picture this browser cannot show, a convert's source. */
const CODEC_WORDS: Record<string, string> = { hevc: 'H.265', h264: 'H.264', prores: 'ProRes', mpeg2video: 'MPEG-2', dnxhd: 'DNxHD', vc1: 'VC-1' };
export function codecWord(codec: string | null | undefined): string {
  if (!codec) return '';
  // "pcm_s24le" is a WAV's 24-bit PCM: said so ("PCM_S24LE" read as a code).
  const pcm = /^pcm_[suf](\d+)/.exec(codec);
  if (pcm) return `PCM ${pcm[1]}-bit`;
  return CODEC_WORDS[codec] ?? codec.toUpperCase();
}
