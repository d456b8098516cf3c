import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICES } from './convert-args';
import { isEditedByHand, withExtension, writeConvert } from './convert-form';
import { previewRequest } from './convert-preview';
import { emptyForm } from './form';

describe('convert panel ↔ form', () => {
  it('writes the command, the output extension, and remembers what it wrote', () => {
    const form = writeConvert({ ...emptyForm(), outputs: [{ key: 'o', alias: 'out_1', name: 'trailer.mov' }] }, { ...DEFAULT_CHOICES, container: 'gif' });
    expect(form.steps[0]).toMatch(/^-i \{\{in_1\}\} -vf .*palettegen.* \{\{out_1\}\}$/);
    expect(form.outputs[0]?.name).toBe('trailer.gif');
    expect(isEditedByHand(form)).toBe(false);
    expect(isEditedByHand({ ...form, steps: [`${form.steps[0]} -y`] })).toBe(true);
  });

  it('counts a command typed before the panel was used as by hand, an empty one not', () => {
    expect(isEditedByHand(emptyForm())).toBe(false);
    expect(isEditedByHand({ ...emptyForm(), steps: ['-i {{in_1}} {{out_1}}'] })).toBe(true);
  });

  it.each([
    ['clip.mov', 'mp4', 'clip.mp4'],
    ['', 'gif', 'output.gif'],
    ['my.clip.final.mkv', 'webm', 'my.clip.final.webm'],
  ])('%s → %s', (name, ext, expected) => {
    expect(withExtension(name, ext)).toBe(expected);
  });

  it('previews 3 seconds from the start given, into preview- outputs', () => {
    const form = writeConvert({ ...emptyForm(), inputs: [{ key: 'i', alias: 'in_1', source: 'url', url: 'http://x/a.mp4' }] }, DEFAULT_CHOICES);
    const req = previewRequest(form, 12.5);
    expect(req?.ffmpeg_command.startsWith('-ss 12.5 -t 3 -i {{in_1}} ')).toBe(true);
    expect(req?.output_files).toEqual({ out_1: 'preview-output.mp4' });
    expect(previewRequest({ ...form, isChained: true }, 0)).toBeNull();
    expect(previewRequest(emptyForm(), 0)).toBeNull();
  });
});
