import { contentStreams } from '../media/file-kind';
import { isQuarterTurned, toNumber, type ProbeResult, type ProbeStream } from '../media/probe-schema';

/** What the clip view needs to know about a file's streams, read from its ffprobe JSON. Pure. */
export interface StreamFacts {
  duration: number;
  frameRate: number | null;
  timeBase: string | null;
  /** As shown: a phone's portrait video stored on its side (a 90° display matrix) is as tall as it is stored wide. */
  width: number | null;
  height: number | null;
  /** ffprobe's index of the first content video stream (cover pictures left out), or null. */
  videoIndex: number | null;
  audioIndex: number | null;
  /** Index of the first video stream of any kind (a cover picture included): what `-select_streams v:0` reads. */
  firstVideoIndex: number | null;
  video: ProbeStream | null;
  audio: ProbeStream | null;
  formatName: string;
  /** The container's start time (seconds): ffmpeg counts `-ss` from it, and the clip view's times start there. */
  startTime: number;
}

/**
 * Key packet times counted from the container's start, as ffmpeg's `-ss`, players and a cut's
 * segments count them (an MPEG-TS starts at 1.4 s or more; docs/cutting.md, "Inputs other than MP4/MOV").
 */
export function fromStart(times: readonly number[], startTime: number): number[] {
  const shift = startShift(startTime);
  return times.map((t) => sinceStart(t, shift));
}

/** The container's start time as a time is moved by: none within half a millisecond of zero (a few AAC priming samples). */
export const startShift = (startTime: number): number => (Math.abs(startTime) <= 0.0005 ? 0 : startTime);

/** A time of the source's own timeline counted from the container's start (`shift` from startShift), to the microsecond. */
export const sinceStart = (t: number, shift: number): number => (shift === 0 ? t : Math.round((t - shift) * 1e6) / 1e6);

/**
 * How much later than asked an input seek must aim (docs/cutting.md, "Inputs other than MP4/MOV").
 * Unless the demuxer seeks by presentation time (only MP4/MOV here: AVFMT_SEEK_TO_PTS), ffmpeg
 * moves a seek 3/23 s earlier when any stream has B-frames, to allow for decode times running
 * ahead; the demuxer then lands on the keyframe at or before that, a GOP early when the cut starts
 * on a keyframe. A millisecond more keeps the target past the keyframe after rounding; no
 * keyframe is that close to the next one. None for MPEG-TS/PS: they have no index, a seek there
 * searches by timestamps and lands near the target, and one aimed later lands a GOP late
 * (measured: docs/scale-out.md, "Segmented encodes"); edits copy them into Matroska first.
 */
export function seekLeadOf(formatName: unknown, streams: readonly ProbeStream[]): number {
  const names = typeof formatName === 'string' ? formatName.split(',') : [];
  const exempt = names.includes('mov') || names.some((n) => UNINDEXED.has(n));
  const delayed = streams.some((s) => (toNumber(s.has_b_frames) ?? 0) > 0);
  return exempt || !delayed ? 0 : 3 / 23 + 0.001;
}
const UNINDEXED = new Set(['mpegts', 'mpeg', 'mpegvideo']);

export function streamFactsOf(probe: ProbeResult): StreamFacts {
  const streams = contentStreams(probe);
  const video = streams.find((s) => s.codec_type === 'video') ?? null;
  const audio = streams.find((s) => s.codec_type === 'audio') ?? null;
  const duration = toNumber(probe.format?.duration) ?? toNumber(video?.duration) ?? toNumber(audio?.duration) ?? 0;
  const [width, height] = [toNumber(video?.width), toNumber(video?.height)];
  const turned = isQuarterTurned(video);
  return {
    duration: Number.isFinite(duration) && duration > 0 ? duration : 0,
    frameRate: video ? (rate(video.avg_frame_rate) ?? rate(video.r_frame_rate)) : null,
    timeBase: video?.time_base && /^\d+\/\d+$/.test(video.time_base) ? video.time_base : null,
    width: (turned ? height : width) ?? null,
    height: (turned ? width : height) ?? null,
    videoIndex: video ? (toNumber(video.index) ?? null) : null,
    audioIndex: audio ? (toNumber(audio.index) ?? null) : null,
    firstVideoIndex: toNumber((probe.streams ?? []).find((s) => s.codec_type === 'video')?.index) ?? null,
    video,
    audio,
    formatName: probe.format?.format_name ?? '',
    startTime: toNumber(probe.format?.start_time) ?? 0,
  };
}

/** "30000/1001" → 29.97 (three decimals); "0/0" and nonsense → null. */
export function rate(text: string | undefined): number | null {
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/.exec(text ?? '');
  if (!m) return null;
  const value = Number(m[1]) / Number(m[2] ?? 1);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 1000) / 1000 : null;
}
