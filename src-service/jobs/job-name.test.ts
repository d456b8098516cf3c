import { describe, expect, it } from 'vitest';
import { unknownFilterIn, deriveJobName, MAX_JOB_NAME } from './job-name';

describe('deriveJobName', () => {
  it('never starts with a filter ffmpeg did not know (a misspelling): the codec names the job instead', () => {
    const request = {
      ffmpeg_command: '-i {{in_1}} -vf scael=320:-2 -c:v libx264 {{out_1}}',
      input_files: { in_1: 'https://x/a/small.mov' },
      output_files: { out_1: 'outtakes.mp4' },
    };
    const unknown = unknownFilterIn("[AVFilterGraph @ 0x55] No such filter: 'scael' (did you mean 'scale'?)");
    expect(unknown).toBe('scael');
    expect(deriveJobName(request, unknown)).toBe('libx264: small.mov → outtakes.mp4');
    expect(deriveJobName(request)).toBe('scael: small.mov → outtakes.mp4');
    expect(unknownFilterIn('Invalid argument')).toBeNull();
  });

  it('names a filter job by its first filter, inputs and outputs', () => {
    expect(
      deriveJobName({
        ffmpeg_command: '-i {{in_1}} -vf "scale=640:-2,fps=10" {{out_1}}',
        input_files: { in_1: 'http://h/storage/x/clip%20one.mp4' },
        output_files: { out_1: 'small.mp4' },
      }),
    ).toBe('scale: clip one.mp4 → small.mp4');
  });

  it('skips filter-graph labels and falls back to the video codec', () => {
    expect(
      deriveJobName({
        ffmpeg_command: '-i {{in_1}} -filter_complex [0:v]split=2[a][b] {{out_1}}',
        input_files: { in_1: 'https://e/a.mov' },
        output_files: { out_1: 'o.mp4' },
      }),
    ).toBe('split: a.mov → o.mp4');
    expect(
      deriveJobName({ ffmpeg_command: '-i {{in_1}} -c:v libx264 {{out_1}}', input_files: { in_1: 'https://e/a.mov' }, output_files: { out_1: 'o.mp4' } }),
    ).toBe('libx264: a.mov → o.mp4');
  });

  it('counts chained steps, zips, folders and many files', () => {
    expect(
      deriveJobName({
        ffmpeg_commands: ['-ss 1 -i {{in_1}} {{out_1}}', '-i {{out_1}} {{out_2}}'],
        input_compressed_folder: 'https://e/frames.zip',
        output_files: 'OUTPUT_FOLDER',
      }),
    ).toBe('frames.zip → folder.zip (+1 step)');
    expect(
      deriveJobName({ ffmpeg_command: '-f lavfi -i testsrc=size=16x16 {{out_1}}', output_files: { out_1: 'a.png', out_2: 'b.png', out_3: 'c.png' } }),
    ).toBe('testsrc → a.png, b.png +1');
  });

  it('stays within the name limit', () => {
    const long = deriveJobName({ ffmpeg_command: '-vf scale', input_files: { in_1: `https://e/${'x'.repeat(400)}.mp4` }, output_files: { out_1: 'o.mp4' } });
    expect(long.length).toBe(MAX_JOB_NAME);
    expect(deriveJobName({ ffmpeg_command: '', output_files: {} })).toBe('ffmpeg');
  });
});
