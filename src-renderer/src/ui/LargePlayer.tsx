import { useEffect, useRef } from 'react';
import { Button } from './Button';

interface Props {
  kind: 'video' | 'image';
  url: string;
  label: string;
  /** Frames per second, for frame stepping (25 when unknown). */
  frameRate?: number;
  /** The job's input, shown side by side for comparison when given. */
  compare?: { url: string; label: string };
  onClose(): void;
}

/**
 * A large player in a modal dialog: frame stepping (buttons, or , and . keys like most
 * editors) and an optional side-by-side view of the input, both videos kept at the same
 * time so a difference is a difference in the encode, not in the moment.
 */
export function LargePlayer({ kind, url, label, frameRate, compare, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const main = useRef<HTMLVideoElement>(null);
  const other = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const videos = () => [main.current, other.current].filter((v): v is HTMLVideoElement => v !== null);
  const step = (frames: number) => {
    const base = main.current;
    if (!base) return;
    const t = Math.max(0, base.currentTime + frames / (frameRate || 25));
    videos().forEach((v) => {
      v.pause();
      v.currentTime = t;
    });
  };
  const togglePlay = () => {
    const base = main.current;
    if (!base) return;
    if (base.paused) {
      videos().forEach((v) => {
        v.currentTime = base.currentTime;
        v.muted = v !== base;
        void v.play();
      });
    } else videos().forEach((v) => v.pause());
  };

  return (
    <dialog
      ref={dialog}
      className="large-player"
      aria-label={`Large view of ${label}`}
      onClose={onClose}
      onKeyDown={(e) => {
        if (kind !== 'video') return;
        if (e.key === ',') step(-1);
        if (e.key === '.') step(1);
      }}
    >
      <div className={compare ? 'large-player-media large-player-compare' : 'large-player-media'}>
        {compare && (
          <figure>
            {kind === 'video' ? (
              <video ref={other} src={compare.url} preload="auto" muted aria-label={compare.label} />
            ) : (
              <img src={compare.url} alt={compare.label} />
            )}
            <figcaption className="small muted">{compare.label}</figcaption>
          </figure>
        )}
        <figure>
          {kind === 'video' ? <video ref={main} src={url} preload="auto" controls={!compare} aria-label={label} /> : <img src={url} alt={label} />}
          <figcaption className="small muted">{label}</figcaption>
        </figure>
      </div>
      <div className="row-wrap">
        {kind === 'video' && (
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
