import { describe, expect, it } from 'vitest';
import type { CommandRequest } from '../../../../src-service/client';
import { emptyForm, fromRequest, toRequest } from './form';
import { validateForm } from './form-checks';
import { writeConvert } from './convert-form';
import { DEFAULT_CHOICES } from './convert-args';
import { fieldLabel } from '../../lib/field-labels';
import { fieldKey, groupByField, validateRequest } from './validation';
import { REQUEST_LIMITS } from '../../../../src-service/contract/names';
import { RunCommandBody } from '../../../../src-service/contract/commands.schema';

const base = { input_files: { in_1: 'http://h/a.mp4' }, output_files: { out_1: 'b.mp4' }, ffmpeg_command: '-i {{in_1}} {{out_1}}' };
const locs = (req: CommandRequest, maxVcpu?: number) => validateRequest(req, { maxVcpu }).map((i) => fieldKey(i.loc));

describe('422 mirror', () => {
  it('when the request is well formed, then there are no issues', () => {
    expect(locs(base)).toEqual([]);
  });

  it('when a command uses an undeclared alias, then the command field is flagged', () => {
    expect(locs({ ...base, ffmpeg_command: '-i {{in_2}} {{out_1}}' })).toEqual(['ffmpeg_command']);
  });

  it('when an escaped placeholder names a declared alias, then it counts as used', () => {
    expect(locs({ ...base, ffmpeg_command: '-i \\{\\{in_1\\}\\} \\{\\{out_1\\}\\}' })).toEqual([]);
  });

  it('when a declared output is not used, then that output is flagged', () => {
    expect(locs({ ...base, output_files: { out_1: 'b.mp4', out_2: 'c.mp4' } })).toEqual(['output_files.out_2']);
  });

  it('when a command is longer than the service accepts, then the form flags it exactly where the service schema does', () => {
    const long = { ...base, ffmpeg_command: `-i {{in_1}} ${'-y '.repeat(REQUEST_LIMITS.maxCommandChars / 3)} {{out_1}}` };
    const atLimit = { ...base, ffmpeg_command: `-i {{in_1}} {{out_1}}`.padEnd(REQUEST_LIMITS.maxCommandChars, ' ') };
    expect(locs(long)).toEqual(['ffmpeg_command']);
    expect(RunCommandBody.safeParse(long).error?.issues.map((i) => i.path.join('.'))).toEqual(['ffmpeg_command']);
    expect(locs(atLimit)).toEqual([]);
    expect(RunCommandBody.safeParse(atLimit).success).toBe(true);
  });

  it('when aliases break the in_/out_ patterns, then each is flagged at its key', () => {
    expect(locs({ ...base, input_files: { video: 'http://h/a' }, output_files: { result: 'x.mp4' } })).toEqual(['input_files.video', 'output_files.result']);
  });

  it('when an output name has a path or .., then it is flagged', () => {
    for (const name of ['../x.mp4', 'a/b.mp4', '.hidden', 'a..b']) expect(locs({ ...base, output_files: { out_1: name } })).toEqual(['output_files.out_1']);
  });

  it('when a playlist is written under a plain alias, then the alias is flagged', () => {
    expect(locs({ ...base, output_files: { out_1: 'index.m3u8' } })).toEqual(['output_files.out_1']);
  });

  it('when two outputs share a file name, then the second is flagged', () => {
    expect(locs({ ...base, output_files: { out_1: 'a.mp4', out_2: 'A.mp4' }, ffmpeg_command: '-i {{in_1}} {{out_1}} {{out_2}}' })).toEqual([
      'output_files.out_2',
    ]);
  });

  it('when a URL is not http(s), then the input is flagged', () => {
    expect(locs({ ...base, input_files: { in_1: 'file:///etc/passwd' } })).toEqual(['input_files.in_1']);
  });

  it('when a zip is sent alongside input files, then the zip field is flagged', () => {
    expect(locs({ ...base, input_compressed_folder: 'http://h/a.zip' })).toEqual(['input_compressed_folder']);
  });

  it('when vcpu_count is above the account maximum or not whole, then it is flagged', () => {
    expect(locs({ ...base, vcpu_count: 9 }, 8)).toEqual(['vcpu_count']);
    expect(locs({ ...base, vcpu_count: 1.5 })).toEqual(['vcpu_count']);
    expect(locs({ ...base, max_command_run_seconds: 0 })).toEqual(['max_command_run_seconds']);
  });

  it('when a chained step is empty or reads an undeclared alias, then that step is flagged', () => {
    const req = {
      input_files: base.input_files,
      output_files: { out_1: 'a.mp4', out_2: 'b.jpg' },
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{out_1}} {{out_2}} {{out_9}}'],
    };
    expect(locs(req)).toEqual(['ffmpeg_commands.1']);
    expect(locs({ ...req, ffmpeg_commands: ['-i {{in_1}} {{out_1}} {{out_2}}', ' '] })).toEqual(['ffmpeg_commands.1']);
  });

  it('when OUTPUT_FOLDER is used, then no output alias is required', () => {
    expect(locs({ input_files: base.input_files, output_files: 'OUTPUT_FOLDER', ffmpeg_command: '-i {{in_1}} -f segment part_%03d.mp4' })).toEqual([]);
  });
});

describe('form checks', () => {
  it('when two rows declare one alias, then the duplicate is reported', () => {
    const form = { ...emptyForm(), steps: ['-i {{in_1}} {{out_1}}'] };
    form.inputs = [...form.inputs, { ...form.inputs[0]!, key: 'other' }];
    form.inputs.forEach((r) => (r.url = 'http://h/a'));
    expect(validateForm(form).map((i) => i.msg)).toContain('The alias in_1 is declared twice');
  });

  it('when the convert panel’s From is not a time or To is not after From, then the run waits, naming the field', () => {
    const panel = writeConvert(
      { ...emptyForm(), inputs: [{ key: 'i', alias: 'in_1', source: 'url', url: 'http://h/a.mov' }] },
      { ...DEFAULT_CHOICES, start: 5 },
    );
    expect(validateForm(panel)).toEqual([]);
    const typed = { ...panel, convert: { ...panel.convert!, badTimes: ['start' as const] } };
    expect(validateForm(typed).map((i) => [fieldLabel(i.loc), i.msg])).toEqual([['From', 'Write seconds (75) or minutes and seconds (1:15)']]);
    const backwards = writeConvert(panel, { ...DEFAULT_CHOICES, start: 5, end: 3 });
    expect(validateForm(backwards).map((i) => [fieldLabel(i.loc), i.msg])).toEqual([['To', 'To must come after From']]);
    // A command written by hand is its own: the panel's fields no longer hold it.
    expect(validateForm({ ...typed, steps: ['-i {{in_1}} {{out_1}}'] })).toEqual([]);
  });

  it('round-trips a request through the form', () => {
    const req = { ...base, is_private: true, vcpu_count: 2, max_command_run_seconds: 60 };
    expect(toRequest(fromRequest(req))).toEqual(req);
  });

  it("leaves a job's name behind when the job is edited as new (its command may change)", () => {
    expect(fromRequest({ ...base, name: 'Convert to MP4: a.mov → a.mp4' }).name).toBe('');
    expect(toRequest(fromRequest({ ...base, name: 'Convert to MP4: a.mov → a.mp4' }))).toEqual(base);
  });

  it('groups issues by field key for inline display', () => {
    const grouped = groupByField([
      { loc: ['body', 'output_files', 'out_1'], msg: 'a', type: 't' },
      { loc: ['body', 'output_files', 'out_1'], msg: 'b', type: 't' },
    ]);
    expect(grouped.get('output_files.out_1')).toEqual(['a', 'b']);
  });
});
