import { useEffect, useRef, useState } from 'react';
import { MediaPlayer } from 'dashjs';

/** DASH through the DASH-IF reference player (Media Source Extensions). */
export default function DashPlayer({ url, label }: { url: string; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const player = MediaPlayer().create();
    player.on(MediaPlayer.events.ERROR, (e: { error?: { message?: string } | string }) => {
      setError(typeof e.error === 'string' ? e.error : (e.error?.message ?? 'unknown error'));
    });
    player.initialize(el, url, false);
    return () => player.reset();
  }, [url]);

  return (
    <div className="stack">
      <video ref={video} className="media" controls preload="metadata" aria-label={label} data-player="dash" />
      {error && <p className="field-error">The DASH stream could not be played ({error}).</p>}
    </div>
  );
}
