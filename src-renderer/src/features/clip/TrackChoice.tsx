import type { Dispatch, SetStateAction } from 'react';
import { toggled, type DroppedTracks, type SubtitleTrack } from './export-tracks';
import { trackLabel, type AudioTrack } from './use-listen';

interface Props {
  audio: readonly AudioTrack[];
  subtitles: readonly SubtitleTrack[];
  dropped: DroppedTracks;
  setDropped: Dispatch<SetStateAction<DroppedTracks>>;
  /** The sound tracks kept are mixed into one (Shift+T). */
  mix: boolean;
  setMix: Dispatch<SetStateAction<boolean>>;
  /** How many sound tracks the export keeps (the mix is offered from two). */
  keptSound: number;
  /** The export is a re-encode split across cores (P), whose join leaves picture subtitles out. */
  isSplit: boolean;
}

/**
 * "1 · English (fra)", and where the track is pictures, that only .mkv keeps it, and a split
 * re-encode not at all (docs/cutting.md, "Subtitles").
 */
function subtitleLabel(t: SubtitleTrack, isSplit: boolean): string {
  const details = [t.language, t.title ? null : t.codec].filter(Boolean).join(', ');
  const pictures = isSplit ? ' — pictures: a split re-encode leaves them out (P: one encode keeps them in .mkv)' : ' — pictures: kept in .mkv only';
  return `${t.subtitle_track}${t.title ? ` · ${t.title}` : ''}${details ? ` (${details})` : ''}${t.is_picture ? pictures : ''}`;
}

/**
 * The tracks an export keeps (docs/gui.md, "Tracks"): a box per audio and subtitle track, all
 * ticked at first. Shown where there is a choice: two sound tracks or more, any subtitle track,
 * or a video's one sound track (to export it silent).
 */
export function TrackChoice({ audio, subtitles, dropped, setDropped, mix, setMix, keptSound, isSplit }: Props) {
  const box = (kind: 'audio' | 'subtitles', n: number, label: string) => (
    <label key={`${kind}-${n}`} className="clip-radio">
      <input type="checkbox" checked={!dropped[kind].includes(n)} onChange={() => setDropped((d) => ({ ...d, [kind]: toggled(d[kind], n) }))} />
      {label}
    </label>
  );
  return (
    <fieldset className="clip-fieldset" data-testid="track-choice">
      <legend className="field-label">Tracks kept{audio.length > 1 ? ' (T: only the sound you hear ⇄ all)' : ''}</legend>
      {audio.map((t) => box('audio', t.audio_track, `Sound ${trackLabel(t)}`))}
      {keptSound > 1 && (
        <label className="clip-radio">
          <input type="checkbox" checked={mix} onChange={(e) => setMix(e.target.checked)} aria-keyshortcuts="Shift+T" />
          Mix the {keptSound} sound tracks into one (most players play only the first; Shift+T switches)
        </label>
      )}
      {subtitles.map((t) => box('subtitles', t.subtitle_track, `Subtitles ${subtitleLabel(t, isSplit)}`))}
    </fieldset>
  );
}
