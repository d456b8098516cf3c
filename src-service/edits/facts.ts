/**
 * What a cut plan needs to know about its input (docs/cutting.md): the video stream's
 * parameters and its packets (presentation time, keyframe flag, in decode order), and the
 * first audio stream. Read from ffprobe's packet list, never by decoding frames.
 */
export interface PacketFact {
  /** Presentation time, seconds. */
  pts: number;
  key: boolean;
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
  codec: string;
  bitRate?: number;
}

export interface CutFacts {
  /** Seconds; the container's duration. */
  duration: number;
  video: VideoFacts | null;
  audio: AudioFacts | null;
}

/**
 * `ffprobe -select_streams v:0 -show_entries packet=pts_time,flags -of csv=p=0` lines to
 * packets (decode order kept). Lines without a time (a packet ffprobe could not time) are
 * skipped: they cannot be cut at.
 */
export function parsePacketCsv(text: string): PacketFact[] {
  const out: PacketFact[] = [];
  for (const line of text.split('\n')) {
    const [time, flags] = line.trim().split(',');
    const pts = Number(time);
    if (!time || !Number.isFinite(pts)) continue;
    out.push({ pts, key: (flags ?? '').startsWith('K') });
  }
  return out;
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
  let keyPts = -Infinity;
  for (const p of packets) {
    if (p.key) keyPts = p.pts;
    else if (p.pts < keyPts) return true;
  }
  return false;
}
