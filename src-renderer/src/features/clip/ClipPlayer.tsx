import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '../../ui/Button';
import { doesOf } from './keymap';
import { formatTimecode, parseGoTo, SOUND_STEP } from './timecode';
import { formatEta } from '../../lib/format';
import type { ProxyMaking } from './use-clip-facts';
import { trackLabel, type Listening } from './use-listen';
import type { ShownSubtitles } from './use-subtitles';

interface Props {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Another audio track's sound, played beside the muted picture (use-listen.ts). */
  soundRef: RefObject<HTMLAudioElement | null>;
  listening: Listening;
  /** The subtitle track shown over the picture (U), if any. */
  subtitles: ShownSubtitles;
  url: string | null;
  isProxy: boolean;
  /** `url` is the quick look (the original copied into MP4) while the proxy is made. */
  isQuick?: boolean | undefined;
  note?: string;
  /** While the proxy is made: how far it got and the time left, once its ffmpeg runs. */
  making?: ProxyMaking | undefined;
  label: string;
  time: number;
  duration: number;
  fps: number;
  /** The file has no picture: the steps are said in time, not frames (the player box is hidden: clip.css). */
  soundOnly?: boolean;
  shuttle: number;
  onToggle(): void;
  /** What the key of the same name does (keymap.ts): the buttons and the keys cannot disagree. */
  onAction(action: 'keyframeBack' | 'frameBack' | 'frameForward' | 'keyframeForward'): void;
  /** The picture moved to another URL (the quick look to the proxy): go on from `time` at `shuttle`. */
  onResume(time: number, shuttle: number): void;
  /** Go to a time typed in place of the timecode (Ctrl+G). */
  goTo: GoTo;
}

interface GoTo {
  isOpen: boolean;
  open(): void;
  /** `back`: the focus returns to the clip view (Enter, Escape), not left where a click put it. */
  close(back: boolean): void;
  go(t: number): void;
}

/**
 * "37 %, about 12:05 left": no time left before the first 1 %, where ffmpeg's speed still counts
 * its start (a 150 s proxy said "about 1:22 left" at 0 % and took 31 s).
 */
const madeSoFar = (m: ProxyMaking) => `${Math.floor(m.percent)} %${m.etaSeconds !== null && m.percent >= 1 ? `, about ${formatEta(m.etaSeconds)} left` : ''}`;

/** The picture, the timecode and the transport buttons (each also a key: see `?`). */
export function ClipPlayer(props: Props) {
  const {
    videoRef,
    soundRef,
    listening,
    subtitles,
    url,
    isProxy,
    isQuick,
    note,
    making,
    label,
    time,
    duration,
    fps,
    soundOnly = false,
    shuttle,
    onToggle,
    onAction,
    goTo,
  } = props;
  useResumeOnNewUrl(props);
  const shown = subtitles.tracks.find((t) => t.subtitle_track === subtitles.shown);
  const trackRef = useRef<HTMLTrackElement>(null);
  // A track element added after the video loaded starts hidden, whatever `default` says: shown here.
  useLayoutEffect(() => {
    if (trackRef.current) trackRef.current.track.mode = 'showing';
  }, [subtitles.url, url]);
  return (
    <div className="clip-player stack">
      <div className="clip-screen">
        {url ? (
          <video ref={videoRef} src={url} preload="auto" playsInline aria-label={`Player: ${label}`} onClick={onToggle}>
            {shown && subtitles.url && (
              <track
                ref={trackRef}
                key={subtitles.url}
                kind="subtitles"
                src={subtitles.url}
                srcLang={shown.language ?? undefined}
                label={subtitleName(shown)}
                default
              />
            )}
          </video>
        ) : (
          <p className="muted small" role="status">
            {isProxy ? `Making a proxy the browser can play…${making ? ` ${madeSoFar(making)}` : ''}` : 'Loading…'}
          </p>
        )}
      </div>
      {isProxy && (
        <p className="chip chip-info clip-proxy-note" role="note">
          {isQuick
            ? `Quick look${note ? ` (${note})` : ''}: a proxy for faster frame steps is on its way${making ? `, ${madeSoFar(making)}` : ''}.`
            : `${url ? 'Showing a proxy' : 'A proxy is on its way'}${note ? ` (${note})` : ''}.`}{' '}
          Cuts use the original.
        </p>
      )}
      <div className="row-wrap clip-transport">
        <Button size="small" aria-label={doesOf('keyframeBack', soundOnly)} aria-keyshortcuts="Shift+ArrowLeft" onClick={() => onAction('keyframeBack')}>
          ⇤
        </Button>
        <Button size="small" aria-label={doesOf('frameBack', soundOnly)} aria-keyshortcuts="ArrowLeft" onClick={() => onAction('frameBack')}>
          ◂
        </Button>
        <Button size="small" variant="primary" aria-keyshortcuts="Space" onClick={onToggle}>
          {shuttle === 0 ? 'Play' : 'Pause'}
        </Button>
        <Button size="small" aria-label={doesOf('frameForward', soundOnly)} aria-keyshortcuts="ArrowRight" onClick={() => onAction('frameForward')}>
          ▸
        </Button>
        <Button size="small" aria-label={doesOf('keyframeForward', soundOnly)} aria-keyshortcuts="Shift+ArrowRight" onClick={() => onAction('keyframeForward')}>
          ⇥
        </Button>
        {goTo.isOpen ? (
          <GoToField time={time} fps={fps} sound={soundOnly} duration={duration} goTo={goTo} />
        ) : (
          <>
            <output className="clip-timecode" aria-label="Timecode" aria-live="off" data-testid="timecode">
              {formatTimecode(time, fps, soundOnly)}
            </output>
          </>
        )}
        <span className="muted small">
          / {formatTimecode(duration, fps, soundOnly)} · {soundOnly ? `sound only, steps of ${SOUND_STEP} ms` : `${Math.round(fps * 1000) / 1000} fps`}
          {shuttle !== 0 && shuttle !== 1 ? ` · ${shuttle}×` : ''}
        </span>
        {!goTo.isOpen && (
          <Button size="small" variant="ghost" aria-keyshortcuts="Control+G" title="Go to a time (Ctrl+G)" onClick={goTo.open}>
            Go to…
          </Button>
        )}
        <SoundTrack listening={listening} />
        <SubtitlesShown subtitles={subtitles} />
      </div>
      {listening.soundUrl && <audio ref={soundRef} src={listening.soundUrl} preload="auto" data-testid="sound" />}
    </div>
  );
}

/** "1 · English (eng)". */
const subtitleName = (t: ShownSubtitles['tracks'][number]) => `${t.subtitle_track}${t.title ? ` · ${t.title}` : ''}${t.language ? ` (${t.language})` : ''}`;

/** Which subtitle track shows over the picture, where the file has text subtitles: a button that goes to the next (U). */
function SubtitlesShown({ subtitles }: { subtitles: ShownSubtitles }) {
  const { tracks, shown, url, failed, next } = subtitles;
  if (tracks.length === 0) return null;
  const current = tracks.find((t) => t.subtitle_track === shown);
  return (
    <>
      <Button size="small" aria-keyshortcuts="U" onClick={next} data-testid="subtitles-shown">
        Subtitles: {current ? subtitleName(current) : 'off'}
      </Button>
      {current && (
        <span className="muted small" role="status">
          {failed ? `Track ${current.subtitle_track} cannot be shown: ${failed}.` : url ? '' : `Getting subtitle track ${current.subtitle_track}…`}
        </span>
      )}
    </>
  );
}

/** Which audio track is heard, where the file has more than one: a button that goes to the next (A), and what the sound is doing. */
function SoundTrack({ listening }: { listening: Listening }) {
  const { tracks, track, state, reason, next } = listening;
  const current = tracks[track - 1];
  if (tracks.length < 2 || !current) return null;
  return (
    <>
      <Button size="small" aria-keyshortcuts="A" onClick={next} data-testid="sound-track">
        Sound: {trackLabel(current)}
      </Button>
      <span className="muted small" role="status">
        {state === 'making' ? `Getting track ${track}'s sound…` : state === 'failed' ? `Track ${track} cannot be played: ${reason ?? 'unknown error'}.` : ''}
      </span>
    </>
  );
}

/**
 * When the picture moves to another URL (the quick look to the proxy), the element starts the new
 * one at 0, paused: once it knows its length, the playhead and the shuttle go back to where they
 * were the render before.
 */
function useResumeOnNewUrl({ videoRef, url, time, shuttle, onResume }: Props): void {
  const before = useRef({ url, time, shuttle });
  const resume = useRef(onResume);
  resume.current = onResume;
  useLayoutEffect(() => {
    const was = before.current;
    const v = videoRef.current;
    if (!v || !url || !was.url || was.url === url) return;
    const go = () => resume.current(was.time, was.shuttle);
    v.addEventListener('loadedmetadata', go, { once: true });
    return () => v.removeEventListener('loadedmetadata', go);
  }, [url, videoRef]);
  // After the effect above: it reads the render before this one.
  useLayoutEffect(() => {
    before.current = { url, time, shuttle };
  });
}

/**
 * The timecode turned into a field (Ctrl+G, or "Go to…"): it starts with the playhead's timecode
 * selected, so typing replaces it; Enter goes there, Escape leaves (docs/gui.md, "The clip view").
 */
function GoToField({ time, fps, sound, duration, goTo }: { time: number; fps: number; sound: boolean; duration: number; goTo: GoTo }) {
  const [text, setText] = useState(() => formatTimecode(time, fps, sound));
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => field.current?.select(), []);
  const go = () => {
    const t = parseGoTo(text, fps, sound);
    if (t === 'invalid') return setProblem(sound ? 'Type a time such as 1:02:13.250, 1:15 or 75.5.' : 'Type a time such as 1:02:13, 75.5 or 01:02:13:05.');
    if (t >= duration) return setProblem(`The file ends at ${formatTimecode(duration, fps, sound)}.`);
    goTo.go(t);
    goTo.close(true);
  };
  return (
    <span className="row-wrap">
      <input
        ref={field}
        className="input clip-timecode clip-goto"
        aria-label="Go to a time"
        aria-invalid={problem !== null}
        aria-describedby={problem ? 'clip-goto-problem' : undefined}
        value={text}
        autoFocus
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          // Ctrl+G again, with the field open: its text selected, so what is typed replaces it (it was added to).
          if (e.key.toLowerCase() === 'g' && (e.ctrlKey || e.metaKey)) e.currentTarget.select();
          else if (e.key === 'Enter') go();
          else if (e.key === 'Escape') goTo.close(true);
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
        onBlur={() => goTo.close(false)}
      />
      {problem && (
        <span id="clip-goto-problem" className="field-error small" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
