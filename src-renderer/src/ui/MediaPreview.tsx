import { lazy, Suspense } from 'react';
import type { StoredFile } from '../../../src-service/client';
import { previewKindOf } from '../lib/media';

// hls.js is large: loaded only when an HLS manifest is previewed (first render < 1 s).
const HlsPlayer = lazy(() => import('./HlsPlayer'));

/** The right player for a stored file: video, audio, image, HLS; DASH and others get a link. */
export function MediaPreview({ file, url, label }: { file: StoredFile; url: string | null; label: string }) {
  if (!url) return <p className="muted small">No URL: the file is private (get a presigned link) or deleted.</p>;
  const kind = previewKindOf(file);
  switch (kind) {
    case 'video':
      return <video className="media" src={url} controls preload="metadata" aria-label={label} />;
    case 'audio':
      return <audio className="media media-audio" src={url} controls preload="metadata" aria-label={label} />;
    case 'image':
      return <img className="media media-image" src={url} alt={label} loading="lazy" />;
    case 'hls':
      return (
        <Suspense fallback={<div className="media" aria-busy="true" style={{ aspectRatio: '16 / 9' }} />}>
          <HlsPlayer url={url} label={label} />
        </Suspense>
      );
    case 'dash':
      return <DashNotice url={url} />;
    default:
      return (
        <p className="small">
          No preview for this kind of file. <a href={url} download>Download it</a>.
        </p>
      );
  }
}

/**
 * The `dash.js` package installed in this repo is not the DASH-IF player (that one is
 * published as `dashjs`), so DASH manifests are offered as a link until it is replaced.
 */
function DashNotice({ url }: { url: string }) {
  return (
    <div className="notice notice-info small">
      <span>
        DASH playback in the app needs the DASH-IF player. Open the <a href={url} target="_blank" rel="noreferrer">manifest</a> in a DASH-capable player
        (VLC, ffplay, or a dash.js page).
      </span>
    </div>
  );
}
