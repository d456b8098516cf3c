import type { StreamFacts } from './stream-facts';
import { toNumber, type ProbeStream } from '../media/probe-schema';

/**
 * Whether Chromium's <video>/<audio> plays a file as it is, from its probe and name (docs/api.md,
 * "File facts"): H.264 (8-bit 4:2:0), VP8, VP9 or AV1 video in MP4/MOV or WebM, with AAC, Opus,
 * MP3, Vorbis or FLAC audio; audio-only MP3, Ogg, WAV, FLAC and M4A. Anything else gets a proxy.
 * Pure.
 */
export type Playability = { playable: true } | { playable: false; reason: string };

const MP4_VIDEO = new Set(['h264', 'vp9', 'av1']);
const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
export const MP4_AUDIO = new Set(['aac', 'mp3', 'opus', 'flac']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);
const AUDIO_ONLY: Record<string, Set<string>> = {
  mp3: new Set(['mp3']),
  ogg: new Set(['vorbis', 'opus', 'flac']),
  flac: new Set(['flac']),
  wav: new Set(['pcm_s16le', 'pcm_u8', 'pcm_s24le', 'pcm_f32le']),
};
const EIGHT_BIT_420 = new Set(['yuv420p', 'yuvj420p']);

const CODEC_NAMES: Record<string, string> = { hevc: 'HEVC (H.265)', prores: 'ProRes', mpeg2video: 'MPEG-2', mpeg4: 'MPEG-4 Part 2', h264: 'H.264' };

export function playabilityOf(facts: StreamFacts, fileName: string): Playability {
  const formats = facts.formatName.split(',');
  const ext = (/\.([^./]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();
  const container = containerOf(formats, ext);
  if (!facts.video) return audioOnly(facts, formats, container);
  const vcodec = facts.video.codec_name ?? 'unknown';
  const acodec = facts.audio?.codec_name;
  if (container === 'mp4' || container === 'webm') {
    const videoOk = container === 'mp4' ? MP4_VIDEO.has(vcodec) : WEBM_VIDEO.has(vcodec);
    if (!videoOk) return no(`${CODEC_NAMES[vcodec] ?? vcodec} video does not play in Chromium`);
    if (!eightBit(facts.video)) return no(`H.264 in ${facts.video.pix_fmt ?? 'an unknown pixel format'} does not play in Chromium`);
    if (acodec && !(container === 'mp4' ? MP4_AUDIO : WEBM_AUDIO).has(acodec)) return no(`${acodec} audio does not play in Chromium`);
    return { playable: true };
  }
  // The codec first where it is the reason: an H.265 MKV said "the .mkv container", which a remux would mend, and it would not.
  if (!MP4_VIDEO.has(vcodec) && !WEBM_VIDEO.has(vcodec)) return no(`${CODEC_NAMES[vcodec] ?? vcodec} video does not play in Chromium`);
  if (!eightBit(facts.video)) return no(`H.264 in ${facts.video.pix_fmt ?? 'an unknown pixel format'} does not play in Chromium`);
  return no(`the ${ext ? `.${ext}` : formats[0] || 'unknown'} container does not play reliably in Chromium`);
}

const eightBit = (video: ProbeStream) => video.codec_name !== 'h264' || EIGHT_BIT_420.has(video.pix_fmt ?? '');

/** Whether Chromium plays this video stream once it sits in an MP4 (a stream copy: proxy.ts quickArgv). */
export const playsInMp4 = (video: ProbeStream | null): boolean => video !== null && MP4_VIDEO.has(video.codec_name ?? '') && eightBit(video);

function containerOf(formats: string[], ext: string): 'mp4' | 'webm' | 'other' {
  if (formats.includes('mp4') && ['mp4', 'm4v', 'mov', 'm4a', ''].includes(ext)) return 'mp4';
  if (formats.includes('webm') && ext === 'webm') return 'webm';
  return 'other';
}

function audioOnly(facts: StreamFacts, formats: string[], container: 'mp4' | 'webm' | 'other'): Playability {
  const acodec = facts.audio?.codec_name;
  if (!acodec) return no('the file has neither video nor audio');
  if (container === 'mp4' && MP4_AUDIO.has(acodec)) return { playable: true };
  if (container === 'webm' && WEBM_AUDIO.has(acodec)) return { playable: true };
  const allowed = formats.map((f) => AUDIO_ONLY[f]).find((s) => s !== undefined);
  if (allowed?.has(acodec) && (toNumber(facts.audio?.channels) ?? 2) <= 8) return { playable: true };
  return no(`${acodec} audio in ${formats[0] || 'this container'} does not play in Chromium`);
}

function no(reason: string): Playability {
  return { playable: false, reason };
}
