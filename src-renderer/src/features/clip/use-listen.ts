import { useEffect, useState, type RefObject } from 'react';
import type { ClipApi, KeyframesResponse, TimelineResponse } from './clip-api';
import { pollWhilePending } from '../../lib/poll-pending';

/** How often to ask again while the service makes a track's sound. */
const SOUND_POLL_MS = 1000;
/** Further apart than this, the sound is moved back onto the picture's time at once (a jump of one word is audible, a 0.1 s lag is not). */
const MAX_DRIFT_SECONDS = 0.1;
/** Closer than this, the sound is on the picture (less than half a frame at 30 fps). */
const IN_STEP_SECONDS = 0.015;
/** How much faster (or slower) the sound plays at most while it closes a smaller gap: 5 %, not heard. */
const MAX_NUDGE = 0.05;
/** How often the gap is measured while both play. */
const ALIGN_EVERY_MS = 200;

export type AudioTrack = KeyframesResponse['audio_tracks'][number];

export interface Listening {
  /** The track heard, 1-based. */
  track: number;
  tracks: readonly AudioTrack[];
  /** Track 1 plays from the picture itself; another from its own sound (GET /v1/files/{id}/sound), once made. */
  soundUrl: string | null;
  /** While another track's sound is made, or why it could not be. */
  state: 'picture' | 'making' | 'ready' | 'failed';
  reason?: string;
  /** A: the next track, after the last the first. */
  next(): void;
}

/** "2 · Mic (eng, 2 ch)": how the picker and the overlay name a track. */
export function trackLabel(t: AudioTrack): string {
  const details = [t.language, t.channels ? `${t.channels} ch` : null, t.title ? null : t.codec].filter(Boolean).join(', ');
  return `${t.audio_track}${t.title ? ` · ${t.title}` : ''}${details ? ` (${details})` : ''}`;
}

/**
 * Which audio track the editor hears (docs/gui.md, "Audio tracks"). A `<video>` plays the first
 * track of a file and Chromium switches tracks only behind a flag, so any other track plays from
 * its own sound file beside the muted picture (useFollowingSound); so does the first where the
 * picture lacks it (`pictureHasSound` false: a quick look of sound MP4 does not hold). Each
 * track's URL is kept once signed, so going back to it does not load it again.
 */
export function useListen(api: ClipApi, fileId: string, tracks: readonly AudioTrack[], pictureHasSound = true, firstTrack = 1): Listening {
  // The clip view is mounted once per file (ClipPage keys it by the file id): no reset per file here.
  const [chosen, setTrack] = useState(firstTrack);
  // A track kept from before (track-store.ts) is heard once the file's tracks are known to hold it.
  const track = chosen <= tracks.length ? chosen : 1;
  const [sounds, setSounds] = useState<Record<number, { url?: string; failed?: string }>>({});
  const known = sounds[track];
  // Track 1 plays from the picture, unless the picture has no sound (a quick look of PCM): then from its sound file too.
  const fromPicture = track === 1 && (pictureHasSound || tracks.length === 0);
  useEffect(() => {
    if (fromPicture || known) return;
    const ctl = new AbortController();
    const settle = (done: { url?: string; failed?: string }) => setSounds((all) => ({ ...all, [track]: done }));
    pollWhilePending(
      (signal) => api.sound(fileId, track, signal),
      SOUND_POLL_MS,
      ctl.signal,
      (s) => s.status !== 'PENDING' && settle(s.status === 'READY' && s.url ? { url: s.url } : { failed: s.reason ?? 'unknown error' }),
      (err) => settle({ failed: err instanceof Error ? err.message : String(err) }),
    );
    return () => ctl.abort();
  }, [api, fileId, track, known, fromPicture]);
  const count = Math.max(1, tracks.length);
  const state = fromPicture ? 'picture' : known?.url ? 'ready' : known?.failed ? 'failed' : 'making';
  return {
    track,
    tracks,
    soundUrl: fromPicture ? null : (known?.url ?? null),
    state,
    ...(known?.failed ? { reason: known.failed } : {}),
    next: () => setTrack(() => (track % count) + 1),
  };
}

/**
 * Keeps a sound element on the picture's clock: muted picture, the sound playing, pausing, seeking
 * and changing speed with it, moved back whenever it drifts more than MAX_DRIFT_SECONDS. Both files
 * count their times from the source's start (the service makes them so), so their clocks agree.
 * On track 1 the picture's own sound plays. On another, the picture stays muted while its sound
 * is made (or could not be): the editor asked not to hear track 1.
 */
export function useFollowingSound(
  videoRef: RefObject<HTMLVideoElement | null>,
  audioRef: RefObject<HTMLAudioElement | null>,
  listening: Listening,
  /** The picture's URL: the element is new when it appears, and muted afresh. */
  pictureUrl: string | null,
): void {
  const { soundUrl, state } = listening;
  useEffect(() => {
    const v = videoRef.current;
    if (!v) return;
    v.muted = state !== 'picture';
    const a = audioRef.current;
    if (!soundUrl || !a) return;
    // The two elements start their clocks apart (the sound element starts playing a few tens of ms
    // after the picture, a different gap at each start: 33 and 91 ms measured): a gap under
    // MAX_DRIFT_SECONDS is closed by playing the sound a little faster or slower until it is on
    // the picture, with no jump heard; a larger one by moving it (docs/gui.md, "Audio tracks").
    const align = () => {
      const lag = v.currentTime - a.currentTime;
      if (Math.abs(lag) > MAX_DRIFT_SECONDS) a.currentTime = v.currentTime;
      const nudge = Math.abs(lag) < IN_STEP_SECONDS || Math.abs(lag) > MAX_DRIFT_SECONDS ? 0 : Math.max(-MAX_NUDGE, Math.min(MAX_NUDGE, lag));
      const rate = v.playbackRate * (1 + nudge);
      if (a.playbackRate !== rate) a.playbackRate = rate;
    };
    const follow = () => {
      a.playbackRate = v.playbackRate;
      // Stalled (waiting for data) counts as paused: the sound must not run ahead of a picture that waits.
      if (v.paused || v.seeking || v.ended || v.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) {
        a.pause();
        a.currentTime = v.currentTime;
        return;
      }
      align();
      if (a.paused) void a.play().catch(() => undefined);
    };
    const events = ['play', 'playing', 'pause', 'seeking', 'seeked', 'ended', 'ratechange', 'waiting'] as const;
    for (const e of events) v.addEventListener(e, follow);
    a.addEventListener('loadedmetadata', follow);
    const drift = setInterval(() => !v.paused && !v.seeking && !a.paused && align(), ALIGN_EVERY_MS);
    follow();
    return () => {
      for (const e of events) v.removeEventListener(e, follow);
      a.removeEventListener('loadedmetadata', follow);
      clearInterval(drift);
      a.pause();
    };
  }, [videoRef, audioRef, soundUrl, state, pictureUrl]);
}

/**
 * The waveform of the track heard: track 1's comes with the timeline (`first`); another's is asked
 * for once (GET /v1/files/{id}/timeline?audio_track=n, computed once per track). Null while it
 * comes, rather than the wrong track's shape.
 */
export function useTrackWaveform(
  api: ClipApi,
  fileId: string,
  track: number,
  first: TimelineResponse['waveform'] | undefined,
): TimelineResponse['waveform'] | undefined {
  const [waves, setWaves] = useState<Record<number, TimelineResponse['waveform']>>({});
  const known = track === 1 ? undefined : waves[track];
  useEffect(() => {
    if (track === 1 || known !== undefined) return;
    const ctl = new AbortController();
    api.timeline(fileId, ctl.signal, track).then(
      (t) => !ctl.signal.aborted && setWaves((all) => ({ ...all, [track]: t.waveform })),
      () => undefined, // the picture and the sound still work; the timeline shows no waveform
    );
    return () => ctl.abort();
  }, [api, fileId, track, known]);
  return track === 1 ? first : (known ?? null);
}
