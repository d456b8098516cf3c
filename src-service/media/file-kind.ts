import { toNumber, type ProbeResult, type ProbeStream } from './probe-schema';

/** docs/choices.md, Records: the complete list of `file_type` values. */
import type { FileType } from '../contract/enums';

export type { FileType };

const MANIFEST_EXTENSIONS = new Set(['m3u8', 'mpd']);
const SUBTITLE_EXTENSIONS = new Set(['srt', 'ass', 'ssa', 'vtt']);
/** Demuxers whose whole file is one picture (or an animated picture: GIF counts as an image). */
const IMAGE_FORMATS = new Set(['image2', 'image2pipe', 'gif', 'apng', 'webp']);
/** Still-picture codecs; in a real container with many frames (MJPEG in AVI) they are video. */
const IMAGE_CODECS = new Set([
  'png',
  'apng',
  'mjpeg',
  'jpeg2000',
  'jpegls',
  'bmp',
  'gif',
  'webp',
  'tiff',
  'ppm',
  'pgm',
  'pgmyuv',
  'pbm',
  'pam',
  'targa',
  'dpx',
  'exr',
  'sgi',
  'psd',
  'xbm',
  'xpm',
  'pcx',
  'qoi',
  'jpegxl',
  'hdr',
  'dds',
]);

/** The streams that carry content: an MP3's or M4A's cover picture is not a video stream. */
export function contentStreams(probe: ProbeResult | null): ProbeStream[] {
  return (probe?.streams ?? []).filter((s) => toNumber(s.disposition?.attached_pic) !== 1);
}

/**
 * Decided from the content, except for containers of other files (zip, playlist manifests),
 * which only the name tells apart. The caller may override (e.g. `output_manifest`).
 */
export function classify(ext: string, probe: ProbeResult | null): FileType {
  if (ext === 'zip') return 'zip';
  if (MANIFEST_EXTENSIONS.has(ext)) return 'output_manifest';
  const streams = contentStreams(probe);
  const formatNames = (probe?.format?.format_name ?? '').split(',');
  // ffprobe reads any .txt as "tty" (ANSI art), a pretend video stream: it is text.
  if (formatNames.includes('tty')) return 'other';
  const video = streams.find((s) => s.codec_type === 'video');
  if (video) return isStillImage(formatNames, video, probe) ? 'image' : 'video';
  if (streams.some((s) => s.codec_type === 'audio')) return 'audio';
  if (streams.some((s) => s.codec_type === 'subtitle') || SUBTITLE_EXTENSIONS.has(ext)) return 'subtitles';
  return 'other';
}

function isStillImage(formatNames: string[], video: ProbeStream, probe: ProbeResult | null): boolean {
  // png_pipe, jpeg_pipe, webp_pipe, bmp_pipe...: the image demuxers are all "<codec>_pipe".
  if (formatNames.some((n) => IMAGE_FORMATS.has(n) || n.endsWith('_pipe'))) return true;
  if (!IMAGE_CODECS.has(video.codec_name ?? '')) return false;
  const frames = toNumber(video.nb_frames);
  const duration = toNumber(probe?.format?.duration) ?? toNumber(video.duration);
  return (frames !== null && frames <= 1) || duration === null;
}

/** ffprobe format names (and codec names, for image2) as the short names users know. */
const FORMAT_SHORT_NAMES: Record<string, string> = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mp4',
  'matroska,webm': 'mkv',
  'hls,applehttp': 'm3u8',
  hls: 'm3u8',
  dash: 'mpd',
  mpegts: 'ts',
  webvtt: 'vtt',
  mpeg: 'mpg',
  mjpeg: 'jpg',
  jpeg: 'jpg',
};

/**
 * From the extension when the name has one (lowercased, jpeg -> jpg); else from what
 * ffprobe found. Undefined when neither says anything.
 */
export function fileFormatOf(ext: string, probe: ProbeResult | null): string | undefined {
  if (ext) return ext === 'jpeg' ? 'jpg' : ext;
  const name = probe?.format?.format_name;
  if (!name) return undefined;
  if (name.startsWith('mov,') && probe?.format?.tags?.major_brand === 'qt  ') return 'mov';
  const short = name === 'image2' ? (contentStreams(probe)[0]?.codec_name ?? name) : name.replace(/_pipe$/, '');
  return FORMAT_SHORT_NAMES[short] ?? short.split(',')[0];
}
