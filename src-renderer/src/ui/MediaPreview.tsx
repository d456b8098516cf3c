import { lazy, Suspense, useEffect, useState } from 'react';
import { API, type StoredFile } from '../../../src-service/client';
import type { ProxyResponse } from '../../../src-service/contract/file-facts.schema';
import { useApi } from '../lib/api';
import { previewKindOf } from '../lib/media';
import { pollWhilePending } from '../lib/poll-pending';

// hls.js and dash.js are large: loaded only when a manifest is previewed (first render < 1 s).
const HlsPlayer = lazy(() => import('./HlsPlayer'));
const DashPlayer = lazy(() => import('./DashPlayer'));

/**
 * The right player for a stored file: video, audio, image, HLS, DASH; others get a link.
 * `onProxy`: told the proxy's URL once a video the browser cannot show plays through one, so the
 * card's Open and View large show it too instead of a black picture.
 */
export function MediaPreview({ file, url, label, onProxy }: { file: StoredFile; url: string | null; label: string; onProxy?(url: string): void }) {
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

/** How often to ask again while the service makes a proxy. */
const PROXY_POLL_MS = 2000;

/**
 * A video, and where the browser cannot show its picture (H.265 and ProRes in Chromium, which
 * plays the sound and leaves the box black), the service's small H.264 proxy in its place, made
 * once per file as for the Cut screen (GET /v1/files/{id}/proxy), with a line saying so; while
 * it is made, how far it got; where none can be made, where the picture can be seen.
 */
function VideoPreview({ file, url, label, onProxy }: { file: StoredFile; url: string; label: string; onProxy?(url: string): void }) {
  const { client } = useApi();
  const [isPictureless, setPictureless] = useState(false);
  const [proxy, setProxy] = useState<ProxyResponse | null>(null);
  const noPicture = () => setPictureless(true);
  useEffect(() => {
    if (!isPictureless) return;
    const ctl = new AbortController();
    pollWhilePending<ProxyResponse>(
      (signal) => client.call(API.getFileProxy, { params: { file_id: file.file_id }, signal }),
      PROXY_POLL_MS,
      ctl.signal,
      setProxy,
      () => setProxy({ status: 'FAILED' }),
    );
    return () => ctl.abort();
  }, [client, file.file_id, isPictureless]);
  const proxyUrl = proxy?.status === 'READY' ? proxy.url : undefined;
  useEffect(() => {
    if (proxyUrl) onProxy?.(proxyUrl);
  }, [proxyUrl, onProxy]);
  const codec = file.codec ? `${file.codec} ` : '';
  return (
    <>
      <video
        className="media"
        src={proxyUrl ?? url}
        controls
        preload="metadata"
        aria-label={label}
        onLoadedMetadata={(e) => !proxyUrl && e.currentTarget.videoWidth === 0 && (file.width ?? 0) > 0 && noPicture()}
        onError={() => !proxyUrl && noPicture()}
      />
      {isPictureless && (
        <p className="small muted" role="note" data-testid="no-picture-here">
          {proxyUrl
            ? `Shown through a proxy: this browser cannot show this ${codec}picture. The download is the original.`
            : proxy?.status === 'PENDING'
              ? `This browser cannot show this ${codec}picture: a proxy it can show is being made${typeof proxy.percent === 'number' ? ` (${Math.round(proxy.percent)} %)` : ''}…`
              : `This browser cannot show this ${codec}picture. Your own player plays the download.`}
        </p>
      )}
    </>
  );
}
