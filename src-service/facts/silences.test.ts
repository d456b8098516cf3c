import { describe, expect, it } from 'vitest';
import { createSilenceReader, silencesArgv, type Silence } from './silences';

/** Every silence of a whole stderr text, fed line by line as the run feeds them. */
function parseSilences(stderr: string, duration: number): Silence[] {
  const reader = createSilenceReader(duration);
  for (const line of stderr.split('\n')) reader.line(line);
  return reader.result();
}

/**
 * ffmpeg 5.1's stderr for `-af silencedetect=n=-35dB:d=0.5` over 6 s of AAC: a tone with silent
 * gaps at 1-2 s and 3.5-4 s and from 5 s to the end (the last end is printed at the end of the file).
 */
const CAPTURED = `Output #0, null, to 'pipe:':
  Stream #0:0(und): Audio: pcm_s16le, 48000 Hz, mono, s16, 768 kb/s (default)
[silencedetect @ 0x561572d212c0] silence_start: 1
[silencedetect @ 0x561572d212c0] silence_end: 2.00002 | silence_duration: 1.00002
[silencedetect @ 0x561572d212c0] silence_start: 3.5
[silencedetect @ 0x561572d212c0] silence_end: 4.00002 | silence_duration: 0.500021
[silencedetect @ 0x561572d212c0] silence_start: 5.00002
video:0kB audio:564kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown
[silencedetect @ 0x561572d212c0] silence_end: 6.016 | silence_duration: 1.01598
`;

describe('silencedetect report', () => {
  it('reads each start and end into a range, to the millisecond, the last end held to the duration', () => {
    expect(parseSilences(CAPTURED, 6)).toEqual([
      { start: 1, end: 2 },
      { start: 3.5, end: 4 },
      { start: 5, end: 6 },
    ]);
  });

  it('when the file ends in silence and no end is printed, then the last silence runs to the end of the file', () => {
    const noLastEnd = CAPTURED.slice(0, CAPTURED.lastIndexOf('[silencedetect'));
    expect(parseSilences(noLastEnd, 6.25).at(-1)).toEqual({ start: 5, end: 6.25 });
    // Unknown duration: an open silence has no end to report.
    expect(parseSilences(noLastEnd, 0)).toHaveLength(2);
  });

  it('when a silence starts before the first sample (an encoder delay), then it starts at 0', () => {
    const lines = ['[silencedetect @ 0x5587] silence_start: -0.0213333', '[silencedetect @ 0x5587] silence_end: 0.75 | silence_duration: 0.771333'];
    expect(parseSilences(lines.join('\n'), 3)).toEqual([{ start: 0, end: 0.75 }]);
  });

  it('reads a report sharing a line with a progress line, and ignores other filters and broken numbers', () => {
    const reader = createSilenceReader(10);
    reader.line('size=N/A time=00:00:00.02 bitrate=N/A speed= 821x\r    [silencedetect @ 0x55] silence_start: 2.5');
    reader.line('[Parsed_volumedetect_0 @ 0x55] silence_start: 9');
    reader.line('[silencedetect @ 0x55] silence_end: nan | silence_duration: nan');
    reader.line('[silencedetect @ 0x55] silence_end: 3.1234 | silence_duration: 0.6234');
    expect(reader.result()).toEqual([{ start: 2.5, end: 3.123 }]);
  });

  it('maps the 1-based track to ffmpeg’s 0-based audio stream and passes the level and length to the filter', () => {
    const argv = silencesArgv('/in.wav', 2, -40, 0.25);
    expect(argv).toContain('0:a:1');
    expect(argv).toContain('silencedetect=n=-40dB:d=0.25');
    expect(argv.slice(-3)).toEqual(['-f', 'null', '-']);
  });
});
