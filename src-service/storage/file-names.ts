const MAX_NAME = 120;
const MAX_EXT = 16;

/**
 * A safe local file name for what a URL points at: its last path segment, percent-decoded,
 * reduced to `[A-Za-z0-9._-]` (other runs -> `_`), no leading dot, dash or underscore (hidden files,
 * ffmpeg options), at most 120 characters with the extension kept so ffmpeg can tell the
 * format. `fallback` when the URL names nothing usable.
 */
export function fileNameFromUrl(url: string, fallback: string): string {
  return urlFileName(url) ?? sanitizeFileName(fallback) ?? 'file';
}

/** The sanitised name in a URL's last path segment, or null when it names nothing usable. */
export function urlFileName(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null; // not a URL: the download step reports why
  }
  return sanitizeFileName(safeDecode(pathname.slice(pathname.lastIndexOf('/') + 1)));
}

/** `[A-Za-z0-9._-]` only, no leading `.`/`-`/`_`, <= 120 chars keeping the extension; null if nothing is left. */
export function sanitizeFileName(raw: string): string | null {
  const cleaned = raw.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '');
  if (!/[A-Za-z0-9]/.test(cleaned)) return null;
  if (cleaned.length <= MAX_NAME) return cleaned;
  const ext = extensionOf(cleaned);
  return cleaned.slice(0, MAX_NAME - ext.length) + ext;
}

/** `.mp4` from `movie.mp4`; '' when there is none (or it is implausibly long). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  const ext = name.slice(dot);
  return ext.length <= MAX_EXT ? ext : '';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes: keep the raw text, sanitising makes it safe
  }
}

const EXTENSIONS: Record<string, string> = {
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
  'video/x-matroska': '.mkv',
  'video/mp2t': '.ts',
  'video/x-msvideo': '.avi',
  'video/x-flv': '.flv',
  'video/mpeg': '.mpg',
  'video/ogg': '.ogv',
  'video/3gpp': '.3gp',
  'video/x-m4v': '.m4v',
  'audio/mpeg': '.mp3',
  'audio/mp3': '.mp3',
  'audio/mp4': '.m4a',
  'audio/x-m4a': '.m4a',
  'audio/aac': '.aac',
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/wave': '.wav',
  'audio/ogg': '.ogg',
  'audio/opus': '.opus',
  'audio/flac': '.flac',
  'audio/x-flac': '.flac',
  'audio/webm': '.webm',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/bmp': '.bmp',
  'image/tiff': '.tif',
  'image/svg+xml': '.svg',
  'image/avif': '.avif',
  'application/zip': '.zip',
  'application/x-zip-compressed': '.zip',
  'application/vnd.apple.mpegurl': '.m3u8',
  'application/x-mpegurl': '.m3u8',
  'audio/mpegurl': '.m3u8',
  'audio/x-mpegurl': '.m3u8',
  'application/dash+xml': '.mpd',
  'text/vtt': '.vtt',
  'application/x-subrip': '.srt',
  'text/srt': '.srt',
  'text/x-ssa': '.ass',
  'text/plain': '.txt',
  'application/json': '.json',
};

/** `.mp4` for `video/mp4; codecs=...`; null for unknown or generic types (octet-stream). */
export function extensionForContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSIONS[mime] ?? null;
}
