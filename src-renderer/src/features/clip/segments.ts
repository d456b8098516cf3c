/**
 * The segments of the clip view as a pure reducer: I/O set the current segment's in and
 * out (an I after a finished segment starts the next), N starts a new one, and they can be reordered, renamed and deleted. A segment
 * without an out point runs to the end of the file.
 */
export interface Segment {
  id: number;
  name: string;
  /** True once the editor gave the segment a name of its own (only then does the request carry it). */
  isRenamed?: boolean;
  start: number;
  end: number | null;
}

export interface SegmentsState {
  segments: Segment[];
  /**
   * Export removes the segments and keeps the rest (X; found silences). Held with the segments, so
   * Ctrl+Z takes back the switch with the marks that came with it, and a reload keeps it.
   */
  removing?: boolean;
  /** Index of the current segment (the one I/O act on), -1 when there is none. */
  current: number;
  nextId: number;
}

export type SegmentAction =
  | { type: 'in'; t: number }
  | { type: 'out'; t: number }
  | { type: 'add'; t: number }
  | { type: 'select'; index: number }
  | { type: 'move'; by: -1 | 1 }
  | { type: 'rename'; index: number; name: string }
  | { type: 'remove'; index: number }
  /** An edge dragged on the timeline: the segment's new in and out, the segment current. */
  | { type: 'trim'; index: number; start: number; end: number | null }
  /** B: the segment under the playhead becomes two, cut at `t` (the second one current). */
  | { type: 'split'; t: number }
  /** X: keep the segments, or remove them and keep the rest. */
  | { type: 'keep'; keep: boolean }
  /** Every segment at once (found silences): one step, which Ctrl+Z takes back whole. */
  | { type: 'replace'; state: SegmentsState };

export const emptySegments: SegmentsState = { segments: [], current: -1, nextId: 1 };

function withNew(state: SegmentsState, seg: Omit<Segment, 'id' | 'name'>): SegmentsState {
  const segment = { ...seg, id: state.nextId, name: `segment ${state.segments.length + 1}` };
  const segments = [...state.segments, segment];
  return { ...state, segments, current: segments.length - 1, nextId: state.nextId + 1 };
}

/**
 * The segment `t` is strictly inside (a split there leaves two non-empty parts): the current one
 * where it is, else the first in the list; -1 when none is. An open end runs to the file's end.
 */
export function segmentIndexAt(state: SegmentsState, t: number): number {
  const inside = (s: Segment) => t > s.start && (s.end === null || t < s.end);
  const cur = state.segments[state.current];
  return cur && inside(cur) ? state.current : state.segments.findIndex(inside);
}

function withoutRemoving({ removing: _removing, ...state }: SegmentsState): SegmentsState {
  return state;
}

function updateCurrent(state: SegmentsState, patch: (s: Segment) => Segment): SegmentsState {
  return { ...state, segments: state.segments.map((s, i) => (i === state.current ? patch(s) : s)) };
}

/**
 * A segment without a name given is called by its place ("segment 2"), as LosslessCut labels
 * them: deleting all and marking again starts at 1, and a move or a delete renumbers (a name
 * given stays). Before, the label counted every segment ever made ("segment 9" after deleting all).
 */
function numbered(state: SegmentsState): SegmentsState {
  const named = (seg: Segment, i: number) => (seg.isRenamed || seg.name === `segment ${i + 1}` ? seg : { ...seg, name: `segment ${i + 1}` });
  return state.segments.every((seg, i) => named(seg, i) === seg) ? state : { ...state, segments: state.segments.map(named) };
}

export function segmentsReducer(state: SegmentsState, action: SegmentAction): SegmentsState {
  const next = changedSegments(state, action);
  return next === state ? state : numbered(next);
}

function changedSegments(state: SegmentsState, action: SegmentAction): SegmentsState {
  const cur = state.segments[state.current];
  switch (action.type) {
    case 'in':
      if (!cur) return withNew(state, { start: action.t, end: null });
      // At or past a finished segment's out point, I starts the next segment, as in LosslessCut:
      // I, O, I, O … marks several without N, and never undoes the one just marked.
      if (cur.end !== null && action.t >= cur.end) return withNew(state, { start: action.t, end: null });
      return updateCurrent(state, (s) => ({ ...s, start: action.t, end: s.end !== null && s.end <= action.t ? null : s.end }));
    case 'out':
      if (!cur) return action.t > 0 ? withNew(state, { start: 0, end: action.t }) : state;
      if (action.t <= cur.start) return state;
      return updateCurrent(state, (s) => ({ ...s, end: action.t }));
    case 'add':
      return withNew(state, { start: action.t, end: null });
    case 'select':
      return action.index >= 0 && action.index < state.segments.length ? { ...state, current: action.index } : state;
    case 'move': {
      const to = state.current + action.by;
      if (!cur || to < 0 || to >= state.segments.length) return state;
      const segments = [...state.segments];
      [segments[state.current], segments[to]] = [segments[to]!, cur];
      return { ...state, segments, current: to };
    }
    case 'rename':
      return {
        ...state,
        segments: state.segments.map((s, i) => (i === action.index && action.name.trim() ? { ...s, name: action.name.trim(), isRenamed: true } : s)),
      };
    case 'replace':
      return action.state;
    case 'keep':
      if (action.keep === !state.removing) return state;
      if (!action.keep) return { ...state, removing: true };
      return withoutRemoving(state);
    case 'trim': {
      const s = state.segments[action.index];
      if (!s || (action.end !== null && action.end <= action.start) || (s.start === action.start && s.end === action.end)) return state;
      const segments = state.segments.map((x, i) => (i === action.index ? { ...x, start: action.start, end: action.end } : x));
      return { ...state, segments, current: action.index };
    }
    case 'split': {
      const at = segmentIndexAt(state, action.t);
      const s = state.segments[at];
      if (!s) return state;
      // A name the editor gave goes on to both halves ("intro", "intro (2)"), so each file of a one-file-per-segment export says where it came from.
      const name = s.isRenamed ? { name: `${s.name} (2)`, isRenamed: true } : { name: `segment ${at + 2}` };
      const second: Segment = { id: state.nextId, ...name, start: action.t, end: s.end };
      const segments = [...state.segments.slice(0, at), { ...s, end: action.t }, second, ...state.segments.slice(at + 1)];
      return { ...state, segments, current: at + 1, nextId: state.nextId + 1 };
    }
    case 'remove': {
      const segments = state.segments.filter((_, i) => i !== action.index);
      return { ...state, segments, current: Math.min(state.current, segments.length - 1) };
    }
  }
}

/** The segments with what Ctrl+Z and Ctrl+Shift+Z go back and forth through (historyReducer). */
export interface SegmentHistory {
  past: SegmentsState[];
  present: SegmentsState;
  future: SegmentsState[];
}

export type HistoryAction = SegmentAction | { type: 'undo' } | { type: 'redo' };

/** How many edits Ctrl+Z can take back. */
const UNDO_DEPTH = 200;

export const emptyHistory: SegmentHistory = { past: [], present: emptySegments, future: [] };

/**
 * Undo and redo over the segments, as editors expect of LosslessCut: every change to the
 * segments (in, out, new, move, rename, delete) is a step; choosing another segment is not, but
 * a step taken back also brings back which segment was current. A new change after an undo
 * drops what could have been redone. Pure.
 */
export function historyReducer(h: SegmentHistory, action: HistoryAction): SegmentHistory {
  if (action.type === 'undo') {
    const before = h.past.at(-1);
    return before ? { past: h.past.slice(0, -1), present: before, future: [h.present, ...h.future] } : h;
  }
  if (action.type === 'redo') {
    const after = h.future[0];
    return after ? { past: [...h.past, h.present], present: after, future: h.future.slice(1) } : h;
  }
  const present = segmentsReducer(h.present, action);
  if (present === h.present) return h;
  // Choosing a segment, or keeping ⇄ removing them (X), changes no mark: no step of their own; a step taken back brings back both as they were.
  if (action.type === 'select' || action.type === 'keep') return { ...h, present };
  return { past: [...h.past, h.present].slice(-UNDO_DEPTH), present, future: [] };
}

/**
 * A part of the export. `name` is what the request carries: only a name the editor gave (the
 * service names each file of a one-file-per-segment export after it, docs/cutting.md); `label`
 * is what messages call the part ("segment 2", "part 1").
 */
export interface RequestSegment {
  start: number;
  end: number;
  name?: string;
  label: string;
}

/** What "keep selected" exports: the segments in the listed order, open ends closed at the file's end. */
export function keptSegments(segments: readonly Segment[], duration: number): RequestSegment[] {
  return segments
    .map((s) => ({ start: s.start, end: s.end ?? duration, label: s.name, ...(s.isRenamed ? { name: s.name } : {}) }))
    .filter((s) => s.end > s.start);
}

/** The segments as POST /v1/edits takes them (without the labels). */
export function requestSegments(parts: readonly RequestSegment[]): { start: number; end: number; name?: string }[] {
  return parts.map(({ label: _label, ...r }) => r);
}

/** What "remove selected" exports: the parts of the file no segment covers, in time order. */
export function complementSegments(segments: readonly Segment[], duration: number): RequestSegment[] {
  const covered = keptSegments(segments, duration).sort((a, b) => a.start - b.start);
  const parts: { start: number; end: number }[] = [];
  let from = 0;
  for (const s of covered) {
    if (s.start > from) parts.push({ start: from, end: s.start });
    from = Math.max(from, s.end);
  }
  if (duration > from) parts.push({ start: from, end: duration });
  return parts.map((p, i) => ({ ...p, label: `part ${i + 1}` }));
}

/** Why the kept segments cannot be sent as they are, in the user's words; null when they can. */
export function problemOf(segments: readonly RequestSegment[]): string | null {
  if (segments.length === 0) return 'Mark a segment first: I sets its in point, O its out point.';
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.start < sorted[i - 1]!.end) return `“${sorted[i]!.label}” overlaps “${sorted[i - 1]!.label}”.`;
  }
  return null;
}

/**
 * The segments of a cut job, to mark them again ("Cut again", lib/cut-handoff.ts): in its order,
 * each with the name it was given (else "segment N"), the first one current. Pure.
 */
export function segmentsFrom(parts: readonly { start: number; end: number; name?: string }[]): SegmentsState {
  const segments = parts.map((p, i) => ({
    id: i + 1,
    start: p.start,
    end: p.end,
    ...(p.name ? { name: p.name, isRenamed: true } : { name: `segment ${i + 1}` }),
  }));
  return { segments, current: segments.length > 0 ? 0 : -1, nextId: segments.length + 1 };
}
