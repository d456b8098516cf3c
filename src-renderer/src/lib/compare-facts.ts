import type { StoredFile } from '../../../src-service/client';
import { formatDuration, formatMbytes } from './format';
import { previewKindOf, sizeLabel, type PreviewKind } from './media';

/** The facts a compare side shows, all optional: an input from outside storage has none. */
export type MediaFacts = Partial<
  Pick<StoredFile, 'width' | 'height' | 'display_width' | 'display_height' | 'duration' | 'size_mbytes' | 'bitrate_video_kb' | 'bitrate_audio_kb'>
>;

/** 2150 → "2.1 Mbit/s", 320 → "320 kbit/s" (kilobits per second, as ffprobe reports). */
export function formatBitrate(kb: number | null | undefined): string | null {
  if (kb === null || kb === undefined || !Number.isFinite(kb) || kb <= 0) return null;
  return kb >= 1000 ? `${(kb / 1000).toFixed(1)} Mbit/s` : `${Math.round(kb)} kbit/s`;
}

/** "1280×720 · 0:08 · 2.1 Mbit/s · 2.3 MB"; unknown facts are left out, nothing known gives "". */
export function mediaFactsLine(file: MediaFacts | undefined): string {
  if (!file) return '';
  const bitrate = (file.bitrate_video_kb ?? 0) + (file.bitrate_audio_kb ?? 0);
  return [
    sizeLabel(file),
    file.duration ? formatDuration(file.duration) : null,
    formatBitrate(bitrate),
    file.size_mbytes ? formatMbytes(file.size_mbytes) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The stored file id inside one of this service's storage URLs (`/storage/[s/<token>/]<id>/<name>`). */
export function storageFileIdOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = /\/storage\/(?:s\/[^/]+\/)?([^/]+)\/[^/]+$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}

const BY_EXTENSION: Record<string, PreviewKind> = {
  mp4: 'video',
  mov: 'video',
  mkv: 'video',
  webm: 'video',
  avi: 'video',
  m4v: 'video',
  ts: 'video',
  gif: 'image',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  bmp: 'image',
  avif: 'image',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  aac: 'audio',
  flac: 'audio',
  ogg: 'audio',
  opus: 'audio',
};

/** Which element draws a compare side: the stored record's type when known, else the URL's extension. */
export function compareKindOf(url: string, file?: Parameters<typeof previewKindOf>[0]): 'video' | 'image' | 'audio' {
  const known = file ? previewKindOf(file) : 'none';
  if (known === 'video' || known === 'image' || known === 'audio') return known;
  const kind = BY_EXTENSION[url.split(/[?#]/)[0]!.split('.').pop()?.toLowerCase() ?? ''];
  return kind === 'image' || kind === 'audio' ? kind : 'video';
}
