import { useEffect, useRef } from 'react';
import { Button } from './Button';
import { CompareView, type CompareSide } from './CompareView';

interface Props {
  kind: 'video' | 'image' | 'audio';
  url: string;
  label: string;
  /** The output's facts line, shown under it when comparing. */
  facts?: string;
  /** Frames per second, for frame stepping (25 when unknown). */
  frameRate?: number;
  /** The job's input, compared (wipe or side by side) when given; each side drawn by its own type. */
  compare?: CompareSide;
  onClose(): void;
}

/**
 * A large player in a modal dialog: frame stepping (buttons, or , and . keys like most
 * editors) and an optional side-by-side view of the input, both videos kept at the same
 * time so a difference is a difference in the encode, not in the moment.
 */
export function LargePlayer({ kind, url, label, facts, frameRate, compare, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const main = useRef<HTMLVideoElement>(null);
  const other = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const videos = () => [main.current, other.current].filter((v): v is HTMLVideoElement => v !== null);
  const step = (frames: number) => {
    const base = main.current ?? other.current;
    if (!base) return;
    const t = Math.max(0, base.currentTime + frames / (frameRate || 25));
    videos().forEach((v) => {
      v.pause();
      v.currentTime = t;
    });
  };
  const togglePlay = () => {
    const base = main.current ?? other.current;
    if (!base) return;
    if (base.paused) {
      videos().forEach((v) => {
        v.currentTime = base.currentTime;
        v.muted = v !== base;
        void v.play();
      });
    } else videos().forEach((v) => v.pause());
  };

  const hasVideo = kind === 'video' || compare?.kind === 'video';
  return (
    <dialog
      ref={dialog}
      className="large-player"
      aria-label={`Large view of ${label}`}
      onClose={onClose}
      onKeyDown={(e) => {
        if (!hasVideo) return;
        // The wipe slider and the layout radios keep their own keys (arrows); , and . are not theirs, and the dialog opens on a radio.
        if (e.target instanceof HTMLInputElement && e.target.type !== 'radio' && e.target.type !== 'range') return;
        if (e.key === ',') step(-1);
        if (e.key === '.') step(1);
      }}
    >
      {compare ? (
        <CompareView input={compare} output={{ url, label, kind, facts: facts ?? '' }} inputRef={other} outputRef={main} />
      ) : (
        <div className="large-player-media">
          <figure>
            {kind === 'video' ? (
              <video ref={main} src={url} preload="auto" controls aria-label={label} />
            ) : kind === 'audio' ? (
              <audio src={url} controls aria-label={label} />
            ) : (
              <img src={url} alt={label} />
            )}
            <figcaption className="small muted">{label}</figcaption>
          </figure>
        </div>
      )}
      <div className="row-wrap">
        {hasVideo && (
          <>
            <Button size="small" onClick={() => step(-1)} aria-keyshortcuts=",">
              ◀ Frame
            </Button>
            <Button size="small" onClick={togglePlay}>
              Play / pause
            </Button>
            <Button size="small" onClick={() => step(1)} aria-keyshortcuts=".">
              Frame ▶
            </Button>
            <span className="small muted">Keys , and . step one frame</span>
          </>
        )}
        <span className="spacer" />
        <Button size="small" variant="primary" onClick={() => dialog.current?.close()}>
          Close
        </Button>
      </div>
    </dialog>
  );
}
