import { describe, expect, it } from 'vitest';
import { silenceSegments, silenceTotal } from './silences';

describe('silences as segments', () => {
  it('when silences are found, then each is shrunk by 0.1 s where it meets sound and laid on the frame grid', () => {
    expect(silenceSegments([{ start: 1.234, end: 2.5 }], 10, 25)).toEqual([{ start: 1.36, end: 2.4 }]);
  });

  it('when a silence starts the file or runs to its end, then that edge stays where the file starts or ends', () => {
    expect(
      silenceSegments(
        [
          { start: 0, end: 0.8 },
          { start: 9.3, end: 10 },
        ],
        10,
        25,
      ),
    ).toEqual([
      { start: 0, end: 0.68 },
      { start: 9.4, end: 10 },
    ]);
  });

  it('when a silence is left shorter than a frame, then it is dropped', () => {
    expect(silenceSegments([{ start: 3, end: 3.22 }], 10, 25)).toEqual([]);
  });

  it('adds the silences up in words', () => {
    expect(silenceTotal([{ start: 0, end: 1.25 }])).toBe('1.3 s');
    expect(
      silenceTotal([
        { start: 0, end: 50 },
        { start: 60, end: 93.5 },
      ]),
    ).toBe('1:23');
  });
});
