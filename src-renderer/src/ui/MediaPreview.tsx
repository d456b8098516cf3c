import { lazy, Suspense, useState } from 'react';
import type { StoredFile } from '../../../src-service/client';
import { previewKindOf } from '../lib/media';

// hls.js and dash.js are large: loaded only when a manifest is previewed (first render < 1 s).
const HlsPlayer = lazy(() => import('./HlsPlayer'));
const DashPlayer = lazy(() => import('./DashPlayer'));

/** The right player for a stored file: video, audio, image, HLS, DASH; others get a link. */
export function MediaPreview({ file, url, label }: { file: StoredFile; url: string | null; label: string }) {
  if (file.is_deleted) return <p className="muted small">Deleted: the bytes are gone; the record and its metadata stay.</p>;
  // Only a stored file has bytes to show; whether it is private is said once, in the panel's Access section.
  if (file.status !== 'STORED') return <p className="muted small">No preview: {file.status === 'FAILED' ? 'nothing was stored' : 'nothing is stored yet'}.</p>;
  if (!url) return <p className="muted small">No preview link could be made for this file.</p>;
  const kind = previewKindOf(file);
  switch (kind) {
    case 'video':
      return <VideoPreview file={file} url={url} label={label} />;
    case 'audio':
      return <audio className="media media-audio" src={url} controls preload="metadata" aria-label={label} />;
    case 'image':
      return <img className="media media-image" src={url} alt={label} loading="lazy" />;
    case 'hls':
    case 'dash':
      return (
        <Suspense fallback={<div className="media" aria-busy="true" style={{ aspectRatio: '16 / 9' }} />}>
          {kind === 'hls' ? <HlsPlayer url={url} label={label} /> : <DashPlayer url={url} label={label} />}
        </Suspense>
      );
    default:
      return (
        <p className="small">
          No preview for this kind of file.{' '}
          <a href={url} download>
            Download it
          </a>
          .
        </p>
      );
  }
}

/**
 * A video, and where the browser cannot show its picture (H.265 and ProRes in Chromium, which
 * plays the sound and leaves the box black), a line saying so and where it can be seen.
 */
function VideoPreview({ file, url, label }: { file: StoredFile; url: string; label: string }) {
  const [isPictureless, setPictureless] = useState(false);
  const noPicture = () => setPictureless(true);
  return (
    <>
      <video
        className="media"
        src={url}
        controls
        preload="metadata"
        aria-label={label}
        onLoadedMetadata={(e) => e.currentTarget.videoWidth === 0 && (file.width ?? 0) > 0 && noPicture()}
        onError={noPicture}
      />
      {isPictureless && (
        <p className="small muted" role="note" data-testid="no-picture-here">
          This browser cannot show this {file.codec ? `${file.codec} ` : ''}picture. The Cut screen shows it through a proxy, and your own player plays the
          download.
        </p>
      )}
    </>
  );
}
