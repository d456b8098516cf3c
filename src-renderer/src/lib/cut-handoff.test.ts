import { describe, expect, it } from 'vitest';
import { cutAgainOf } from './cut-handoff';

describe('cutAgainOf', () => {
  it('reads a cut’s request as sent: lax numbers, names, the defaults the API fills in', () => {
    const again = cutAgainOf({
      input: 'f_1',
      segments: [
        { start: '2', end: 3, name: 'tail' },
        { start: 0.4, end: '1.2' },
      ],
      output: { filename: 'a.mp4' },
    });
    expect(again).toEqual({
      fileId: 'f_1',
      segments: [
        { start: 2, end: 3, name: 'tail' },
        { start: 0.4, end: 1.2 },
      ],
      mode: 'smart',
      join: true,
      filename: 'a.mp4',
    });
  });

  it('has nothing for a cut of a URL (the Cut screen opens stored files) or for a command', () => {
    expect(cutAgainOf({ input: 'https://example.com/a.mp4', segments: [{ start: 0, end: 1 }], output: { filename: 'a.mp4' } })).toBeNull();
    expect(
      cutAgainOf({ ffmpeg_command: '-i {{in_1}} {{out_1}}', input_files: { in_1: 'https://example.com/a.mp4' }, output_files: { out_1: 'b.mp4' } }),
    ).toBeNull();
  });
});
