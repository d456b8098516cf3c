import { useEffect, useRef, useState } from 'react';
import Hls from 'hls.js';

/** HLS through hls.js (Media Source Extensions); Safari-style native HLS where hls.js is unsupported. */
export default function HlsPlayer({ url, label }: { url: string; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (!Hls.isSupported()) {
      el.src = url;
      return;
    }
    const hls = new Hls({ enableWorker: true });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) setError(`${data.type}: ${data.details}`);
    });
    hls.loadSource(url);
    hls.attachMedia(el);
    return () => hls.destroy();
  }, [url]);

  return (
    <div className="stack">
      <video ref={video} className="media" controls preload="metadata" aria-label={label} data-player="hls" />
      {error && <p className="field-error">The HLS stream could not be played ({error}).</p>}
    </div>
  );
}
