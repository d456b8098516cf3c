import type {
  KeyframesResponse,
  LoudnessResponse,
  ProxyResponse,
  SaveToResponse,
  SilencesResponse,
  SoundResponse,
  SubtitlesResponse,
  TimelineResponse,
} from '../../contract/file-facts.schema';
import type { KeyframeFacts, LoudnessFacts, ProxyFacts, SilenceFacts, SoundFacts, SubtitleTextFacts, TimelineFacts } from '../../facts/fact-values';
import type { SavedOutput } from '../../local/save-to';

/** `GET /v1/files/{id}/keyframes`. */
export function presentKeyframes(k: KeyframeFacts): KeyframesResponse {
  return {
    file_id: k.fileId,
    duration: k.duration,
    frame_rate: k.frameRate,
    time_base: k.timeBase,
    has_video: k.hasVideo,
    has_audio: k.hasAudio,
    keyframes: k.keyframes,
    smart_cut_refusal: k.smartCutRefusal,
    audio_tracks: k.audioTracks.map((t) => ({ audio_track: t.track, codec: t.codec, channels: t.channels, language: t.language, title: t.title })),
    subtitle_tracks: k.subtitleTracks.map((t) => ({ subtitle_track: t.track, codec: t.codec, language: t.language, title: t.title, is_picture: t.isPicture })),
  };
}

/** `GET /v1/files/{id}/subtitles`: one text subtitle track as WebVTT. */
export const presentSubtitles = (s: SubtitleTextFacts): SubtitlesResponse => ({ file_id: s.fileId, subtitle_track: s.subtitleTrack, url: s.url });

/** `GET /v1/files/{id}/sound`: one audio track's sound alone. */
export function presentSound(s: SoundFacts): SoundResponse {
  return {
    file_id: s.fileId,
    audio_track: s.audioTrack,
    status: s.status,
    ...(s.url ? { url: s.url } : {}),
    ...(s.reason ? { reason: s.reason } : {}),
  };
}

/** `GET /v1/files/{id}/timeline`: the sprite (with its signed URL) and the waveform. */
export function presentTimeline(t: TimelineFacts): TimelineResponse {
  const s = t.thumbnails;
  return {
    file_id: t.fileId,
    duration: t.duration,
    thumbnails: s
      ? {
          url: s.url,
          columns: s.columns,
          rows: s.rows,
          tile_width: s.tileWidth,
          tile_height: s.tileHeight,
          count: s.count,
          interval_seconds: s.intervalSeconds,
        }
      : null,
    waveform: t.waveform ? { peaks: t.waveform.peaks, peaks_per_second: t.waveform.peaksPerSecond } : null,
  };
}

/** `GET /v1/files/{id}/proxy`: each field only where the status has it. */
export function presentProxy(p: ProxyFacts): ProxyResponse {
  return {
    status: p.status,
    ...(p.url !== undefined ? { url: p.url } : {}),
    ...(p.quickUrl !== undefined ? { quick_url: p.quickUrl, quick_has_sound: p.quickHasSound ?? false } : {}),
    ...(p.reason !== undefined ? { reason: p.reason } : {}),
    ...(p.percent !== undefined ? { percent: p.percent } : {}),
    ...(p.etaSeconds !== undefined ? { eta_seconds: p.etaSeconds } : {}),
  };
}

/** `GET /v1/files/{id}/loudness`: loudnorm's measurement keeps ffmpeg's own names. */
export function presentLoudness(l: LoudnessFacts): LoudnessResponse {
  return { file_id: l.fileId, audio_track: l.audioTrack, ...l.measure };
}

/** `GET /v1/files/{id}/silences`. */
export function presentSilences(s: SilenceFacts): SilencesResponse {
  return {
    file_id: s.fileId,
    audio_track: s.audioTrack,
    noise_db: s.noiseDb,
    min_seconds: s.minSeconds,
    duration: s.duration,
    silences: s.silences.map(({ start, end }) => ({ start, end })),
  };
}

/** `POST /v1/commands/{id}/save-to`'s answer: each copied output and where it went. */
export function presentSavedOutputs(saved: SavedOutput[]): SaveToResponse {
  return { saved: saved.map((s) => ({ file_id: s.fileId, path: s.path })) };
}
