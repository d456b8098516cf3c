import { describe, expect, it } from 'vitest';
import {
  complementSegments,
  emptyHistory,
  emptySegments,
  historyReducer,
  keptSegments,
  problemOf,
  requestSegments,
  segmentsFrom,
  segmentsReducer,
  type HistoryAction,
  type SegmentHistory,
  type SegmentAction,
  type SegmentsState,
} from './segments';

const run = (actions: SegmentAction[], from: SegmentsState = emptySegments) => actions.reduce(segmentsReducer, from);

describe('segments', () => {
  it('when I then O are pressed, then one segment spans them', () => {
    const s = run([
      { type: 'in', t: 1 },
      { type: 'out', t: 3 },
    ]);
    expect(s.segments).toEqual([{ id: 1, name: 'segment 1', start: 1, end: 3 }]);
  });

  it('when O comes first, then the segment starts at the beginning; an O before the in is ignored', () => {
    expect(run([{ type: 'out', t: 2 }]).segments[0]).toMatchObject({ start: 0, end: 2 });
    expect(
      run([
        { type: 'in', t: 2 },
        { type: 'out', t: 1 },
      ]).segments[0],
    ).toMatchObject({ start: 2, end: null });
  });

  it("when I is pressed at or after a finished segment's out point, then the next segment starts there and the first is kept", () => {
    const s = run([
      { type: 'in', t: 1 },
      { type: 'out', t: 2 },
      { type: 'in', t: 5 },
      { type: 'out', t: 6 },
      { type: 'in', t: 6 },
    ]);
    expect(s.segments.map((x) => [x.start, x.end])).toEqual([
      [1, 2],
      [5, 6],
      [6, null],
    ]);
    expect(s.current).toBe(2);
  });

  it('when I is pressed inside or before the current segment, then its in point moves', () => {
    const marked = run([
      { type: 'in', t: 2 },
      { type: 'out', t: 4 },
    ]);
    expect(run([{ type: 'in', t: 3 }], marked).segments).toMatchObject([{ start: 3, end: 4 }]);
    expect(run([{ type: 'in', t: 0.5 }], marked).segments).toMatchObject([{ start: 0.5, end: 4 }]);
  });

  it('adds, moves, renames and removes segments, keeping the current one sensible', () => {
    let s = run([
      { type: 'in', t: 0 },
      { type: 'out', t: 1 },
      { type: 'add', t: 4 },
      { type: 'out', t: 5 },
    ]);
    expect(s.current).toBe(1);
    s = run([{ type: 'move', by: -1 }], s);
    expect(s.segments.map((x) => x.start)).toEqual([4, 0]);
    expect(s.current).toBe(0);
    s = run(
      [
        { type: 'move', by: -1 },
        { type: 'rename', index: 0, name: ' intro ' },
        { type: 'rename', index: 1, name: '  ' },
      ],
      s,
    );
    // Called by its place: the segment made first, now second, is "segment 2".
    expect(s.segments.map((x) => x.name)).toEqual(['intro', 'segment 2']);
    s = run(
      [
        { type: 'select', index: 1 },
        { type: 'remove', index: 1 },
      ],
      s,
    );
    expect(s.segments).toHaveLength(1);
    expect(s.current).toBe(0);
    expect(run([{ type: 'remove', index: 0 }], s).current).toBe(-1);
  });

  it('calls a segment without a name given by its place: after deleting all, the next is segment 1; a delete renumbers the rest', () => {
    let s = run([
      { type: 'in', t: 0 },
      { type: 'out', t: 1 },
      { type: 'add', t: 2 },
      { type: 'out', t: 3 },
      { type: 'add', t: 4 },
      { type: 'rename', index: 2, name: 'outro' },
    ]);
    s = run([{ type: 'remove', index: 0 }], s);
    expect(s.segments.map((x) => x.name)).toEqual(['segment 1', 'outro']);
    s = run(
      [
        { type: 'remove', index: 0 },
        { type: 'remove', index: 0 },
        { type: 'in', t: 5 },
      ],
      s,
    );
    expect(s.segments.map((x) => x.name)).toEqual(['segment 1']);
  });

  it('when B is pressed inside a segment, then it becomes two cut there, the second current; on an edge or outside every segment nothing changes', () => {
    const marked = run([
      { type: 'in', t: 1 },
      { type: 'out', t: 5 },
      { type: 'add', t: 8 },
    ]);
    // The playhead in the first segment while the second (open to the end) is current: the one under the playhead is split.
    const s = run([{ type: 'split', t: 2 }], marked);
    expect(s.segments).toEqual([
      { id: 1, name: 'segment 1', start: 1, end: 2 },
      { id: 3, name: 'segment 2', start: 2, end: 5 },
      { id: 2, name: 'segment 3', start: 8, end: null },
    ]);
    expect(s.current).toBe(1);
    // An open end stays open on the second half.
    expect(run([{ type: 'split', t: 9 }], s).segments.slice(2)).toEqual([
      { id: 2, name: 'segment 3', start: 8, end: 9 },
      { id: 4, name: 'segment 4', start: 9, end: null },
    ]);
    for (const t of [1, 5, 6, 0.5]) expect(run([{ type: 'split', t }], marked)).toBe(marked);
    // A name given goes on to both halves.
    const named = run(
      [
        { type: 'rename', index: 0, name: 'intro' },
        { type: 'split', t: 3 },
      ],
      marked,
    );
    expect(named.segments.slice(0, 2).map((x) => [x.name, x.isRenamed])).toEqual([
      ['intro', true],
      ['intro (2)', true],
    ]);
  });

  it('when an edge is dragged, then the segment takes its new in and out and becomes current; an empty or unchanged one is no change', () => {
    const marked = run([
      { type: 'in', t: 1 },
      { type: 'out', t: 2 },
      { type: 'add', t: 3 },
    ]);
    const s = run([{ type: 'trim', index: 0, start: 0.5, end: 2 }], marked);
    expect(s.segments[0]).toMatchObject({ start: 0.5, end: 2 });
    expect(s.current).toBe(0);
    expect(run([{ type: 'trim', index: 0, start: 2, end: 2 }], marked)).toBe(marked);
    expect(run([{ type: 'trim', index: 0, start: 1, end: 2 }], marked)).toBe(marked);
    expect(run([{ type: 'trim', index: 5, start: 1, end: 4 }], marked)).toBe(marked);
  });

  it('when X switches to removing, then the marks made after keep it, and Ctrl+Z takes back the switch with the silences marked at once', () => {
    const kept = run([
      { type: 'in', t: 1 },
      { type: 'out', t: 2 },
    ]);
    const removing = run([{ type: 'keep', keep: false }], kept);
    expect(removing.removing).toBe(true);
    expect(run([{ type: 'keep', keep: false }], removing)).toBe(removing);
    const after = run(
      [
        { type: 'in', t: 3 },
        { type: 'out', t: 4 },
        { type: 'split', t: 3.5 },
        { type: 'add', t: 5 },
      ],
      removing,
    );
    expect(after.removing).toBe(true);
    expect(run([{ type: 'keep', keep: true }], after).removing).toBeUndefined();
    // Found silences replace the marks and remove them, in one step: Ctrl+Z brings back both the marks and keeping them.
    let h: SegmentHistory = { ...emptyHistory, present: kept };
    h = historyReducer(h, { type: 'replace', state: { ...segmentsFrom([{ start: 5, end: 6 }]), removing: true } });
    expect(h.present.removing).toBe(true);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe(kept);
    expect(h.present.removing).toBeUndefined();
    // X itself is no step (as choosing a segment is none): Ctrl+Z after it takes back the last mark.
    h = historyReducer(h, { type: 'keep', keep: false });
    expect(h.present.removing).toBe(true);
    expect(h.past).toHaveLength(0);
  });

  it('keeps segments in list order, closing an open end at the duration', () => {
    const s = run([
      { type: 'in', t: 6 },
      { type: 'add', t: 1 },
      { type: 'out', t: 2 },
    ]);
    expect(keptSegments(s.segments, 10)).toEqual([
      { start: 6, end: 10, label: 'segment 1' },
      { start: 1, end: 2, label: 'segment 2' },
    ]);
    const renamed = segmentsReducer(s, { type: 'rename', index: 1, name: 'intro' });
    expect(requestSegments(keptSegments(renamed.segments, 10))).toEqual([
      { start: 6, end: 10 },
      { start: 1, end: 2, name: 'intro' },
    ]);
  });

  it('removing segments keeps what lies between and around them', () => {
    const s = run([
      { type: 'in', t: 6 },
      { type: 'out', t: 7 },
      { type: 'add', t: 1 },
      { type: 'out', t: 2 },
      { type: 'add', t: 1.5 },
      { type: 'out', t: 3 },
    ]);
    expect(complementSegments(s.segments, 10)).toEqual([
      { start: 0, end: 1, label: 'part 1' },
      { start: 3, end: 6, label: 'part 2' },
      { start: 7, end: 10, label: 'part 3' },
    ]);
    expect(complementSegments([], 4)).toEqual([{ start: 0, end: 4, label: 'part 1' }]);
  });

  it('names overlaps and an empty list as problems', () => {
    expect(problemOf([])).toMatch(/Mark a segment/);
    expect(
      problemOf([
        { start: 0, end: 2, label: 'a' },
        { start: 1, end: 3, label: 'b' },
      ]),
    ).toBe('“b” overlaps “a”.');
    expect(
      problemOf([
        { start: 0, end: 1, label: 'a' },
        { start: 1, end: 3, label: 'b' },
      ]),
    ).toBeNull();
  });

  describe('undo and redo (Ctrl+Z, Ctrl+Shift+Z)', () => {
    const play = (actions: HistoryAction[]) => actions.reduce(historyReducer, emptyHistory);
    const marked: HistoryAction[] = [
      { type: 'in', t: 1 },
      { type: 'out', t: 2 },
      { type: 'in', t: 4 },
      { type: 'out', t: 5 },
    ];

    it('when a segment is deleted by mistake, then undo brings it back as the current one, and redo deletes it again', () => {
      const deleted = play([...marked, { type: 'select', index: 0 }, { type: 'remove', index: 0 }]);
      expect(deleted.present.segments.map((s) => s.start)).toEqual([4]);
      const back = historyReducer(deleted, { type: 'undo' });
      expect(back.present.segments.map((s) => s.start)).toEqual([1, 4]);
      expect(back.present.current).toBe(0);
      expect(historyReducer(back, { type: 'redo' }).present).toEqual(deleted.present);
    });

    it('each change is one step; choosing another segment is none; undo past the first change and redo past the last do nothing', () => {
      const h = play([...marked, { type: 'select', index: 0 }, { type: 'select', index: 1 }]);
      expect(h.past).toHaveLength(4);
      const steps = (n: number, type: 'undo' | 'redo', from = h) => Array.from({ length: n }).reduce<typeof h>((x) => historyReducer(x, { type }), from);
      expect(steps(1, 'undo').present.segments[1]).toMatchObject({ start: 4, end: null });
      const none = steps(9, 'undo');
      expect(none.present).toEqual(emptySegments);
      expect(historyReducer(none, { type: 'undo' })).toBe(none);
      expect(steps(9, 'redo', none).present.segments).toEqual(h.present.segments);
    });

    it('a change after an undo drops what could have been redone; a key that changes nothing is no step', () => {
      const undone = historyReducer(play(marked), { type: 'undo' });
      const changed = historyReducer(undone, { type: 'rename', index: 0, name: 'intro' });
      expect(changed.future).toEqual([]);
      expect(historyReducer(changed, { type: 'redo' })).toBe(changed);
      // O before the in point changes nothing: no step to undo.
      expect(historyReducer(changed, { type: 'out', t: 0.5 })).toBe(changed);
    });
  });
});

describe('segmentsFrom', () => {
  it('when a cut job’s segments are marked again, then they keep its order and names, and the next segment marked gets a new number', () => {
    const s = segmentsFrom([
      { start: 2, end: 3, name: 'tail' },
      { start: 0.4, end: 1.2 },
    ]);
    expect(s.segments).toEqual([
      { id: 1, start: 2, end: 3, name: 'tail', isRenamed: true },
      { id: 2, start: 0.4, end: 1.2, name: 'segment 2' },
    ]);
    expect(s.current).toBe(0);
    expect(keptSegments(s.segments, 4).map((p) => p.name)).toEqual(['tail', undefined]);
    expect(segmentsReducer(s, { type: 'add', t: 3.5 }).segments.at(-1)).toMatchObject({ id: 3, name: 'segment 3' });
  });
});
