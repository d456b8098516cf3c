import { useEffect, useState } from 'react';
import type { ClipApi } from './clip-api';
import type { SubtitleTrack } from './export-tracks';

export interface ShownSubtitles {
  /** The text tracks the player can show (picture tracks are not shown). */
  tracks: readonly SubtitleTrack[];
  /** The track shown, 1-based among the file's subtitle tracks; null: none. */
  shown: number | null;
  /** Its WebVTT, once the service made it (GET /v1/files/{id}/subtitles). */
  url: string | null;
  /** Why it could not be shown. */
  failed?: string;
  /** U: the next text track, after the last none. */
  next(): void;
}

/**
 * Which subtitle track the player shows over the picture (docs/gui.md, "Subtitles in the
 * player"): none at first; U goes through the text tracks, then back to none. Each track's WebVTT
 * is asked for once and kept (made once per file and track by the service).
 */
export function useShownSubtitles(api: ClipApi, fileId: string, all: readonly SubtitleTrack[], first: number | null = null): ShownSubtitles {
  const tracks = all.filter((t) => !t.is_picture);
  const [chosen, setShown] = useState<number | null>(first);
  // A track kept from before (track-store.ts) is shown once the file's tracks are known to hold it as text.
  const shown = tracks.some((t) => t.subtitle_track === chosen) ? chosen : null;
  const [made, setMade] = useState<Record<number, { url?: string; failed?: string }>>({});
  const known = shown === null ? undefined : made[shown];
  useEffect(() => {
    if (shown === null || known) return;
    const ctl = new AbortController();
    api.subtitles(fileId, shown, ctl.signal).then(
      (s) => !ctl.signal.aborted && setMade((m) => ({ ...m, [shown]: { url: s.url } })),
      (err: unknown) => !ctl.signal.aborted && setMade((m) => ({ ...m, [shown]: { failed: err instanceof Error ? err.message : String(err) } })),
    );
    return () => ctl.abort();
  }, [api, fileId, shown, known]);
  const numbers = tracks.map((t) => t.subtitle_track);
  return {
    tracks,
    shown,
    url: known?.url ?? null,
    ...(known?.failed ? { failed: known.failed } : {}),
    next: () => setShown(shown === null ? (numbers[0] ?? null) : (numbers[numbers.indexOf(shown) + 1] ?? null)),
  };
}
