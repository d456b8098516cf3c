import { contentStreams } from './file-kind';
import { isQuarterTurned, parseFraction, toNumber, type ProbeResult, type ProbeStream } from './probe-schema';

/** The media part of a stored-file record (docs/api.md §2.2, docs/choices.md: Records); absent when it does not apply. */
export interface MediaDetails {
  width?: number;
  height?: number;
  /** FFDesk: the size players show, only where a display matrix turns the picture a quarter (a phone's portrait video). */
  display_width?: number;
  display_height?: number;
  duration?: number;
  codec?: string;
  frame_rate?: number;
  bitrate_video_kb?: number;
  bitrate_audio_kb?: number;
  is_varying_frame_rate?: boolean;
  pixel_format?: string;
  timebase?: string;
  video_profile_level?: string;
  sample_rate?: number;
  channels?: number;
  /** FFDesk: subtitle streams held (0: none), so a GUI offers burning or keeping them only where there are some. */
  subtitle_tracks?: number;
}

/** r_frame_rate and avg_frame_rate further apart than this (relative) mean a variable frame rate. */
const VFR_TOLERANCE = 0.01;

/** Whether ffprobe's r_frame_rate and avg_frame_rate disagree: what a file's record calls a varying frame rate. */
export const ratesDisagree = (r: number, avg: number): boolean => Math.abs(r - avg) / r > VFR_TOLERANCE;
/** Demuxers whose format bit_rate is not the media's (HLS: the manifest's size over the duration). */
const PLAYLIST_FORMATS = ['hls', 'applehttp', 'dash'];

export function videoDetails(probe: ProbeResult, video: ProbeStream): MediaDetails {
  const audio = contentStreams(probe).find((s) => s.codec_type === 'audio');
  const r = parseFraction(video.r_frame_rate);
  const avg = parseFraction(video.avg_frame_rate);
  const fps = avg ?? r;
  const [width, height] = [positiveInt(video.width), positiveInt(video.height)];
  return {
    width,
    height,
    ...(isQuarterTurned(video) && width && height ? { display_width: height, display_height: width } : {}),
    duration: durationOf(probe, video),
    codec: video.codec_name,
    frame_rate: fps === null ? undefined : round(fps, 3),
    bitrate_video_kb: bitrateKb(probe, video),
    bitrate_audio_kb: audio ? bitrateKb(probe, audio) : undefined,
    is_varying_frame_rate: r !== null && avg !== null && ratesDisagree(r, avg),
    pixel_format: video.pix_fmt,
    timebase: video.time_base,
    video_profile_level: profileLevel(video),
    ...(audio ? audioParams(audio) : {}),
    subtitle_tracks: contentStreams(probe).filter((s) => s.codec_type === 'subtitle').length,
  };
}

export function audioDetails(probe: ProbeResult, audio: ProbeStream): MediaDetails {
  return {
    duration: durationOf(probe, audio),
    codec: audio.codec_name,
    bitrate_audio_kb: bitrateKb(probe, audio),
    timebase: audio.time_base,
    ...audioParams(audio),
  };
}

/** Image codecs that can hold many frames: an animated one also gets a duration and a bitrate. */
const ANIMATED_IMAGE_CODECS = ['gif', 'apng', 'webp'];

export function imageDetails(probe: ProbeResult, image: ProbeStream): MediaDetails {
  const still = { width: positiveInt(image.width), height: positiveInt(image.height), pixel_format: image.pix_fmt };
  const frames = toNumber(image.nb_frames);
  const duration = durationOf(probe, image);
  const isAnimated = ANIMATED_IMAGE_CODECS.includes(image.codec_name ?? '') && frames !== 1 && duration !== undefined && duration > 0;
  return isAnimated ? { ...still, duration, bitrate_video_kb: bitrateKb(probe, image) } : still;
}

function audioParams(audio: ProbeStream): MediaDetails {
  return { sample_rate: positiveInt(audio.sample_rate), channels: positiveInt(audio.channels) };
}

function durationOf(probe: ProbeResult, stream: ProbeStream): number | undefined {
  const d = toNumber(probe.format?.duration) ?? toNumber(stream.duration);
  return d !== null && d >= 0 ? round(d, 6) : undefined;
}

/**
 * Kilobits per second: the stream's own bit_rate, else a Matroska BPS tag, else the
 * container's bit_rate when this is the file's only stream (it is then the same thing).
 */
function bitrateKb(probe: ProbeResult, stream: ProbeStream): number | undefined {
  const tags = stream.tags ?? {};
  const own = toNumber(stream.bit_rate) ?? toNumber(tags.BPS) ?? toNumber(tags['BPS-eng']);
  const isOnlyStream = (probe.streams ?? []).length === 1;
  const isPlaylist = (probe.format?.format_name ?? '').split(',').some((n) => PLAYLIST_FORMATS.includes(n));
  const bits = own ?? (isOnlyStream && !isPlaylist ? toNumber(probe.format?.bit_rate) : null);
  return bits !== null && bits > 0 ? round(bits / 1000, 3) : undefined;
}

/**
 * "High@3.0": ffprobe gives H.264 levels x10 (30 -> 3.0) and HEVC levels x30 (93 -> 3.1);
 * other codecs' levels are shown as given. Negative levels (-99) mean unknown.
 */
function profileLevel(video: ProbeStream): string | undefined {
  const profile = video.profile === undefined ? '' : String(video.profile);
  if (profile === '' || profile === 'unknown') return undefined;
  const level = toNumber(video.level);
  if (level === null || level < 0) return profile;
  const divisor = video.codec_name === 'h264' ? 10 : video.codec_name === 'hevc' ? 30 : null;
  return `${profile}@${divisor === null ? String(level) : (level / divisor).toFixed(1)}`;
}

function positiveInt(value: unknown): number | undefined {
  const n = toNumber(value);
  return n !== null && n > 0 ? Math.round(n) : undefined;
}

function round(n: number, digits: number): number {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}
