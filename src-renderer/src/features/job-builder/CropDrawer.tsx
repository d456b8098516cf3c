import { useRef, useState, type PointerEvent } from 'react';
import type { Crop } from './convert-args';
import { cropFromDrag, type Point } from './crop-geometry';

interface Props {
  /** The source, playable by the browser (the stored input's URL). */
  url: string;
  width: number;
  height: number;
  crop: Crop;
  onChange(crop: Crop): void;
}

/**
 * The crop drawn on the source picture: drag a rectangle over it (in source pixels, whatever
 * size it is shown at). The fields beside it stay the keyboard's way to set the same numbers.
 */
export function CropDrawer({ url, width, height, crop, onChange }: Props) {
  const layer = useRef<HTMLDivElement>(null);
  const [from, setFrom] = useState<Point | null>(null);
  const toSource = (e: PointerEvent): Point => {
    const box = layer.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return { x: 0, y: 0 };
    return { x: ((e.clientX - box.left) / box.width) * width, y: ((e.clientY - box.top) / box.height) * height };
  };
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  return (
    <div className="crop-drawer" style={{ aspectRatio: `${width} / ${height}` }}>
      <video src={`${url}#t=0.5`} muted preload="metadata" className="crop-drawer-media" aria-label="Source picture" />
      <div
        ref={layer}
        className="crop-drawer-layer"
        data-testid="crop-drawer"
        aria-hidden="true"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          setFrom(toSource(e));
        }}
        onPointerMove={(e) => from && onChange(cropFromDrag(from, toSource(e), width, height))}
        onPointerUp={(e) => {
          if (from) onChange(cropFromDrag(from, toSource(e), width, height));
          setFrom(null);
        }}
        onPointerCancel={() => setFrom(null)}
      >
        <div
          className="crop-drawer-rect"
          style={{ left: pct(crop.x, width), top: pct(crop.y, height), width: pct(crop.width, width), height: pct(crop.height, height) }}
        />
      </div>
    </div>
  );
}
