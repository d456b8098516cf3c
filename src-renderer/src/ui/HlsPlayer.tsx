import Hls from 'hls.js';
import { ManifestVideo } from './ManifestVideo';

/** HLS through hls.js (Media Source Extensions); Safari-style native HLS where hls.js is unsupported. */
function attachHls(el: HTMLVideoElement, url: string, onError: (message: string) => void): (() => void) | undefined {
  if (!Hls.isSupported()) {
    el.src = url;
    return undefined;
  }
  const hls = new Hls({ enableWorker: true });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onError(`${data.type}: ${data.details}`);
  });
  hls.loadSource(url);
  hls.attachMedia(el);
  return () => hls.destroy();
}

export default function HlsPlayer({ url, label }: { url: string; label: string }) {
  return <ManifestVideo url={url} label={label} kind="hls" attach={attachHls} />;
}
