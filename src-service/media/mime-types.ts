import path from 'node:path';

export const DEFAULT_MIME_TYPE = 'application/octet-stream';

/**
 * Static, by extension: used for the records' `mime_type` (docs/choices.md: Records) and the
 * storage routes' Content-Type. Deliberately has no active web content (html, svg, js):
 * a stored file served with such a type could run script on the service's origin, so
 * those fall back to application/octet-stream.
 */
const MIME_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  m4a: 'audio/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  '3gp': 'video/3gpp',
  m3u8: 'application/vnd.apple.mpegurl',
  mpd: 'application/dash+xml',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  ass: 'text/x-ssa',
  ssa: 'text/x-ssa',
  zip: 'application/zip',
  txt: 'text/plain',
  json: 'application/json',
};

/** The MIME type for a file name or path (case-insensitive extension); application/octet-stream if unknown. */
export function mimeTypeFor(fileName: string): string {
  return MIME_TYPES[extensionOf(fileName)] ?? DEFAULT_MIME_TYPE;
}

/** The lowercased extension without its dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  return path.extname(fileName).slice(1).toLowerCase();
}
