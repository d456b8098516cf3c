import { describe, expect, it } from 'vitest';
import { outputNameOf } from './output-name';

describe('outputNameOf', () => {
  it('keeps the extension and makes the stem safe', () => {
    expect(outputNameOf('My holiday (1).MOV')).toBe('My_holiday_1_-cut.MOV');
    expect(outputNameOf('clip.mp4')).toBe('clip-cut.mp4');
    expect(outputNameOf('noext')).toBe('noext-cut.mp4');
    expect(outputNameOf(undefined)).toBe('clip-cut.mp4');
    expect(outputNameOf('.hidden.mkv')).toBe('hidden-cut.mkv');
  });
});
