import type { TimelineResponse } from './clip-api';

const STRIP_HEIGHT = 48;

/**
 * The thumbnail strip: as many undistorted tiles as fit the timeline's width, each showing
 * the sprite tile nearest to the time under its left edge.
 */
export function ThumbStrip({ width, duration, thumbnails }: { width: number; duration: number; thumbnails: NonNullable<TimelineResponse['thumbnails']> }) {
  const { url, columns, rows, tile_width: tw, tile_height: th, count, interval_seconds: interval } = thumbnails;
  const slotWidth = (tw * STRIP_HEIGHT) / th;
  const slots = Math.max(1, Math.ceil(width / slotWidth));
  const tiles = Array.from({ length: slots }, (_, i) => {
    const t = (i * slotWidth * duration) / width;
    const tile = Math.min(count - 1, Math.max(0, Math.round(t / interval)));
    return { i, col: tile % columns, row: Math.floor(tile / columns) };
  });
  return (
    <div className="clip-thumbs" aria-hidden="true">
      {tiles.map(({ i, col, row }) => (
        <div
          key={i}
          className="clip-thumb"
          style={{
            left: i * slotWidth,
            width: slotWidth,
            backgroundImage: `url("${url}")`,
            backgroundSize: `${columns * 100}% ${rows * 100}%`,
            backgroundPosition: `${columns > 1 ? (col / (columns - 1)) * 100 : 0}% ${rows > 1 ? (row / (rows - 1)) * 100 : 0}%`,
          }}
        />
      ))}
    </div>
  );
}
