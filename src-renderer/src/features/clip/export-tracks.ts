import { ONE_TRACK_EXTENSIONS, SOUND_ONLY_EXTENSIONS } from '../../../../src-service/contract/edits.schema';
import { extensionOf } from '../../../../src-service/contract/media-kinds';
import type { KeyframesResponse } from './clip-api';

/**
 * Which of the source's tracks an export keeps (docs/gui.md, "Tracks"; docs/cutting.md, "Choosing
 * tracks"). The view holds the tracks left out, not those kept: a new file starts with every track
 * kept, and a request of every track sends no list at all (the edit's default). Pure.
 */
export interface DroppedTracks {
  /** 1-based audio track numbers left out. */
  audio: readonly number[];
  /** 1-based subtitle track numbers left out. */
  subtitles: readonly number[];
}

export const NO_TRACK_DROPPED: DroppedTracks = { audio: [], subtitles: [] };

export type SubtitleTrack = KeyframesResponse['subtitle_tracks'][number];

/** The request's `audio_tracks` and `subtitle_tracks`: present only when a track is left out; `mix_audio` when two or more are kept and mixed. */
export function trackFields(
  audio: readonly { audio_track: number }[],
  subtitles: readonly { subtitle_track: number }[],
  dropped: DroppedTracks,
  mix = false,
): { audio_tracks?: number[]; subtitle_tracks?: number[]; mix_audio?: true } {
  const keptAudio = audio.map((t) => t.audio_track).filter((n) => !dropped.audio.includes(n));
  const keptSubs = subtitles.map((t) => t.subtitle_track).filter((n) => !dropped.subtitles.includes(n));
  return {
    ...(keptAudio.length < audio.length ? { audio_tracks: keptAudio } : {}),
    ...(keptSubs.length < subtitles.length ? { subtitle_tracks: keptSubs } : {}),
    ...(mix && keptAudio.length > 1 ? { mix_audio: true as const } : {}),
  };
}

/** Left out one track, or kept it again. */
export function toggled(list: readonly number[], n: number): number[] {
  return list.includes(n) ? list.filter((x) => x !== n) : [...list, n].sort((a, b) => a - b);
}

/** T: only the track heard, or every track again. */
export function heardOnly(audio: readonly { audio_track: number }[], dropped: DroppedTracks, heard: number): DroppedTracks {
  const others = audio.map((t) => t.audio_track).filter((n) => n !== heard);
  const isHeardOnly = others.length > 0 && others.every((n) => dropped.audio.includes(n)) && !dropped.audio.includes(heard);
  return { ...dropped, audio: isHeardOnly ? [] : others };
}

/** Why the kept sound does not fit the output file, in the view's words; null when it does. */
export function trackProblem(filename: string, audioCount: number, keptAudio: number, mix = false): string | null {
  const ext = extensionOf(filename);
  if (audioCount === 0 || !SOUND_ONLY_EXTENSIONS.includes(ext)) return null;
  if (keptAudio === 0) return `A .${ext} file holds sound only: keep a sound track (T keeps the one you hear).`;
  if (keptAudio > 1 && !mix && ONE_TRACK_EXTENSIONS.includes(ext))
    return `A .${ext} file holds one sound track: press T to keep the one you hear, Shift+T to mix the ${keptAudio} into one, or name the file .m4a or .mka to keep ${keptAudio}.`;
  return null;
}
