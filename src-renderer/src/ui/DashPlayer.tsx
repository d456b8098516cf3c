import { MediaPlayer } from 'dashjs';
import { ManifestVideo } from './ManifestVideo';

/** DASH through the DASH-IF reference player (Media Source Extensions). */
function attachDash(el: HTMLVideoElement, url: string, onError: (message: string) => void): () => void {
  const player = MediaPlayer().create();
  player.on(MediaPlayer.events.ERROR, (e: { error?: { message?: string } | string }) => {
    onError(typeof e.error === 'string' ? e.error : (e.error?.message ?? 'unknown error'));
  });
  player.initialize(el, url, false);
  return () => player.reset();
}

export default function DashPlayer({ url, label }: { url: string; label: string }) {
  return <ManifestVideo url={url} label={label} kind="dash" attach={attachDash} />;
}
