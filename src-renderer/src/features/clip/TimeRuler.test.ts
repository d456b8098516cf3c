import { describe, expect, it } from 'vitest';
import { rulerMarks } from './TimeRuler';

describe('rulerMarks', () => {
  it('marks round times far enough apart for their labels, closer as the timeline is zoomed', () => {
    // 45 s across 700 px: 15.6 px a second, so every 5 s (78 px).
    expect(rulerMarks(700, 45)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40]);
    // The same at 16×: 249 px a second, every half second.
    expect(rulerMarks(700 * 16, 45).slice(0, 4)).toEqual([0, 0.5, 1, 1.5]);
    // A two-hour film across 700 px: every 15 minutes.
    expect(rulerMarks(700, 7200).slice(0, 3)).toEqual([0, 900, 1800]);
    expect(rulerMarks(0, 45)).toEqual([]);
  });
});
