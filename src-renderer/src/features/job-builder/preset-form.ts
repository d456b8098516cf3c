/**
 * A preset opened in the builder (built-in or saved, docs/gui.md "Presets"): its parameters
 * become fields of the convert panel, which writes the command, inputs and output names from
 * the preset and the values. The command stays visible and editable, and the job is sent as
 * any other (`run-ffmpeg-command` or chained), like a script filling the preset would.
 */
import type { PresetParameter } from '../../../../src-service/contract/preset-definition';
import type { MediaKind } from '../../../../src-service/contract/media-kinds';
import { defaultValues, fillOutputName, fillSteps, valueProblem, type PresetDraft } from '../../lib/preset-draft';
import type { ValidationIssue } from '../../../../src-service/client';
import { newKey, type InputRow, type JobForm } from './form';
import { fileNameOfUrl } from '../../lib/local-path';

export interface PresetInForm {
  name: string;
  version: number;
  title?: string;
  builtin?: boolean;
  parameters: Record<string, PresetParameter>;
  /** The steps and output names as the preset writes them, with placeholders. */
  steps: string[];
  outputs: PresetDraft['outputs'];
  values: Record<string, string>;
  /** What each input reads, as the preset declares it (alias → kinds); pickers offer only those. */
  inputKinds?: Record<string, MediaKind[]>;
  /** The steps as last written with the values: a different text = edited by hand. */
  written: string[];
}

/** The form set up for a preset: its inputs (keeping files already chosen, in order), steps and outputs. */
export function openPreset(form: JobForm, preset: PresetDraft & { version: number; builtin?: boolean }): JobForm {
  const kept = form.inputMode === 'files' ? form.inputs.filter((r) => r.url.trim() !== '') : [];
  const inputs: InputRow[] = preset.inputs.map((input, i) => {
    const row = kept[i];
    return row ? { ...row, alias: input.alias } : { key: newKey(), alias: input.alias, source: 'url', url: '' };
  });
  const inPreset: PresetInForm = {
    name: preset.name,
    version: preset.version,
    ...(preset.title ? { title: preset.title } : {}),
    ...(preset.builtin ? { builtin: true } : {}),
    parameters: preset.parameters,
    inputKinds: Object.fromEntries(preset.inputs.flatMap((i) => (i.kinds ? [[i.alias, [...i.kinds]]] : []))),
    steps: [...preset.steps],
    outputs: preset.outputs,
    values: defaultValues(preset.parameters),
    written: [],
  };
  const base: JobForm = {
    ...form,
    inputMode: preset.zip_input ? 'zip' : 'files',
    inputs: preset.zip_input ? [] : inputs,
    outputMode: preset.outputs === 'OUTPUT_FOLDER' ? 'folder' : 'files',
    useCache: preset.cache === true,
    templateTitle: preset.title ?? preset.name,
    fix: undefined,
    convert: undefined,
  };
  return writePreset(base, inPreset, inPreset.values);
}

/** The command and output names written from the preset with these values. */
export function writePreset(form: JobForm, preset: PresetInForm, values: Record<string, string>): JobForm {
  const steps = fillSteps(preset.steps, values);
  const first = form.inputMode === 'files' ? form.inputs[0] : undefined;
  const inputName = first?.fileName ?? fileNameOfUrl(first?.url ?? form.zipUrl);
  const outputs =
    preset.outputs === 'OUTPUT_FOLDER'
      ? []
      : Object.entries(preset.outputs).map(([alias, pattern]) => ({
          key: form.outputs.find((o) => o.alias === alias)?.key ?? newKey(),
          alias,
          name: fillOutputName(pattern, values, inputName),
        }));
  return { ...form, isChained: steps.length > 1, steps, outputs, preset: { ...preset, values, written: steps } };
}

export function isPresetEditedByHand(form: JobForm): boolean {
  const p = form.preset;
  return Boolean(p) && (p!.written.length !== form.steps.length || p!.written.some((s, i) => s !== form.steps[i]));
}

/** Values the preset cannot take, as issues on `parameters.<name>` (the builder's "things to fix"). */
export function presetIssues(form: JobForm): ValidationIssue[] {
  if (!form.preset) return [];
  return Object.entries(form.preset.parameters).flatMap(([name, p]) => {
    const problem = valueProblem(p, form.preset!.values[name] ?? '');
    return problem ? [{ loc: ['body', 'parameters', name], msg: problem, type: 'value_error' }] : [];
  });
}
