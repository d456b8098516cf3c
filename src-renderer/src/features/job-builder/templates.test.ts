import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../../src-service/client';
import { applyTemplate, keepChosenInputs, samplesByName } from './apply-template';
import type { InputRow } from './form';
import { toRequest } from './form';
import { TEMPLATES } from './templates';
import { BUILTIN_PRESET_DEFINITIONS } from '../../../../src-service/contract/builtin-presets';
import { validateRequest } from './validation';

const SAMPLE_NAMES = [
  'sample-video.mp4',
  'sample-audio.mp3',
  'sample-music.mp3',
  'sample-image.png',
  'sample-logo.png',
  'sample-subtitles.srt',
  'sample-frames.zip',
];
const stored = SAMPLE_NAMES.map(
  (name, i) => ({ file_id: `f${i}`, filename: name, storage_url: `http://127.0.0.1:9/storage/f${i}/${name}`, is_deleted: false }) as StoredFile,
);

describe('template gallery', () => {
  it('offers all twelve kinds of job the issue lists', () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual([
      'gif',
      'transcode',
      'renditions',
      'hls',
      'dash',
      'subtitles',
      'slideshow',
      'watermark',
      'audio-mix',
      'chained',
      'frames-zip',
      'segmenter',
    ]);
  });

  it.each(TEMPLATES.map((t) => [t.id, t] as const))('when %s is filled with the stored samples, then it passes the 422 mirror', (_id, t) => {
    const { form, missing } = applyTemplate(t, samplesByName(stored));
    expect(missing).toEqual([]);
    expect(validateRequest(toRequest(form), { maxVcpu: 8 })).toEqual([]);
  });

  it('when a sample is not stored, then the input is left empty and reported missing', () => {
    const t = TEMPLATES.find((x) => x.id === 'watermark')!;
    const { form, missing } = applyTemplate(t, samplesByName(stored.filter((f) => f.filename !== 'sample-logo.png')));
    expect(missing).toEqual(['sample-logo.png']);
    expect(validateRequest(toRequest(form)).map((i) => i.loc)).toEqual([['body', 'input_files', 'in_logo']]);
  });

  it("when a clip was chosen before a template is used, then it stays, in the template's input of its kind, not replaced by the demo sample", () => {
    const mine: InputRow = { key: 'k', alias: 'in_1', source: 'local', url: 'http://127.0.0.1:9/storage/m/my-clip.mov', fileName: 'my-clip.mov' };
    const use = (id: string, samples = samplesByName(stored)) => {
      const t = TEMPLATES.find((x) => x.id === id)!;
      return keepChosenInputs(t, applyTemplate(t, samples), [mine]);
    };
    const gif = use('gif');
    expect(gif.form.inputs.map((r) => [r.alias, r.url])).toEqual([['in_video', mine.url]]);
    expect(validateRequest(toRequest(gif.form), { maxVcpu: 8 })).toEqual([]);
    // The watermark's logo is no clip: it keeps its sample.
    expect(use('watermark').form.inputs.map((r) => r.fileName)).toEqual(['my-clip.mov', 'sample-logo.png']);
    // A picture and a sound: a clip is neither, so both keep their samples.
    expect(use('slideshow').form.inputs.map((r) => r.fileName)).toEqual(['sample-image.png', 'sample-audio.mp3']);
    // A sample not stored is not missing when the chosen clip takes its place.
    expect(use('gif', new Map()).missing).toEqual([]);
  });

  it('when the service defines its built-in presets, then each is a template, with a demo sample for each input and no placeholder left', () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual(BUILTIN_PRESET_DEFINITIONS.map((d) => d.name));
    for (const t of TEMPLATES) {
      expect(t.inputs.every((i) => i.sample.startsWith('sample-'))).toBe(true);
      expect(JSON.stringify([t.steps, t.outputs])).not.toMatch(/\{\{?(?!in_|out_)[a-z_0-9]+\}/);
    }
  });

  it('never writes the program name or quotes that a shell would need', () => {
    for (const t of TEMPLATES) for (const step of t.steps) expect(step).not.toMatch(/^ffmpeg |["']/);
  });
});
