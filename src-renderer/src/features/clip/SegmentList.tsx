import { useEffect, useRef } from 'react';
import { Button } from '../../ui/Button';
import type { Segment, SegmentAction } from './segments';
import { formatTimecode, framesWord, losslessStart, shownOut } from './timecode';

interface Props {
  segments: readonly Segment[];
  current: number;
  fps: number;
  /** No video: times in milliseconds (timecode.ts, SOUND_STEPS). */
  soundOnly?: boolean;
  /** The file's length: where a segment without an out point ends. */
  duration: number;
  renaming: number | null;
  /** With a lossless export of the segments: the keyframes, to say where each really starts. */
  losslessKeyframes: readonly number[] | null;
  dispatch(a: SegmentAction): void;
  onRenameDone(): void;
  onSeek(t: number): void;
}

/** The out point as editors read it: the last frame kept (a sound's last millisecond). */
function lastFrame(end: number, fps: number, sound: boolean): string {
  return formatTimecode(shownOut(end, fps, sound), fps, sound);
}

/** A segment's length in seconds, to the hundredth (a sound's to the millisecond): what the export keeps of it. */
function lengthOf(s: Segment, duration: number, sound: boolean): string {
  return Math.max(0, (s.end ?? duration) - s.start).toFixed(sound ? 3 : 2);
}

/** The segments, in export order: select, go to, rename (F2), reorder (Alt+↑/↓), delete. */
export function SegmentList({ segments, current, fps, soundOnly = false, duration, renaming, losslessKeyframes, dispatch, onRenameDone, onSeek }: Props) {
  // The current segment (↑/↓, N, a found silence) and its rename field stay in sight: the list scrolls
  // inside its card, and the third of three segments was cut off under its edge.
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.children[current]?.scrollIntoView({ block: 'nearest' });
  }, [current, renaming, segments.length]);
  if (segments.length === 0)
    return (
      <p className="muted small">
        No segments yet. {soundOnly ? 'Press I where the part you want starts and O where it ends.' : 'Press I at the first frame you want and O at the last.'}
      </p>
    );
  return (
    <ol ref={list} className="clip-segments" aria-label="Segments">
      {segments.map((s, i) => {
        const early = losslessKeyframes ? losslessStart(losslessKeyframes, s.start, fps) : null;
        const earlyText = early && `lossless from ${formatTimecode(early.keyframe, fps)}, ${framesWord(early.frames)} early`;
        return (
          <li key={s.id} className="clip-segment" aria-current={i === current ? 'true' : undefined}>
            {renaming === i ? (
              <RenameField name={s.name} onDone={(name) => (name !== null && dispatch({ type: 'rename', index: i, name }), onRenameDone())} />
            ) : (
              <button
                type="button"
                className="clip-segment-pick"
                aria-label={`${s.name}: ${formatTimecode(s.start, fps, soundOnly)} to ${s.end === null ? 'the end' : lastFrame(s.end, fps, soundOnly)}, ${lengthOf(s, duration, soundOnly)} seconds${earlyText ? `, ${earlyText}` : ''}${i === current ? ', current' : ''}`}
                onClick={() => {
                  dispatch({ type: 'select', index: i });
                  onSeek(s.start);
                }}
              >
                <span className="clip-segment-name">
                  {s.name} <span className="muted small clip-segment-length">{lengthOf(s, duration, soundOnly)} s</span>
                </span>
                <code className="small">
                  <span className="clip-segment-tc">{formatTimecode(s.start, fps, soundOnly)} →</span>{' '}
                  <span className="clip-segment-tc">{s.end === null ? 'end' : lastFrame(s.end, fps, soundOnly)}</span>
                </code>
                {earlyText && <span className="small clip-segment-early">{earlyText}</span>}
              </button>
            )}
            <div className="row clip-segment-actions">
              <Button
                size="small"
                variant="ghost"
                aria-label={`Move ${s.name} up`}
                disabled={i === 0}
                onClick={() => (dispatch({ type: 'select', index: i }), dispatch({ type: 'move', by: -1 }))}
              >
                ↑
              </Button>
              <Button
                size="small"
                variant="ghost"
                aria-label={`Move ${s.name} down`}
                disabled={i === segments.length - 1}
                onClick={() => (dispatch({ type: 'select', index: i }), dispatch({ type: 'move', by: 1 }))}
              >
                ↓
              </Button>
              <Button size="small" variant="ghost" aria-label={`Delete ${s.name}`} onClick={() => dispatch({ type: 'remove', index: i })}>
                ✕
              </Button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Enter keeps the name, Escape drops the change; either way focus goes back to the view's keys. */
function RenameField({ name, onDone }: { name: string; onDone(name: string | null): void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  return (
    <input
      ref={input}
      className="input clip-rename"
      aria-label="Segment name"
      defaultValue={name}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') onDone(e.currentTarget.value);
        if (e.key === 'Escape') onDone(null);
      }}
      onBlur={(e) => onDone(e.currentTarget.value)}
    />
  );
}
