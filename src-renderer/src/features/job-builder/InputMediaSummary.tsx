import type { StoredFile } from '../../../../src-service/client';
import { formatDuration, formatMbytes } from '../../lib/format';
import { previewKindOf, sizeLabel } from '../../lib/media';

/** What an input is, at a glance: thumbnail, duration, size, resolution and codecs. */
export function InputMediaSummary({ media, previewUrl, url }: { media: StoredFile; previewUrl?: string; url: string }) {
  const name = media.filename ?? media.file_id;
  return (
    <div className="input-media" aria-label={`About ${name}`} role="group">
      <Thumbnail media={media} src={previewUrl ?? (url || null)} />
      <dl className="input-media-facts small">
        <Fact label="Duration" value={media.duration === undefined ? undefined : formatDuration(media.duration)} />
        <Fact label="Size" value={formatMbytes(media.size_mbytes)} />
        <Fact label="Resolution" value={sizeLabel(media) ?? undefined} />
        <Fact label="Codecs" value={codecsOf(media)} />
      </dl>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | undefined }) {
  if (!value || value === '—') return null;
  return (
    <div className="row" style={{ gap: 4 }}>
      <dt className="muted">{label}</dt>
      <dd className="mono" data-fact={label.toLowerCase()}>
        {value}
      </dd>
    </div>
  );
}

/** The service records one main codec; audio details say what else is in the file. */
export function codecsOf(media: StoredFile): string | undefined {
  const parts = [
    media.codec && bitDepthOf(media.pixel_format) ? `${media.codec} ${bitDepthOf(media.pixel_format)}-bit` : media.codec,
    media.sample_rate ? `${Math.round(media.sample_rate / 100) / 10} kHz audio` : undefined,
    media.channels ? `${media.channels} ch` : undefined,
  ];
  const text = parts.filter(Boolean).join(' · ');
  return text || undefined;
}

/**
 * The bits per sample of a pixel format above 8 (`yuv420p10le` → 10): a 10-bit HEVC or H.264 is
 * what many players and every H.264 hardware decoder refuse, so the editor sees it before choosing.
 */
function bitDepthOf(pixelFormat: string | undefined): number | null {
  const bits = /p(9|10|12|14|16)(le|be)$/.exec(pixelFormat ?? '')?.[1];
  return bits ? Number(bits) : null;
}

function Thumbnail({ media, src }: { media: StoredFile; src: string | null }) {
  if (!src) return null;
  const kind = previewKindOf(media);
  const label = `Thumbnail of ${media.filename ?? media.file_id}`;
  // `#t=` makes Chromium decode and show a frame just after the start, without playing.
  if (kind === 'video') return <video className="input-thumb" src={`${src}#t=0.1`} preload="metadata" muted aria-label={label} />;
  if (kind === 'image') return <img className="input-thumb" src={src} alt={label} />;
  return null;
}
