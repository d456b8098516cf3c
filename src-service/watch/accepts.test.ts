import { describe, expect, it } from 'vitest';
import { createIgnoredList } from './accepts';

describe('createIgnoredList', () => {
  it('when more names are left alone than it shows, then it shows the newest and still tells each name only once', () => {
    const ignored = createIgnoredList(2);
    expect(['a.txt', 'b.txt', 'c.txt'].map((n) => ignored.add(n))).toEqual([true, true, true]);
    expect(ignored.list()).toEqual(['c.txt', 'b.txt']);
    // A rescan finds them all again: none is announced twice, not even the one no longer shown.
    expect(['a.txt', 'b.txt', 'c.txt'].map((n) => ignored.add(n))).toEqual([false, false, false]);
    expect(ignored.list()).toEqual(['c.txt', 'b.txt']);
  });
});
