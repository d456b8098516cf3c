import { describe, expect, it } from 'vitest';
import { BUILTIN_PRESETS } from '../../../../src-service/presets/builtin';
import { fillParameters } from '../../../../src-service/presets/parameters';
import { TEMPLATES } from './templates';

/**
 * The gallery's templates and the service's built-in presets are the same twelve commands;
 * this keeps them from drifting apart (templates the service does not serve are skipped).
 */
describe('gallery templates and built-in presets', () => {
  const shared = TEMPLATES.filter((t) => BUILTIN_PRESETS.has(t.id));

  it('when both exist, then there are at least the twelve of the gallery', () => {
    expect(shared.length).toBeGreaterThanOrEqual(12);
  });

  it.each(shared.map((t) => [t.id, t] as const))("when the %s preset is filled with its defaults, then its steps are the template's", (id, template) => {
    const preset = BUILTIN_PRESETS.get(id)!;
    const defaults = Object.fromEntries(Object.entries(preset.parameters).map(([k, p]) => [k, p.default as string | number]));
    expect(preset.steps.map((s) => fillParameters(s, defaults))).toEqual(template.steps);
    expect(preset.inputs.map((i) => i.alias)).toEqual(template.inputs.map((i) => i.alias));
    expect(Boolean(preset.zip_input)).toBe(Boolean(template.zipSample));
  });
});
