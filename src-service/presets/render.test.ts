import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { BUILTIN_PRESETS } from './builtin';
import { assertValidDefinition } from './check-definition';
import { PresetDefinition } from '../contract/preset-definition';
import { renderPreset } from './render';

describe('built-in presets', () => {
  it.each([...BUILTIN_PRESETS.keys()])('when %s is checked like a saved preset, then it is valid', (name) => {
    const def = PresetDefinition.parse(BUILTIN_PRESETS.get(name));
    expect(() => assertValidDefinition(def)).not.toThrow();
  });
});

describe('renderPreset', () => {
  const preset = PresetDefinition.parse({
    name: 'cut',
    parameters: { start: { type: 'number', default: 0, min: 0 }, duration: { type: 'number', min: 0.1 } },
    inputs: [{ alias: 'in_1' }],
    outputs: { out_1: '{name}_{start}-{duration}.mp4' },
    steps: ['-ss {{start}} -i {{in_1}} -t {{duration}} -c copy {{out_1}}'],
  });

  it('when values and an input URL are given, then parameters and the name pattern are filled, aliases kept', () => {
    const req = renderPreset(preset, { input_files: { in_1: 'https://x.test/media/My%20Clip.final.mov?sig=1' }, parameters: { duration: '2.5' } });
    expect(req).toEqual({
      kind: 'single',
      body: {
        input_files: { in_1: 'https://x.test/media/My%20Clip.final.mov?sig=1' },
        output_files: { out_1: 'My_Clip_final_0-2.5.mp4' },
        // Named after the preset, as the editor chose it: a batch's jobs read as the preset, not as "ss: …".
        name: `${preset.title ?? preset.name}: My Clip.final.mov → My_Clip_final_0-2.5.mp4`,
        ffmpeg_command: '-ss 0 -i {{in_1}} -t 2.5 -c copy {{out_1}}',
      },
    });
  });

  it('when a required parameter has no value, then a 422 names it', () => {
    try {
      renderPreset(preset, { input_files: { in_1: 'https://x.test/a.mov' } });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).issues).toEqual([{ loc: ['body', 'parameters', 'duration'], msg: 'Field required', type: 'missing' }]);
    }
  });

  it('when the preset asks for the cache, then the request carries cache: true unless the run says no', () => {
    const cached = { ...preset, cache: true };
    expect(renderPreset(cached, { input_files: { in_1: 'https://x.test/a.mov' }, parameters: { duration: 1 } }).body.cache).toBe(true);
    expect(renderPreset(cached, { input_files: { in_1: 'https://x.test/a.mov' }, parameters: { duration: 1 }, cache: false }).body.cache).toBeUndefined();
  });
});
