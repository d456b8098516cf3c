import { describe, expect, it } from 'vitest';
import { upwardArrows } from './import-graph';

/**
 * The folder-level import arrows that point up the layers of docs/architecture.md (or close a
 * loop between two domain folders). The list is the known debt, written out: a new upward arrow
 * fails here, and paying one off means deleting its line.
 */
describe('layers', () => {
  it('when the service imports are read, then no upward folder arrow exists but the known ones', () => {
    const arrows = upwardArrows().map((a) => `${a.from} -> ${a.to}${a.typeOnly ? ' (type only)' : ''}`);
    expect(arrows).toEqual([
      // The result cache reads the run's types (ParsedRequest, StoredOutput); the runner holds the cache: types only.
      'jobs -> cache (type only)',
    ]);
  });
});
