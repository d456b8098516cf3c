import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import type { TimelineResponse } from './clip-api';
import type { Segment } from './segments';
import { ThumbStrip } from './ThumbStrip';
import { TimeRuler } from './TimeRuler';
import { TimelineCanvas } from './TimelineCanvas';
import { formatTimecode } from './timecode';
import { keptFrameAt, moveEdge, startEdgeDrag, type Edge, type EdgeDrag } from './edge-drag';

interface Props {
  duration: number;
  fps: number;
  /** No video: the playhead read in milliseconds (timecode.ts, SOUND_STEPS). */
  soundOnly?: boolean;
  time: number;
  zoom: number;
  keyframes: readonly number[];
  timeline?: TimelineResponse;
  segments: readonly Segment[];
  /** Exports remove the segments (X): they are drawn as cut away. */
  removing: boolean;
  current: number;
  onSeek(t: number): void;
  onZoom(by: 1 | -1): void;
  /** A press on a segment's stripe makes it the current segment (and seeks there, as anywhere). */
  onSelect(index: number): void;
  /** A segment's edge dragged to a new frame: its new in and out, once, when the button is let go. */
  onTrim(index: number, start: number, end: number | null): void;
  /** While an edge is dragged: the segment's in and out as they are now (the segment list follows); null when let go. */
  onDragging?(trim: { index: number; start: number; end: number | null } | null): void;
}

/** A segment's in and out with the edge being dragged where it is now. */
const trimmed = (d: EdgeDrag, s: Segment) => ({ start: d.edge === 'start' ? d.t : s.start, end: d.edge === 'end' ? d.t : s.end });

/**
 * The zoomable timeline: thumbnails, waveform, keyframe ticks, segment ranges and the
 * playhead. The keyboard moves the playhead (the clip view's keys); a click seeks, a drag scrubs,
 * a segment's edge dragged moves its in or out point (docs/gui.md, "The clip view"); Ctrl+wheel zooms.
 */
export function Timeline({
  duration,
  fps,
  soundOnly = false,
  time,
  zoom,
  keyframes,
  timeline,
  segments,
  removing,
  current,
  onSeek,
  onZoom,
  onSelect,
  onTrim,
  onDragging,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewWidth, setViewWidth] = useState(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewWidth(el.clientWidth));
    observer.observe(el);
    setViewWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  const width = viewWidth * zoom;
  const x = (t: number) => (duration > 0 ? (t / duration) * width : 0);

  // Keep the playhead in view when zoomed in.
  useEffect(() => {
    const el = scroller.current;
    if (!el || zoom <= 1) return;
    const at = x(time);
    if (at < el.scrollLeft || at > el.scrollLeft + el.clientWidth - 8) el.scrollLeft = Math.max(0, at - el.clientWidth / 2);
  });

  const [drag, setDrag] = useState<EdgeDrag | null>(null);
  const scrubbing = useRef(false);
  /** The time under the pointer, on the track. */
  const timeAt = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return Math.min(duration, Math.max(0, ((e.clientX - box.left) / box.width) * duration));
  };
  /** The drag as it is now, and the player on the frame the edge keeps there. */
  const dragTo = (d: EdgeDrag) => {
    setDrag(d);
    onSeek(keptFrameAt(d, fps));
    const s = segments[d.index];
    if (s) onDragging?.({ index: d.index, ...trimmed(d, s) });
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const handle = (e.target as HTMLElement).closest<HTMLElement>('[data-edge]');
    const index = Number(handle?.dataset.index);
    const s = handle && segments[index];
    if (handle && s) dragTo(startEdgeDrag(s, index, handle.dataset.edge as Edge, timeAt(e), duration));
    else {
      const range = (e.target as HTMLElement).closest<HTMLElement>('[data-segment]');
      if (range) onSelect(Number(range.dataset.segment));
      scrubbing.current = true;
      onSeek(timeAt(e));
    }
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = drag && segments[drag.index];
    if (drag && s) dragTo(moveEdge(drag, s, timeAt(e), fps, duration));
    else if (scrubbing.current) onSeek(timeAt(e));
  };
  const onPointerUp = () => {
    scrubbing.current = false;
    if (!drag) return;
    setDrag(null);
    onDragging?.(null);
    const s = segments[drag.index];
    if (s) {
      const { start, end } = trimmed(drag, s);
      onTrim(drag.index, start, end);
    }
  };
  /** A segment as drawn: with the edge being dragged where it is now. */
  const shown = (s: Segment, i: number) => {
    const now = drag?.index === i ? trimmed(drag, s) : s;
    return { start: now.start, end: now.end ?? duration };
  };
  // A native listener: React's wheel listeners are passive and could not stop the page zooming.
  const zoomBy = useRef(onZoom);
  zoomBy.current = onZoom;
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const wheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      zoomBy.current(e.deltaY < 0 ? 1 : -1);
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, []);

  return (
    <div
      ref={scroller}
      className="clip-timeline"
      role="group"
      tabIndex={0}
      data-keyframes={keyframes.length}
      aria-label={`Timeline, zoom ${zoom}×, playhead at ${formatTimecode(time, fps, soundOnly)}`}
    >
      <div
        className="clip-track"
        data-removing={removing}
        data-dragging={drag?.edge}
        style={{ width }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {timeline?.thumbnails && width > 0 && <ThumbStrip width={width} duration={duration} thumbnails={timeline.thumbnails} />}
        <TimelineCanvas width={width} duration={duration} keyframes={keyframes} waveform={timeline?.waveform ?? null} />
        {width > 0 && <TimeRuler width={width} duration={duration} />}
        {segments.map((s, i) => {
          const { start, end } = shown(s, i);
          return (
            <div
              key={s.id}
              className="clip-range"
              data-segment={i}
              data-current={i === current}
              style={{ left: x(start), width: Math.max(2, x(end) - x(start)) }}
              title={s.name}
            >
              {/* Grips for the mouse; the keys move the same points with I and O. */}
              <div className="clip-edge" data-edge="start" data-index={i} aria-hidden="true" title={`Drag: ${s.name}'s in point`} />
              <div className="clip-edge" data-edge="end" data-index={i} aria-hidden="true" title={`Drag: ${s.name}'s out point`} />
            </div>
          );
        })}
        <div className="clip-playhead" style={{ left: x(time) }} />
      </div>
    </div>
  );
}
