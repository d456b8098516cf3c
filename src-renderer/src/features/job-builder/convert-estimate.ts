/**
 * A rough output size: duration × an estimated bitrate. The bitrate comes from the output
 * picture (pixels × frames per second) times bits per pixel for the codec at the chosen
 * quality, plus the audio. Good to a factor of about two, which is what an editor needs to
 * see that AV1 at "small" is a tenth of ProRes; the preview encode gives the real figure.
 */
import { DEFAULT_CHOICES, isAudioOnly, isTallPicture, hardwareBitrateK, proresProfile, rangeOf, scaleTarget, type ConvertChoices } from './convert-args';
import { CONTAINERS } from './convert-formats';

export interface SourceFacts {
  duration?: number;
  width?: number;
  height?: number;
  frameRate?: number;
  /** kbit/s, as probed. */
  videoKbps?: number;
  audioKbps?: number;
  sampleRate?: number;
  channels?: number;
  /** False for a file with sound and no picture (an MP3, a WAV); unknown until the input is probed. */
  hasPicture?: boolean;
  /** False for a file with a picture and no sound (a screen capture, a render); unknown until the input is probed. */
  hasSound?: boolean;
  /** Subtitle streams of a video (0: none: burning or keeping them is not offered); unknown for records stored before it was read. */
  subtitleTracks?: number;
}

export interface SizeEstimate {
  bytes: number;
  kbps: number;
  width?: number;
  height?: number;
}

/** Bits per pixel of H.264 from quality 0 (0.02) to 100 (0.25), growing geometrically. */
function h264Bpp(quality: number): number {
  return 0.02 * Math.pow(0.25 / 0.02, quality / 100);
}

const CODEC_FACTOR: Record<string, number> = { h264: 1, h265: 0.6, av1: 0.5, vp9: 0.65 };
/** ProRes 422 data rates at 1920×1080, 29.97 fps (Apple's white paper), Mbit/s by profile. */
const PRORES_MBPS = [45, 102, 147, 220];

/** The output picture size after crop, scale and rotation. */
export function outputSize(c: ConvertChoices, src: SourceFacts): { width: number; height: number } | undefined {
  if (!src.width || !src.height) return undefined;
  let w = c.crop ? c.crop.width : src.width;
  let h = c.crop ? c.crop.height : src.height;
  const target = scaleTarget(c, src);
  if (target > 0 && isTallPicture(c, src)) {
    h = Math.round((h * target) / w / 2) * 2;
    w = target;
  } else if (target > 0) {
    w = Math.round((w * target) / h / 2) * 2;
    h = target;
  }
  return c.rotate === 90 || c.rotate === 270 ? { width: h, height: w } : { width: w, height: h };
}

function audioKbps(c: ConvertChoices, src: SourceFacts): number {
  if (c.mute || CONTAINERS[c.container].kind === 'gif') return 0;
  switch (c.container) {
    case 'wav':
      return ((src.sampleRate ?? 48000) * (src.channels ?? 2) * 16) / 1000;
    case 'mp3':
      return 96 + (224 * c.quality) / 100;
    case 'webm':
      return 64 + (128 * c.quality) / 100;
    default:
      return c.videoCodec === 'copy' && c.loudness === null ? (src.audioKbps ?? 128) : 96 + (160 * c.quality) / 100;
  }
}

function videoKbps(c: ConvertChoices, src: SourceFacts, pixels: number, fps: number): number {
  if (c.videoCodec === 'copy') return src.videoKbps ?? 0;
  if (c.videoCodec === 'prores') return (PRORES_MBPS[proresProfile(c.quality)]! * 1000 * pixels * fps) / (1920 * 1080 * 29.97);
  const factor = CODEC_FACTOR[c.videoCodec];
  if (factor === undefined) return (hardwareBitrateK(c.quality) * pixels) / (1920 * 1080);
  return (h264Bpp(c.quality) * factor * simplicity(src) * pixels * fps) / 1000;
}

/** How many times a typical encode's bits per pixel a source may hold before it counts as simple (more than any codec change needs). */
const SOURCE_HEADROOM = 2;

/**
 * A quality (CRF) encode spends bits on what the pictures hold: a still or simple source (a
 * screen recording, a slide, a graded B-roll at 0.24 Mbit/s) comes out near its own size, where the
 * table's bits per pixel said 17 times that (docs/gui.md, "The convert panel"). So the table is
 * scaled down by how far below a typical H.264 encode (the default quality) the source's own bits
 * per pixel are, with headroom: 1 for a rich source or an unknown one. Codec and quality keep their
 * proportions.
 */
function simplicity(src: SourceFacts): number {
  if (!src.videoKbps || !src.width || !src.height || !src.frameRate) return 1;
  const sourceBpp = (src.videoKbps * 1000) / (src.width * src.height * src.frameRate);
  return Math.min(1, (SOURCE_HEADROOM * sourceBpp) / h264Bpp(DEFAULT_CHOICES.quality));
}

/** The estimate, or null when the source's duration (or picture, for video) is not known. */
export function estimateSize(c: ConvertChoices, src: SourceFacts): SizeEstimate | null {
  if (!src.duration) return null;
  return estimateFor(c, src, convertedSeconds(c, src.duration));
}

/** How many seconds of the source the choices convert: the range's, within the file. */
export function convertedSeconds(c: Pick<ConvertChoices, 'start' | 'end'>, duration: number): number {
  const { start, length } = rangeOf(c);
  return Math.max(0, Math.min(duration - start, length ?? Infinity));
}

function estimateFor(c: ConvertChoices, src: SourceFacts, duration: number): SizeEstimate | null {
  const kind = CONTAINERS[c.container].kind;
  const audio = src.hasSound === false ? 0 : audioKbps(c, src);
  if (isAudioOnly(c.container)) return { kbps: audio, bytes: (audio * 1000 * duration) / 8 };
  const size = outputSize(c, src);
  if (!size) return null;
  const pixels = size.width * size.height;
  const fps = c.fps > 0 ? Math.min(c.fps, src.frameRate ?? c.fps) : kind === 'gif' ? 12 : (src.frameRate ?? 30);
  // A palette GIF holds about 1.5 bits per pixel of each frame after LZW (measured on test clips).
  const video = kind === 'gif' ? (1.5 * pixels * fps * (0.5 + c.quality / 200)) / 1000 : videoKbps(c, src, pixels, fps);
  const kbps = video + audio;
  return { kbps, bytes: (kbps * 1000 * duration) / 8, ...size };
}
