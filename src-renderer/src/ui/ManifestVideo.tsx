import { useEffect, useRef, useState } from 'react';

/**
 * A <video> fed by a streaming library (hls.js, dash.js): `attach` wires the player to the
 * element and returns its teardown; `onError` reports a fatal playback error in the card.
 */
export function ManifestVideo({
  url,
  label,
  kind,
  attach,
}: {
  url: string;
  label: string;
  kind: 'hls' | 'dash';
  attach: (video: HTMLVideoElement, url: string, onError: (message: string) => void) => (() => void) | undefined;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    setError(null);
    return attach(el, url, setError);
  }, [url, attach]);

  return (
    <div className="stack">
      <video ref={video} className="media" controls preload="metadata" aria-label={label} data-player={kind} />
      {error && (
        <p className="field-error">
          The {kind.toUpperCase()} stream could not be played ({error}).
        </p>
      )}
    </div>
  );
}
