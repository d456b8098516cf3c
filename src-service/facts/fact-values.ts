import type { ProxyStatus } from '../contract/file-facts.schema';
import type { LoudnessMeasure } from './loudness';
import type { Silence } from './silences';
import type { AudioTrackFacts, SubtitleTrackFacts } from '../media/tracks';

/**
 * What the clip view's facts are, as the domain hands them over; `api/file-facts/file-facts.presenter.ts`
 * makes the answers of docs/api.md ("File facts") from them. Keyframes and the timeline are cached
 * in these shapes (fact-versions.ts).
 */
export interface KeyframeFacts {
  fileId: string;
  /** Seconds, from the container (0 when unknown). */
  duration: number;
  /** Of the first video stream; null without video. */
  frameRate: number | null;
  timeBase: string | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Presentation times (seconds, ascending) of the key packets; empty without video. */
  keyframes: number[];
  /** Why a smart cut re-encodes this video whole (facts/smart-source.ts); null when it copies its GOPs, or without video. */
  smartCutRefusal: string | null;
  /** Every audio track, in order (a player plays the first; GET /v1/files/{id}/sound any other). */
  audioTracks: AudioTrackFacts[];
  /** Every subtitle track, in order (what `subtitle_tracks` of POST /v1/edits counts). */
  subtitleTracks: SubtitleTrackFacts[];
}

/** One JPEG sprite of tiles, left to right, then top to bottom. */
export interface SpriteFacts {
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Tiles actually filled. */
  count: number;
  intervalSeconds: number;
}

export interface WaveformFacts {
  peaks: number[];
  peaksPerSecond: number;
}

/** The timeline as cached: the sprite's signed URL is added when it is asked for. */
export interface CachedTimeline {
  fileId: string;
  duration: number;
  thumbnails: SpriteFacts | null;
  waveform: WaveformFacts | null;
}

export interface TimelineFacts extends Omit<CachedTimeline, 'thumbnails'> {
  thumbnails: (SpriteFacts & { url: string }) | null;
}

export interface ProxyFacts {
  status: ProxyStatus;
  /** READY: the signed URL of the proxy. */
  url?: string;
  /** PENDING, once made: the signed URL of the original's streams copied into MP4 (proxy.ts quickArgv). */
  quickUrl?: string;
  /** With quickUrl: whether the quick look carries the first audio track (proxy.ts quickHasSound). */
  quickHasSound?: boolean;
  reason?: string;
  /** PENDING, once the proxy's ffmpeg runs: how far it got (0..100) and the seconds left at its speed. */
  percent?: number | null;
  etaSeconds?: number | null;
}

/** One audio track's sound to listen to (sound.ts): PENDING while it is made, READY with its signed URL. */
export interface SoundFacts {
  fileId: string;
  audioTrack: number;
  status: 'PENDING' | 'READY' | 'FAILED';
  url?: string;
  reason?: string;
}

/** One text subtitle track as WebVTT (subtitle-text.ts). */
export interface SubtitleTextFacts {
  fileId: string;
  /** 1-based among the subtitle streams. */
  subtitleTrack: number;
  /** Signed URL of the WebVTT file. */
  url: string;
}

export interface LoudnessFacts {
  fileId: string;
  /** 1-based. */
  audioTrack: number;
  /** loudnorm's own measurement, named as ffmpeg prints it (`input_i`, …). */
  measure: LoudnessMeasure;
}

/** Where one audio track is quieter than `noiseDb` for at least `minSeconds` (silences.ts). */
export interface SilenceFacts {
  fileId: string;
  /** 1-based. */
  audioTrack: number;
  noiseDb: number;
  minSeconds: number;
  /** Seconds of the file. */
  duration: number;
  silences: Silence[];
}
