import type { CommandRecord } from '../../../../src-service/client';
import { formatDuration } from '../../lib/format';

type Segment = NonNullable<CommandRecord['segments']>[number];

const WORDS: Record<Segment['status'], string> = { PENDING: 'waiting', RUNNING: 'running', DONE: 'done', REUSED: 'done earlier (reused)' };

/** What a segment is, in words: its place, its time range, its state and where it ran. */
export function segmentLabel(s: Segment, count: number): string {
  const where = s.worker ? ` on ${s.worker}` : '';
  return `Segment ${s.index + 1} of ${count}, ${formatDuration(s.start)}–${formatDuration(s.end)}: ${WORDS[s.status]}${where}`;
}

/** A segmented encode's segments as a strip (docs/scale-out.md, "Segmented encodes"): width by length, colour by state. */
export function SegmentStrip({ record }: { record: CommandRecord }) {
  const segments = record.segments ?? [];
  if (segments.length === 0) return null;
  const total = (segments.at(-1)?.end ?? 0) - (segments[0]?.start ?? 0) || 1;
  const done = segments.filter((s) => s.status === 'DONE' || s.status === 'REUSED').length;
  const workers = new Set(segments.flatMap((s) => (s.worker ? [s.worker] : []))).size;
  return (
    <div className="stack" data-testid="segment-strip">
      <span className="small muted">
        Segments: {done} of {segments.length} done
        {record.segments_reused ? `, ${record.segments_reused} reused after a restart` : ''}
        {workers > 0 ? `, on ${workers} ${workers === 1 ? 'lane' : 'lanes'}` : ''}
      </span>
      <ol className="segment-strip" aria-label="Segments">
        {segments.map((s) => (
          <li
            key={s.index}
            className={`segment segment-${s.status.toLowerCase()}`}
            style={{ flexGrow: (s.end - s.start) / total }}
            aria-label={segmentLabel(s, segments.length)}
            title={segmentLabel(s, segments.length)}
          />
        ))}
      </ol>
    </div>
  );
}
