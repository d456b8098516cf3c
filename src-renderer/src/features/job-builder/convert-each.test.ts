import type { StoredFile } from '../../../../src-service/client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICES } from './convert-args';
import { convertEachProblem, formsPerFile, rowsConvertedEach } from './convert-each';
import { writeConvert } from './convert-form';
import { emptyForm, toRequest, type InputRow } from './form';

const video = (id: string, width = 1920, height = 1080) => ({ file_id: id, width, height, duration: 10, frame_rate: 25 }) as unknown as StoredFile;
const sound = (id: string) => ({ file_id: id, duration: 30 }) as unknown as StoredFile;
const row = (alias: string, fileName: string, media: StoredFile): InputRow => ({
  key: alias,
  alias,
  source: 'stored',
  url: `http://x/storage/${media.file_id}/${fileName}`,
  fileName,
  media,
});

const threeClips = () =>
  writeConvert(
    { ...emptyForm(), inputs: [row('in_1', 'a.mov', video('f1')), row('in_2', 'b.mov', video('f2')), row('in_3', 'talk.mp3', sound('f3'))] },
    { ...DEFAULT_CHOICES, container: 'mp4' },
  );

describe('several clips in the convert panel', () => {
  it('when three clips are in the panel, then each gets its own job: its own input, output name, job name and facts', () => {
    const jobs = formsPerFile(threeClips());
    expect(jobs.map((j) => j.fileName)).toEqual(['a.mov', 'b.mov', 'talk.mp3']);
    const requests = jobs.map((j) => toRequest(j.form));
    expect(requests.map((r) => r.input_files)).toEqual([
      { in_1: 'http://x/storage/f1/a.mov' },
      { in_1: 'http://x/storage/f2/b.mov' },
      { in_1: 'http://x/storage/f3/talk.mp3' },
    ]);
    // The sound-only file gets a sound format, as it would alone in the panel.
    expect(requests.map((r) => r.output_files)).toEqual([{ out_1: 'a.mp4' }, { out_1: 'b.mp4' }, { out_1: 'talk.m4a' }]);
    expect(requests.map((r) => r.name)).toEqual(['Convert to MP4: a.mov → a.mp4', 'Convert to MP4: b.mov → b.mp4', 'Convert to M4A: talk.mp3 → talk.m4a']);
    expect(requests.every((r) => 'ffmpeg_command' in r && r.ffmpeg_command.startsWith('-i {{in_1}} '))).toBe(true);
  });

  it('when a name is typed, then each job keeps it with its clip’s name', () => {
    const jobs = formsPerFile({ ...threeClips(), name: 'Client review' });
    expect(jobs.map((j) => toRequest(j.form).name)).toEqual(['Client review: a.mov', 'Client review: b.mov', 'Client review: talk.mp3']);
  });

  it('when loudness was measured on one clip, then only that clip’s job uses the measure; the others get one pass', () => {
    const measured = { fileId: 'f2', track: 1, i: -20, tp: -3, lra: 6, thresh: -30 };
    const form = writeConvert(threeClips(), { ...DEFAULT_CHOICES, container: 'mp4', loudness: -16, measured });
    const commands = formsPerFile(form).map((j) => j.form.steps[0] ?? '');
    expect(commands.map((c) => c.includes('measured_I=-20'))).toEqual([false, true, false]);
    expect(commands.every((c) => c.includes('loudnorm=I=-16'))).toBe(true);
  });

  it('when the form is one job, then nothing is split: one clip, a command typed, a chained job', () => {
    const one = writeConvert({ ...emptyForm(), inputs: [row('in_1', 'a.mov', video('f1'))] }, DEFAULT_CHOICES);
    expect(rowsConvertedEach(one)).toBeNull();
    const clips = threeClips();
    expect(rowsConvertedEach({ ...clips, steps: ['-i {{in_1}} -i {{in_2}} -filter_complex hstack {{out_1}}'] })).toBeNull();
    expect(rowsConvertedEach({ ...clips, isChained: true })).toBeNull();
    expect(rowsConvertedEach({ ...emptyForm(), inputs: clips.inputs })).toBeNull();
  });

  it('when a crop was drawn and a clip is of another size, then it says which, and clips of one size pass', () => {
    const crop = { x: 0, y: 0, width: 1280, height: 720 };
    const same = writeConvert({ ...emptyForm(), inputs: [row('in_1', 'a.mov', video('f1')), row('in_2', 'b.mov', video('f2'))] }, { ...DEFAULT_CHOICES, crop });
    expect(convertEachProblem(same)).toBeNull();
    const mixed = writeConvert({ ...same, inputs: [...same.inputs, row('in_3', 'phone.mp4', video('f3', 1080, 1920))] }, { ...DEFAULT_CHOICES, crop });
    expect(convertEachProblem(mixed)).toBe('The crop was drawn on a.mov (1920×1080); phone.mp4 is 1080×1920. Convert it on its own, or clear the crop.');
  });
});
