import { lazy, Suspense, useEffect } from 'react';
import type { StoredFile } from '../../../src-service/client';
import { previewKindOf } from '../lib/media';
import { pictureNote, useProxyFallback } from './use-proxy-fallback';

// hls.js and dash.js are large: loaded only when a manifest is previewed (first render < 1 s).
const HlsPlayer = lazy(() => import('./HlsPlayer'));
const DashPlayer = lazy(() => import('./DashPlayer'));

/**
 * The right player for a stored file: video, audio, image, HLS, DASH; others get a link.
 * `onProxy`: told null once a video's picture is found not to show here, then the proxy's URL once it plays through one, so the
 * card's Open and View large show it too instead of a black picture.
 */
export function MediaPreview({ file, url, label, onProxy }: { file: StoredFile; url: string | null; label: string; onProxy?(url: string | null): void }) {
  if (file.is_deleted) return <p className="muted small">Deleted: the bytes are gone; the record and its metadata stay.</p>;
  // Only a stored file has bytes to show; whether it is private is said once, in the panel's Access section.
  if (file.status !== 'STORED') return <p className="muted small">No preview: {file.status === 'FAILED' ? 'nothing was stored' : 'nothing is stored yet'}.</p>;
  if (!url) return <p className="muted small">No preview link could be made for this file.</p>;
  const kind = previewKindOf(file);
  switch (kind) {
    case 'video':
      return <VideoPreview file={file} url={url} label={label} {...(onProxy ? { onProxy } : {})} />;
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
 * A video, and where the browser cannot show its picture, the service's proxy in its place
 * (useProxyFallback), with a line saying so; while it is made, how far it got; where none can be
 * made, where the picture can be seen.
 */
function VideoPreview({ file, url, label, onProxy }: { file: StoredFile; url: string; label: string; onProxy?(url: string | null): void }) {
  const fallback = useProxyFallback(file.file_id, (file.width ?? 0) > 0);
  const { proxyUrl, isPictureless } = fallback;
  useEffect(() => {
    if (isPictureless) onProxy?.(proxyUrl ?? null);
  }, [isPictureless, proxyUrl, onProxy]);
  return (
    <>
      <video className="media" src={proxyUrl ?? url} controls preload="metadata" aria-label={label} {...fallback.watch} />
      {isPictureless && (
        <p className="small muted" role="note" data-testid="no-picture-here">
          {pictureNote(fallback, file.codec)}
        </p>
      )}
    </>
  );
}
