/**
 * What a cut plan needs to know about its input (docs/cutting.md): the video stream's
 * parameters and its packets (presentation time, keyframe flag, in decode order), and the
 * first audio stream. Read from ffprobe's packet list, never by decoding frames. Every time is
 * counted from the container's start (read-facts.ts), as a cut's segments and ffmpeg's `-ss` are.
 */
import { openGopWatch } from '../facts/smart-source';

export interface PacketFact {
  /** Presentation time, seconds. */
  pts: number;
  key: boolean;
  /** Presentation minus decode time, seconds (B-frames reorder: an x264 keyframe shows two frames after it decodes); absent when not listed. */
  lead?: number;
}

export interface VideoFacts {
  codec: string;
  profile?: string;
  /** ffprobe's level number (H.264: 40 = 4.0). */
  level?: number;
  pixFmt?: string;
  width?: number;
  height?: number;
  /** "1/12800" */
  timeBase?: string;
  bitRate?: number;
  fieldOrder?: string;
  /** Every video packet in decode order. */
  packets: PacketFact[];
}

export interface AudioFacts {
  /** The first audio stream's codec (ffprobe's name). */
  codec: string;
  bitRate?: number;
  /** Every audio stream's codec, in stream order (the first is `codec`); absent: that one only. */
  tracks?: string[];
  /** Every audio stream's bit rate, in the order of `tracks` (null: not stated); absent: `bitRate` for the first only. */
  trackBitRates?: (number | null)[];
  /** Every audio stream's channel count, in the order of `tracks` (null: not stated). */
  trackChannels?: (number | null)[];
}

import type { SubtitleTrack } from './subtitles';

export interface CutFacts {
  /** Seconds; the container's duration. */
  duration: number;
  /** Set when only the packets in these windows were read (read-facts.ts); absent: every packet. */
  windows?: PacketWindow[];
  video: VideoFacts | null;
  audio: AudioFacts | null;
  /**
   * Seconds to add to an input seek so it lands where asked: 3/23 s where the container seeks by
   * decode time and a stream has B-frames (MKV, MPEG-TS …); absent for MP4/MOV, which seek by
   * presentation time (facts/stream-facts.ts seekLeadOf, plan-edit.ts inputSeek).
   */
  seekLead?: number;
  /** Every subtitle track with its events, read when the output keeps subtitles (read-facts.ts); absent: not read. */
  subtitles?: SubtitleTrack[];
  /** Matroska attachment streams (the fonts ASS subtitles are drawn with, covers): a Matroska output keeps them (plan-edit.ts subtitleInputs). */
  attachments?: number;
}

/**
 * `ffprobe -select_streams v:0 -show_entries packet=pts_time,flags -of csv=p=0` lines to
 * packets (decode order kept). Lines without a time (a packet ffprobe could not time) are
 * skipped: they cannot be cut at.
 */
export function parsePacketCsv(text: string): PacketFact[] {
  const out: PacketFact[] = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(',');
    // "pts,flags", or "pts,dts,flags" where the decode times are listed too.
    const [time, dtsTime, flags] = fields.length >= 3 ? fields : [fields[0], undefined, fields[1]];
    const pts = Number(time);
    if (!time || !Number.isFinite(pts)) continue;
    const dts = dtsTime === undefined || dtsTime === '' ? NaN : Number(dtsTime);
    out.push({ pts, key: (flags ?? '').startsWith('K'), ...(Number.isFinite(dts) ? { lead: Math.round((pts - dts) * 1e6) / 1e6 } : {}) });
  }
  return out;
}

/**
 * How far the source's decode times run ahead of its presentation times (the B-frame reorder
 * delay), in seconds: read at its first keyframe listed; 0 when none is listed or there is none.
 */
export function decodeLead(packets: readonly PacketFact[]): number {
  const lead = packets.find((p) => p.key && p.lead !== undefined)?.lead ?? 0;
  return lead > 0 ? lead : 0;
}

/** Display-ordered frame times of packets, and the keyframe times among them. */
export function frameTimes(packets: readonly PacketFact[]): { times: number[]; keyTimes: number[] } {
  const times = packets.map((p) => p.pts).sort((a, b) => a - b);
  const keyTimes = packets
    .filter((p) => p.key)
    .map((p) => p.pts)
    .sort((a, b) => a - b);
  return { times, keyTimes };
}

/**
 * An open GOP: a packet after a keyframe in decode order shows before it (leading pictures
 * that reference the previous GOP). Copying from such a keyframe would lose or break them.
 */
export function hasOpenGop(packets: readonly PacketFact[]): boolean {
  const watch = openGopWatch();
  for (const p of packets) watch.see(p.pts, p.key);
  return watch.isOpen();
}

/** Seconds of packets read past a segment's end: the frame after the end, and B-frames shown before it, are in. */
export const WINDOW_PAST_END_SECONDS = 5;

/** A span of the source whose packets were read: from the keyframe at or before `from` to `to`. */
export interface PacketWindow {
  from: number;
  to: number;
}

/** The windows a cut of `segments` needs, in time order, overlapping ones merged. */
export function packetWindows(segments: readonly { start: number; end: number }[]): PacketWindow[] {
  const spans = segments
    .map((s) => ({ from: Math.max(0, round3(s.start - 0.01)), to: round3(s.end + WINDOW_PAST_END_SECONDS) }))
    .sort((a, b) => a.from - b.from);
  const out: PacketWindow[] = [];
  for (const w of spans) {
    const last = out[out.length - 1];
    if (last && w.from <= last.to) last.to = Math.max(last.to, w.to);
    else out.push({ ...w });
  }
  return out;
}

const round3 = (t: number) => Math.round(t * 1000) / 1000;

/**
 * True when the packets read around a segment may miss a frame it needs: the first frame at or
 * after its end is not in its window (a gap between frames longer than the margin) while the
 * window stops before the source's end. The cut then reads every packet (run-edit.ts).
 */
export function windowMissesEnd(facts: CutFacts, times: readonly number[], start: number, end: number): boolean {
  const w = facts.windows?.find((x) => start >= x.from && end <= x.to);
  if (!w) return false;
  const after = times.find((t) => t >= end - 0.001);
  return after === undefined ? w.to < facts.duration : after > w.to;
}
