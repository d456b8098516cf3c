import { useState } from 'react';
import type { StoredFile } from '../../../../src-service/client';
import { Button } from '../../ui/Button';
import { LargePlayer } from '../../ui/LargePlayer';
import type { CompareSide } from '../../ui/CompareView';
import { mediaFactsLine } from '../../lib/compare-facts';
import { formatDuration, formatMbytes } from '../../lib/format';
import { displayName, previewKindOf, sizeLabel } from '../../lib/media';
import { CopyButton } from '../../ui/CopyButton';
import { MediaPreview } from '../../ui/MediaPreview';
import { hrefOf } from '../../lib/router';

/** One output: a preview, its key facts and its link. */
export function OutputCard({ alias, file, input }: { alias: string; file: StoredFile; input?: CompareSide }) {
  const [isLarge, setLarge] = useState<'view' | 'compare' | null>(null);
  // A picture this browser cannot show (H.265, ProRes) plays through the service's proxy: Open and View large
  // show that too (they opened the original, a black picture with only its sound). Download stays the original.
  // undefined: the picture shows as it is; null: it does not, and its proxy is still being made (Open would show a
  // black tab with the sound: it waits for the proxy); a URL: the proxy.
  const [proxyUrl, setProxyUrl] = useState<string | null | undefined>(undefined);
  const shownUrl = proxyUrl === null ? null : (proxyUrl ?? file.storage_url);
  const kind = previewKindOf(file);
  const canEnlarge = file.storage_url && proxyUrl !== null && (kind === 'video' || kind === 'image');
  const canCompare = file.storage_url && proxyUrl !== null && (kind === 'video' || kind === 'image' || kind === 'audio');
  const facts = [
    file.file_format?.toUpperCase(),
    sizeLabel(file),
    file.duration ? formatDuration(file.duration) : null,
    formatMbytes(file.size_mbytes),
    file.file_count ? `${file.file_count} files` : null,
    file.is_private ? 'private' : null,
  ].filter(Boolean);
  return (
    <article className="card stack output-card" aria-label={`Output ${alias}`}>
      <div className="row">
        <code className="chip chip-plain">{alias}</code>
        <strong className="truncate">{displayName(file)}</strong>
      </div>
      <MediaPreview file={file} url={file.storage_url} label={`Preview of ${displayName(file)}`} onProxy={setProxyUrl} />
      <span className="small muted">{facts.join(' · ')}</span>
      <div className="row-wrap">
        {canEnlarge && (
          <Button size="small" onClick={() => setLarge('view')}>
            View large
          </Button>
        )}
        {canCompare && input && (
          <Button size="small" onClick={() => setLarge('compare')}>
            Compare with input
          </Button>
        )}
        {file.storage_url && (
          <a className="btn btn-small" href={file.storage_url} download={displayName(file)}>
            Download
          </a>
        )}
        {shownUrl && (
          <a className="btn btn-small" href={shownUrl} target="_blank" rel="noreferrer">
            {proxyUrl ? 'Open the proxy' : 'Open'}
          </a>
        )}
        {!file.is_deleted && (kind === 'video' || kind === 'audio') && (
          <a className="btn btn-small" href={hrefOf({ name: 'clip', id: file.file_id })} aria-label={`Cut ${displayName(file)} in the clip view`}>
            Cut
          </a>
        )}
        {!file.is_deleted && (
          <a className="btn btn-small" href={hrefOf({ name: 'files', id: file.file_id })}>
            Show in Files
          </a>
        )}
        {file.storage_url && <CopyButton size="small" label={file.is_private ? 'Copy 1-hour link' : 'Copy URL'} getText={() => file.storage_url ?? ''} />}
        {file.is_deleted && <span className="chip">deleted</span>}
      </div>
      {isLarge && file.storage_url && (kind === 'video' || kind === 'image' || kind === 'audio') && (
        <LargePlayer
          kind={kind}
          url={shownUrl ?? file.storage_url}
          label={displayName(file)}
          facts={mediaFactsLine(file)}
          frameRate={file.frame_rate}
          {...(isLarge === 'compare' && input ? { compare: input } : {})}
          onClose={() => setLarge(null)}
        />
      )}
    </article>
  );
}
