import { describe, expect, it } from 'vitest';
import { emptyForm } from './form';
import { BUILTIN_PRESETS } from '../../../../src-service/presets/builtin';
import { presentPreset } from '../../../../src-service/api/presets/presets.presenter';
import { applyTemplate, openTemplateAsPreset } from './apply-template';
import { TEMPLATES } from './templates';
import { isPresetEditedByHand, openPreset, presetIssues, writePreset } from './preset-form';

const PRESET = {
  name: 'scale-height',
  version: 2,
  title: 'Scale to a height',
  parameters: { height: { type: 'integer' as const, default: 240, min: 16, max: 1080, label: 'Height' } },
  inputs: [{ alias: 'in_video' }],
  outputs: { out_1: '{name}_{height}p.mp4' },
  steps: ['-i {{in_video}} -vf scale=-2:{{height}} {{out_1}}'],
};

function withClip() {
  const form = emptyForm();
  return { ...form, inputs: [{ ...form.inputs[0]!, source: 'stored' as const, url: 'http://127.0.0.1/s/abc/clip.mov', fileName: 'clip.mov' }] };
}

describe('a preset in the builder', () => {
  it('when a preset is opened, then the chosen file stays under its alias and the defaults write the command and output name', () => {
    const form = openPreset(withClip(), PRESET);
    expect(form.inputs.map((r) => [r.alias, r.fileName])).toEqual([['in_video', 'clip.mov']]);
    expect(form.steps).toEqual(['-i {{in_video}} -vf scale=-2:240 {{out_1}}']);
    expect(form.outputs.map((o) => o.name)).toEqual(['clip_240p.mp4']);
    expect(isPresetEditedByHand(form)).toBe(false);
  });

  it('when a value changes, then the command follows; a value out of range is a thing to fix', () => {
    const open = openPreset(withClip(), PRESET);
    const next = writePreset(open, open.preset!, { height: '120' });
    expect(next.steps[0]).toContain('scale=-2:120');
    expect(next.outputs[0]?.name).toBe('clip_120p.mp4');
    const tooBig = writePreset(open, open.preset!, { height: '5000' });
    expect(presetIssues(tooBig)).toEqual([{ loc: ['body', 'parameters', 'height'], msg: 'At most 1080', type: 'value_error' }]);
  });

  it('when the command is edited by hand, then the form says so', () => {
    const open = openPreset(withClip(), PRESET);
    expect(isPresetEditedByHand({ ...open, steps: ['-i {{in_video}} -c copy {{out_1}}'] })).toBe(true);
  });
});

describe('a template opened from the gallery', () => {
  it("when Use opens a template, then it is its built-in preset: parameters as fields, the template's output names, the declared kinds kept", () => {
    const t = TEMPLATES.find((x) => x.id === 'gif')!;
    const builtin = presentPreset(BUILTIN_PRESETS.get('gif')!); // as GET /v1/presets/gif answers it
    const { form: filled } = applyTemplate(t, new Map());
    const form = openTemplateAsPreset(t, filled, builtin);
    expect(Object.keys(form.preset!.parameters)).toEqual(['duration', 'width', 'fps']);
    expect(form.steps).toEqual(t.steps);
    expect(form.outputs.map((o) => o.name)).toEqual(['thumbnail.gif']);
    expect(form.preset!.inputKinds).toEqual({ in_video: ['video'] });
    const wider = writePreset(form, form.preset!, { ...form.preset!.values, width: '480' });
    expect(wider.steps[0]).toContain('scale=480:-1');
  });
});
