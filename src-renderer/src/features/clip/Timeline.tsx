import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { TimelineResponse } from './clip-api';
import type { Segment } from './segments';
import { ThumbStrip } from './ThumbStrip';
import { TimelineCanvas } from './TimelineCanvas';
import { formatTimecode } from './timecode';

interface Props {
  duration: number;
  fps: number;
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
}

/**
 * The zoomable timeline: thumbnails, waveform, keyframe ticks, segment ranges and the
 * playhead. The keyboard moves the playhead (the clip view's keys); a click seeks; Ctrl+wheel zooms.
 */
export function Timeline({ duration, fps, time, zoom, keyframes, timeline, segments, removing, current, onSeek, onZoom }: Props) {
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

  const seekAt = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onSeek(((e.clientX - box.left) / box.width) * duration);
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
      aria-label={`Timeline, zoom ${zoom}×, playhead at ${formatTimecode(time, fps)}`}
    >
      <div className="clip-track" data-removing={removing} style={{ width }} onClick={seekAt}>
        {timeline?.thumbnails && width > 0 && <ThumbStrip width={width} duration={duration} thumbnails={timeline.thumbnails} />}
        <TimelineCanvas width={width} duration={duration} keyframes={keyframes} waveform={timeline?.waveform ?? null} />
        {segments.map((s, i) => (
          <div
            key={s.id}
            className="clip-range"
            data-current={i === current}
            style={{ left: x(s.start), width: Math.max(2, x(s.end ?? duration) - x(s.start)) }}
            title={s.name}
          />
        ))}
        <div className="clip-playhead" style={{ left: x(time) }} />
      </div>
    </div>
  );
}
