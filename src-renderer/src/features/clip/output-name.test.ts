import { describe, expect, it } from 'vitest';
import { copiedParts, nameProblem, outputNameOf, segmentNamesOf } from './output-name';

const part = (start: number, end: number, name?: string) => ({ start, end, label: 'segment', ...(name ? { name } : {}) });

describe('outputNameOf', () => {
  it('keeps the extension and makes the stem safe', () => {
    expect(outputNameOf('My holiday (1).MOV')).toBe('My_holiday_1_-cut.MOV');
    expect(outputNameOf('clip.mp4')).toBe('clip-cut.mp4');
    expect(outputNameOf('noext')).toBe('noext-cut.mp4');
    expect(outputNameOf(undefined)).toBe('clip-cut.mp4');
    expect(outputNameOf('.hidden.mkv')).toBe('hidden-cut.mkv');
  });

  it('names a joined cut by its in point and last frame, as the segment list shows them, so two cuts of one clip differ', () => {
    // Frames 55 to 85 at 25 fps: in 00:00:02:05, last frame kept 00:00:03:10.
    expect(outputNameOf('holiday.mov', [part(2.2, 3.44)], 25)).toBe('holiday-00.00.02.05-00.00.03.10.mov');
    expect(outputNameOf('holiday.mov', [part(0, 1)], 25)).toBe('holiday-00.00.00.00-00.00.00.24.mov');
    expect(outputNameOf('holiday.mov', [part(0, 1), part(62, 63.5)], 25)).toBe('holiday-00.00.00.00-00.01.03.11-2-parts.mov');
    expect(outputNameOf('holiday.mov', [part(0, 1)], 25)).not.toBe(outputNameOf('holiday.mov', [part(0, 2)], 25));
  });

  it('names parts put in another order (Alt+↑/↓) by the span of the source they come from, never backwards', () => {
    expect(outputNameOf('holiday.mov', [part(18, 20), part(9, 10)], 25)).toBe('holiday-00.00.09.00-00.00.19.24-2-parts.mov');
  });

  it("names a sound's cut by its in and out times, as its segment list reads them", () => {
    expect(outputNameOf('talk.m4a', [part(1.22, 3.456)], 1000, true, true)).toBe('talk-00.00.01.220-00.00.03.456.m4a');
    expect(segmentNamesOf('talk.m4a', [part(0.005, 1), part(2, 2.5)], 1000, true)).toEqual([
      'talk-00.00.00.005-00.00.01.000.m4a',
      'talk-00.00.02.000-00.00.02.500.m4a',
    ]);
  });

  it('names a cut that removes segments by what it takes out, not by the span it keeps (which read as the whole file)', () => {
    const kept = [part(0, 3), part(4, 12.042)];
    expect(outputNameOf('music.mp3', kept, 1000, true, true, [part(3, 4)])).toBe('music-without-00.00.03.000-00.00.04.000.mp3');
    expect(outputNameOf('talk.mp4', [part(0, 1), part(2, 5), part(6, 9)], 25, true, false, [part(5, 6), part(1, 2)])).toBe(
      'talk-without-00.00.01.00-00.00.01.24-and-1-more.mp4',
    );
  });

  it('one file per segment: the base each file is named from', () => {
    expect(outputNameOf('holiday.mov', [part(0, 1), part(2, 3)], 25, false)).toBe('holiday.mov');
  });
});

describe('copiedParts', () => {
  it('starts each lossless part at the keyframe at or before its in point, so the name says what the file holds', () => {
    const parts = [
      { start: 3, end: 7 },
      { start: 10, end: 11 },
    ];
    expect(copiedParts(parts, [0, 2.5, 10], 25)).toEqual([
      { start: 2.5, end: 7 },
      { start: 10, end: 11 },
    ]);
    expect(outputNameOf('hevc.mp4', copiedParts([part(3, 7.04)], [0, 8], 25), 25)).toBe('hevc-00.00.00.00-00.00.07.00.mp4');
    expect(copiedParts(parts, [], 25)).toEqual(parts);
  });
});

describe('nameProblem', () => {
  it('says why a typed name cannot be sent, with one that can; a plain name is fine', () => {
    expect(nameProblem('my_cut-2.mp4')).toBeNull();
    expect(nameProblem('Client Interview (final) é.mp4')).toBe(
      "A file name here holds letters, digits, _, - and dots only (Client_Interview_final_.mp4 would do); Save to's name pattern may use any.",
    );
    expect(nameProblem('../x.mp4')).toMatch(/^A file name here holds/);
    expect(nameProblem(`${'a'.repeat(300)}.mp4`)).toBe('The file name is longer than 200 characters.');
  });
});

describe('segmentNamesOf', () => {
  it('names each file as a joined cut of that segment alone, or after the name the editor gave it', () => {
    expect(segmentNamesOf('holiday.mov', [part(2.2, 3.44), part(5, 6, 'Scène 2 / take')], 25)).toEqual([
      'holiday-00.00.02.05-00.00.03.10.mov',
      'holiday-Sc_ne_2_take.mov',
    ]);
    expect(segmentNamesOf('holiday.mov', [part(0, 1)], 25)[0]).toBe(outputNameOf('holiday.mov', [part(0, 1)], 25));
  });

  it('never gives two segments one name, whatever the case', () => {
    expect(segmentNamesOf('a.mp4', [part(0, 1, 'Intro'), part(2, 3, 'intro'), part(4, 5, 'INTRO')], 25)).toEqual([
      'a-Intro.mp4',
      'a-intro-2.mp4',
      'a-INTRO-3.mp4',
    ]);
  });
});
