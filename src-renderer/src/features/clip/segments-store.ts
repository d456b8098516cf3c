import type { Segment, SegmentsState } from './segments';
import { loadEntry, saveEntry } from '../../lib/recent-entries';

/**
 * The segments marked on each file, kept in localStorage so a reload, a crash or a closed window
 * does not lose an hour of marking (docs/gui.md, "Segments are kept"), as LosslessCut keeps a
 * project file beside each video. One entry per file id, the most recent MAX_FILES kept.
 */
const PREFIX = 'ffdesk.clip.segments.v1.';
const MAX_FILES = 50;

interface Stored {
  savedAt: number;
  state: SegmentsState;
}

const isSegment = (x: unknown): x is Segment => {
  if (typeof x !== 'object' || x === null) return false;
  const s = x as Record<string, unknown>;
  const time = (t: unknown) => typeof t === 'number' && Number.isFinite(t) && t >= 0;
  return (
    Number.isInteger(s.id) &&
    typeof s.name === 'string' &&
    s.name.length <= 200 &&
    time(s.start) &&
    (s.end === null || (time(s.end) && (s.end as number) > (s.start as number))) &&
    (s.isRenamed === undefined || typeof s.isRenamed === 'boolean')
  );
};

/** The segments state in a stored entry, or null when it is not one (an old format, a hand edit). Pure. */
export function parseStoredSegments(text: string | null): SegmentsState | null {
  if (!text) return null;
  try {
    const stored = (JSON.parse(text) as Partial<Stored>).state;
    if (!stored || !Array.isArray(stored.segments) || !stored.segments.every(isSegment) || stored.segments.length === 0) return null;
    const segments = stored.segments.map(({ id, name, start, end, isRenamed }) => ({ id, name, start, end, ...(isRenamed ? { isRenamed } : {}) }));
    const nextId = Math.max(Number(stored.nextId) || 0, ...segments.map((s) => s.id + 1));
    const current = Number.isInteger(stored.current) ? Math.min(Math.max(stored.current, 0), segments.length - 1) : segments.length - 1;
    return { segments, current, nextId, ...(stored.removing === true ? { removing: true } : {}) };
  } catch {
    return null;
  }
}

export function loadSegments(fileId: string): SegmentsState | null {
  return loadEntry(PREFIX, fileId, parseStoredSegments);
}

/** Keeps the file's segments (none: the entry goes), dropping the oldest files' past MAX_FILES. */
export function saveSegments(fileId: string, state: SegmentsState): void {
  saveEntry(PREFIX, fileId, state.segments.length === 0 ? null : ({ state } satisfies Omit<Stored, 'savedAt'>), MAX_FILES);
}
