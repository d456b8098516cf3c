import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { API } from '../../../src-service/client';
import type { TimelineResponse } from '../../../src-service/contract/file-facts.schema';
import { useApi } from '../lib/api';
import { watchForNoPicture } from './use-proxy-fallback';

/** Where the picture shown sits in the file: near its start, past a fade-in. */
const POSTER_SECONDS = 0.5;

/**
 * A small poster for a list row. Videos load only once the row scrolls into view (a long
 * list must not open hundreds of media requests); `#t=` shows a frame near the start.
 *
 * A video the browser cannot show (H.265, ProRes: an error, or with its sound a picture 0 px
 * wide) shows a tile of the file's timeline sprite instead (`GET /v1/files/{id}/timeline`,
 * made once per file inside the sandbox; docs/gui.md, "Jobs"), where the row stayed blank.
 */
export function ListThumb({ type, url, label, fileId }: { type: 'video' | 'image'; url: string; label: string; fileId?: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [isVisible, setVisible] = useState(type === 'image');
  const [isUnplayable, setUnplayable] = useState(false);
  useEffect(() => {
    if (isVisible || !box.current) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true);
    });
    io.observe(box.current);
    return () => io.disconnect();
  }, [isVisible]);
  const unplayable = () => {
    if (fileId) setUnplayable(true);
  };
  return (
    <span ref={box} className="list-thumb">
      {type === 'image' && <img src={url} alt={label} loading="lazy" />}
      {type === 'video' && isVisible && !isUnplayable && (
        <video src={`${url}#t=${POSTER_SECONDS}`} preload="metadata" muted aria-label={label} {...watchForNoPicture(unplayable)} />
      )}
      {isUnplayable && fileId && <SpriteTile fileId={fileId} label={label} box={box} />}
    </span>
  );
}

/** The sprite's tile nearest POSTER_SECONDS, covering the box as `object-fit: cover` would. */
function SpriteTile({ fileId, label, box }: { fileId: string; label: string; box: RefObject<HTMLSpanElement | null> }) {
  const { client } = useApi();
  const [sprite, setSprite] = useState<TimelineResponse['thumbnails']>(null);
  useEffect(() => {
    const ctl = new AbortController();
    client
      .call(API.getFileTimeline, { params: { file_id: fileId }, signal: ctl.signal })
      .then((t) => setSprite(t.thumbnails))
      // No tile: the box stays as it was, blank, as for any file without a picture.
      .catch(() => undefined);
    return () => ctl.abort();
  }, [client, fileId]);
  const el = box.current;
  if (!sprite || !el) return null;
  return <span role="img" aria-label={label} className="list-thumb-tile" style={tileStyle(sprite, el.clientWidth, el.clientHeight)} />;
}

function tileStyle(s: NonNullable<TimelineResponse['thumbnails']>, width: number, height: number): CSSProperties {
  const i = Math.min(s.count - 1, Math.round(POSTER_SECONDS / (s.interval_seconds || 1)));
  const scale = Math.max(width / s.tile_width, height / s.tile_height);
  const w = s.tile_width * scale;
  const h = s.tile_height * scale;
  const x = (i % s.columns) * w + (w - width) / 2;
  const y = Math.floor(i / s.columns) * h + (h - height) / 2;
  return {
    backgroundImage: `url("${s.url}")`,
    backgroundSize: `${s.columns * w}px ${s.rows * h}px`,
    backgroundPosition: `${-x}px ${-y}px`,
  };
}
