import { formatTime } from '../../lib/time-text';

/** The steps a ruler label may mark, in seconds: the first one far enough apart is used. */
const STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
/** Labels at least this far apart, in px (a "1:02:30" label is about 45 px wide). */
const MIN_GAP_PX = 72;

/** The times the ruler marks: every `step` seconds from 0, `step` the smallest that keeps labels MIN_GAP_PX apart. Pure. */
export function rulerMarks(width: number, duration: number): number[] {
  if (width <= 0 || duration <= 0) return [];
  const perSecond = width / duration;
  const step = STEPS.find((s) => s * perSecond >= MIN_GAP_PX) ?? 3600 * Math.ceil(MIN_GAP_PX / perSecond / 3600);
  const marks: number[] = [];
  for (let i = 0; i * step < duration; i++) marks.push(Math.round(i * step * 10) / 10);
  return marks;
}

/**
 * Times along the bottom of the timeline ("0:10", "0:20" …; "0:12.5" zoomed in far), closer as
 * the timeline is zoomed, so a point is found by its time, not only by the playhead's timecode.
 */
export function TimeRuler({ width, duration }: { width: number; duration: number }) {
  return (
    <div className="clip-ruler" aria-hidden="true">
      {rulerMarks(width, duration).map((t) => (
        <span key={t} className="clip-ruler-mark" style={{ left: (t / duration) * width }}>
          {formatTime(t)}
        </span>
      ))}
    </div>
  );
}
