import { describe, expect, it } from 'vitest';
import { outputNameOf } from './output-name';

const part = (start: number, end: number) => ({ start, end, label: 'segment' });

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

  it('leaves one file per segment to the service, which numbers each', () => {
    expect(outputNameOf('holiday.mov', [part(0, 1), part(2, 3)], 25, false)).toBe('holiday-cut.mov');
  });
});
