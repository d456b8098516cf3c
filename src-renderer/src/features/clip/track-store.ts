import type { DroppedTracks } from './export-tracks';
import { loadEntry, saveEntry } from '../../lib/recent-entries';

/**
 * The tracks chosen on each file, kept as its segments are (docs/gui.md, "Tracks"): the sound
 * track heard (A), the subtitles shown (U), the tracks an export leaves out (T, the boxes) and the mix (Shift+T). A reload, or opening the
 * file again, comes back to them; nothing is kept while they are the defaults.
 */
const PREFIX = 'ffdesk.clip.tracks.v1.';
const MAX_FILES = 50;

export interface TrackChoices {
  /** 1-based. */
  heard: number;
  dropped: DroppedTracks;
  /** The sound tracks kept are mixed into one (Shift+T). */
  mix: boolean;
  /** The subtitle track shown over the picture (U), 1-based; null: none. */
  shownSubtitles: number | null;
}

const trackList = (x: unknown): x is number[] => Array.isArray(x) && x.length <= 64 && x.every((n) => Number.isInteger(n) && n >= 1 && n <= 64);

/** The choices in a stored entry, or null when it is not one. Pure. */
export function parseTrackChoices(text: string | null): TrackChoices | null {
  if (!text) return null;
  try {
    const c = JSON.parse(text) as Partial<TrackChoices>;
    const d = c.dropped as Partial<DroppedTracks> | undefined;
    if (!Number.isInteger(c.heard) || (c.heard as number) < 1 || (c.heard as number) > 64 || !d || !trackList(d.audio) || !trackList(d.subtitles)) return null;
    const shown =
      Number.isInteger(c.shownSubtitles) && (c.shownSubtitles as number) >= 1 && (c.shownSubtitles as number) <= 64 ? (c.shownSubtitles as number) : null;
    return { heard: c.heard as number, dropped: { audio: d.audio, subtitles: d.subtitles }, mix: c.mix === true, shownSubtitles: shown };
  } catch {
    return null;
  }
}

export const loadTrackChoices = (fileId: string): TrackChoices | null => loadEntry(PREFIX, fileId, parseTrackChoices);

export function saveTrackChoices(fileId: string, c: TrackChoices): void {
  const isDefault = c.heard === 1 && c.dropped.audio.length === 0 && c.dropped.subtitles.length === 0 && !c.mix && c.shownSubtitles === null;
  saveEntry(PREFIX, fileId, isDefault ? null : c, MAX_FILES);
}
