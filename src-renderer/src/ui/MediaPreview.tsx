import { lazy, Suspense } from 'react';
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
      return <video className="media" src={url} controls preload="metadata" aria-label={label} />;
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
