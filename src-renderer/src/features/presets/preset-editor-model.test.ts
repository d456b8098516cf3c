import { describe, expect, it } from 'vitest';
import { PresetDefinition } from '../../../../src-service/contract/preset-definition';
import { draftNaming, presetFromRequest } from '../../lib/preset-draft';
import { copyName, definitionOf, editorOf, withSteps } from './preset-editor-model';

const request = {
  input_files: { in_1: 'https://example.com/a.mov' },
  output_files: { out_1: 'small.mp4' },
  ffmpeg_command: '-i {{in_1}} -vf scale=-2:{{height}} -c:v {{codec}} {{out_1}}',
};

describe('a preset saved from a job', () => {
  it('is named after what the job did, in the letters a preset name takes, and the title in words', () => {
    expect(draftNaming({ ...request, name: 'Convert to MP4: clip.mov → clip.mp4' })).toEqual({ name: 'convert-to-mp4', title: 'Convert to MP4' });
    expect(draftNaming({ ...request, name: 'Small MP4 720p, été' })).toEqual({ name: 'small-mp4-720p-ete', title: 'Small MP4 720p, été' });
    expect(draftNaming(request)).toEqual({ name: '', title: '' });
    // What it makes is a name the contract takes.
    expect(
      PresetDefinition.safeParse({ ...presetFromRequest(draftNaming({ ...request, name: 'GIF, 480p: a.mov → a.gif' }).name, request), title: 'x' }).success,
    ).toBe(true);
  });
});

describe('preset editor model', () => {
  it('when a command with {{height}} is saved as a preset, then height and codec become parameters and the aliases stay', () => {
    const state = editorOf(presetFromRequest('small', request));
    expect(Object.keys(state.params)).toEqual(['height', 'codec']);
    expect(state.params.height).toMatchObject({ type: 'integer', label: 'Height', default: '' });
    expect(state.inputs).toEqual([{ alias: 'in_1' }]);
  });

  it("when a job is saved as a preset, then its outputs are named after each run's input ({name}), so a batch gives each file its own name", () => {
    const job = { ...request, input_files: { in_1: 'http://127.0.0.1:1/storage/f/clip1080.mp4?token=x' } };
    expect(presetFromRequest('email', { ...job, output_files: { out_1: 'clip1080-converted.mp4' } }).outputs).toEqual({ out_1: '{name}-converted.mp4' });
    expect(presetFromRequest('email', { ...job, output_files: { out_1: 'thumb.jpg' } }).outputs).toEqual({ out_1: '{name}-thumb.jpg' });
    expect(presetFromRequest('email', { ...job, output_files: 'OUTPUT_FOLDER' }).outputs).toBe('OUTPUT_FOLDER');
    // No input to be named after: as written.
    expect(presetFromRequest('gen', { ...job, input_files: {}, output_files: { out_1: 'bars.mp4' } }).outputs).toEqual({ out_1: 'bars.mp4' });
  });

  it('when range, default and choices are set, then the definition passes the contract schema', () => {
    let state = editorOf(presetFromRequest('small', request));
    state = {
      ...state,
      params: {
        height: { ...state.params.height!, default: '240', min: '16', max: '1080', label: 'Height (px)' },
        codec: { ...state.params.codec!, type: 'enum', choices: 'libx264, libx265', default: 'libx264' },
      },
    };
    const { definition, problems } = definitionOf(state);
    expect(problems).toEqual([]);
    expect(definition.parameters).toEqual({
      height: { type: 'integer', default: 240, min: 16, max: 1080, label: 'Height (px)' },
      codec: { type: 'enum', values: ['libx264', 'libx265'], default: 'libx264', label: 'Codec' },
    });
    expect(PresetDefinition.safeParse(definition).success).toBe(true);
  });

  it('when the default is outside the range or not a choice, then the problem names the field', () => {
    const state = editorOf(presetFromRequest('small', request));
    const bad = {
      ...state,
      params: {
        height: { ...state.params.height!, default: '5', min: '16' },
        codec: { ...state.params.codec!, type: 'enum' as const, choices: 'a,b', default: 'c' },
      },
    };
    expect(definitionOf(bad).problems.map((p) => `${p.param}.${p.field}`)).toEqual(['height.default', 'codec.default']);
  });

  it('when the command changes, then parameters follow its placeholders and keep their settings', () => {
    const state = editorOf(presetFromRequest('small', request));
    const edited = withSteps({ ...state, params: { ...state.params, height: { ...state.params.height!, max: '720' } } }, [
      '-i {{in_1}} -vf scale={{width}}:{{height}} {{out_1}}',
    ]);
    expect(Object.keys(edited.params)).toEqual(['width', 'height']);
    expect(edited.params.height?.max).toBe('720');
  });

  it('when a copy is named, then the name is free', () => {
    expect(copyName('scale', ['scale'])).toBe('scale-copy');
    expect(copyName('scale', ['scale', 'scale-copy'])).toBe('scale-copy-2');
  });
});
