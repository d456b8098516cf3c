import { describe, expect, it } from 'vitest';
import { buildFfmpegArgv } from './ffmpeg-argv';
import { parseFfmpegDuration, parseRate } from './ffmpeg-time';
import { createProgressParser, expectedDurationSeconds, type Progress } from './progress';
import { runProcess } from './run-process';
import { binaries } from '../testing/media-fixtures';

const feed = (parser: ReturnType<typeof createProgressParser>, text: string) =>
  text
    .split('\n')
    .map((l) => parser.push(l))
    .filter((p): p is Progress => p !== null);

describe('createProgressParser with real ffmpeg output', () => {
  it('turns the -progress blocks of a run into rising percentages that end at 100', async () => {
    // -re reads the source in real time, so ffmpeg prints several "continue" blocks.
    const tokens = ['-re', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=25', '-t', '1.6', '-f', 'null', '-'];
    const parser = createProgressParser(expectedDurationSeconds(tokens, []));
    const seen: Progress[] = [];
    const r = await runProcess(
      { bin: binaries.ffmpegPath, argv: buildFfmpegArgv(tokens) },
      {
        cwd: process.cwd(),
        onStdoutLine: (l) => {
          const p = parser.push(l);
          if (p) seen.push(p);
        },
      },
    );
    expect(r.exitCode).toBe(0);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    const percents = seen.map((p) => p.percent ?? -1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ percent: 100, eta_seconds: 0 });
    const middle = seen[1];
    expect(middle?.percent).toBeGreaterThan(0);
    expect(middle?.percent).toBeLessThan(100);
    expect(middle?.speed).toBeGreaterThan(0); // about 1x in real time on a quiet machine; parsed, not timed
    expect(middle?.eta_seconds).toBeGreaterThan(0);
    expect(seen.at(-1)?.out_time_seconds).toBeGreaterThan(1.4);
  });
});

describe('createProgressParser edge cases', () => {
  it('reads a block captured from ffmpeg N-47683', () => {
    const block =
      'frame=25\nfps=0.00\nstream_0_0_q=-1.0\nbitrate= 318.5kbits/s\ntotal_size=38221\nout_time_us=960078\nout_time_ms=960078\nout_time=00:00:00.960078\ndup_frames=0\ndrop_frames=0\nspeed=70.3x\nprogress=continue';
    expect(feed(createProgressParser(2), block)).toEqual([{ percent: 48, out_time_seconds: 0.96, speed: 70.3, fps: 0, eta_seconds: 0 }]);
  });

  it('when the duration is learned after the run started (an input probed alongside ffmpeg), then the percentage appears from then on', () => {
    const parser = createProgressParser(null);
    expect(feed(parser, 'out_time_us=1000000\nprogress=continue')[0]?.percent).toBeNull();
    parser.setDuration(4);
    expect(feed(parser, 'out_time_us=2000000\nprogress=continue')[0]?.percent).toBe(50);
    parser.setDuration(null); // a failed probe does not forget what is known
    expect(feed(parser, 'out_time_us=3000000\nprogress=continue')[0]?.percent).toBe(75);
  });

  it('turns N/A into null and keeps the last known out time', () => {
    const parser = createProgressParser(10);
    feed(parser, 'out_time_us=4000000\nspeed=2x\nprogress=continue');
    const [p] = feed(parser, 'fps=N/A\nout_time_us=N/A\nout_time=N/A\nspeed=N/A\nprogress=continue');
    expect(p).toEqual({ percent: 40, out_time_seconds: 4, speed: null, fps: null, eta_seconds: null });
  });

  it('treats ffmpeg\'s "no timestamp yet" value as unknown', () => {
    const [p] = feed(createProgressParser(10), 'out_time_us=-9223372036854775807\nout_time=-2562047788:00:54.775807\nprogress=continue');
    expect(p?.out_time_seconds).toBe(0);
    expect(p?.percent).toBe(0);
  });

  it('reads out_time_ms as microseconds, and out_time when it is the only one', () => {
    expect(feed(createProgressParser(4), 'out_time_ms=1000000\nprogress=continue')[0]?.percent).toBe(25);
    expect(feed(createProgressParser(4), 'out_time=00:00:03.000000\nprogress=continue')[0]?.percent).toBe(75);
  });

  it('clamps to 100, rounds to 0.1, and gives null percent without a duration', () => {
    expect(feed(createProgressParser(3), 'out_time_us=5000000\nprogress=continue')[0]?.percent).toBe(100);
    expect(feed(createProgressParser(3), 'out_time_us=1000000\nprogress=continue')[0]?.percent).toBe(33.3);
    expect(feed(createProgressParser(null), 'out_time_us=1000000\nspeed=1x\nprogress=end')[0]).toEqual({
      percent: null,
      out_time_seconds: 1,
      speed: 1,
      fps: null,
      eta_seconds: null,
    });
    expect(createProgressParser(0).push('progress=continue')?.percent).toBeNull();
  });

  it('ignores lines that are not key=value', () => {
    const parser = createProgressParser(1);
    expect(parser.push('')).toBeNull();
    expect(parser.push('garbage')).toBeNull();
    expect(parser.push('=x')).toBeNull();
  });
});

describe('expectedDurationSeconds', () => {
  it('uses an explicit output -t, -to (minus -ss) or -frames:v with -r', () => {
    expect(expectedDurationSeconds(['-i', 'in.mp4', '-t', '5', 'out.mp4'], [60])).toBe(5);
    expect(expectedDurationSeconds(['-i', 'in.mp4', '-ss', '10', '-to', '00:00:25', 'out.mp4'], [60])).toBe(15);
    expect(expectedDurationSeconds(['-i', 'in.mp4', '-r', '25', '-frames:v', '50', 'out.mp4'], [60])).toBe(2);
    expect(expectedDurationSeconds(['-i', 'in.mp4', '-vframes', '30', '-r', '30000/1001', 'out.mp4'], [60])).toBeCloseTo(1.001, 3);
  });

  it('otherwise takes the longest input, or the shortest with -shortest', () => {
    expect(expectedDurationSeconds(['-i', 'a.mp4', '-i', 'b.mp3', '-map', '0:v', '-map', '1:a', 'out.mp4'], [12, 30])).toBe(30);
    expect(expectedDurationSeconds(['-i', 'a.mp4', '-i', 'b.mp3', '-shortest', 'out.mp4'], [12, 30])).toBe(12);
  });

  it('shortens a single input by its -ss / -t, and by an output -ss', () => {
    expect(expectedDurationSeconds(['-ss', '10', '-i', 'in.mp4', 'out.mp4'], [60])).toBe(50);
    expect(expectedDurationSeconds(['-ss', '10', '-t', '5', '-i', 'in.mp4', 'out.mp4'], [60])).toBe(5);
    expect(expectedDurationSeconds(['-i', 'in.mp4', '-ss', '1:00', 'out.mp4'], [90])).toBe(30);
  });

  it('returns null when nothing is known, or the input loops', () => {
    expect(expectedDurationSeconds(['-f', 'lavfi', '-i', 'testsrc', 'out.mp4'], [])).toBeNull();
    expect(expectedDurationSeconds(['-stream_loop', '-1', '-i', 'in.mp4', 'out.mp4'], [10])).toBeNull();
    expect(expectedDurationSeconds(['-i', 'in.mp4', '-ss', '20', 'out.mp4'], [10])).toBeNull();
  });
});

describe('ffmpeg time syntax', () => {
  it('parses durations', () => {
    expect(parseFfmpegDuration('90')).toBe(90);
    expect(parseFfmpegDuration('2.5')).toBe(2.5);
    expect(parseFfmpegDuration('1500ms')).toBe(1.5);
    expect(parseFfmpegDuration('250000us')).toBe(0.25);
    expect(parseFfmpegDuration('01:02:03.5')).toBe(3723.5);
    expect(parseFfmpegDuration('02:03')).toBe(123);
    expect(parseFfmpegDuration('-00:00:01.5')).toBe(-1.5);
    expect(parseFfmpegDuration('abc')).toBeNull();
    expect(parseFfmpegDuration('')).toBeNull();
  });

  it('parses rates', () => {
    expect(parseRate('25')).toBe(25);
    expect(parseRate('30000/1001')).toBeCloseTo(29.97, 2);
    expect(parseRate('ntsc')).toBeCloseTo(29.97, 2);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('x')).toBeNull();
  });
});
