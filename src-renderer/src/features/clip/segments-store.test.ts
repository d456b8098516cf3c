import { describe, expect, it } from 'vitest';
import { parseStoredSegments } from './segments-store';
import type { SegmentsState } from './segments';

const entry = (state: unknown) => JSON.stringify({ savedAt: 1, state });
const marked: SegmentsState = {
  segments: [
    { id: 1, name: 'segment 1', start: 1, end: 2 },
    { id: 2, name: 'intro', isRenamed: true, start: 4, end: null },
  ],
  current: 1,
  nextId: 3,
};

describe('parseStoredSegments', () => {
  it('when an entry was saved, then it reads back as it was', () => {
    expect(parseStoredSegments(entry(marked))).toEqual(marked);
    // Removing the segments (X, found silences) is kept with them; anything but true is keeping.
    expect(parseStoredSegments(entry({ ...marked, removing: true }))).toEqual({ ...marked, removing: true });
    expect(parseStoredSegments(entry({ ...marked, removing: 'yes' }))).toEqual(marked);
  });

  it('when an entry is not one (no entry, not JSON, an empty list, a bad time, an end before its start), then there is none', () => {
    for (const bad of [
      null,
      '',
      '{',
      entry({ ...marked, segments: [] }),
      entry({ ...marked, segments: [{ id: 1, name: 'a', start: -1, end: 2 }] }),
      entry({ ...marked, segments: [{ id: 1, name: 'a', start: 3, end: 2 }] }),
      entry({ ...marked, segments: [{ id: 'x', name: 'a', start: 0, end: 2 }] }),
      entry({ ...marked, segments: [{ id: 1, name: 'a', start: 0, end: 'NaN' }] }),
    ])
      expect(parseStoredSegments(bad), String(bad)).toBeNull();
  });

  it('when the current index or the next id do not fit the list, then they are mended; unknown fields are dropped', () => {
    const s = parseStoredSegments(entry({ segments: [{ ...marked.segments[0], extra: '<script>' }, marked.segments[1]], current: 9, nextId: 1 }));
    expect(s).toEqual({ ...marked, current: 1, nextId: 3 });
  });
});
