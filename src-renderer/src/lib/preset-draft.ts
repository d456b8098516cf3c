import { stepsOf, type CommandRequest } from '../../../src-service/client';
import { fileNameOfUrl } from './local-path';
import { PARAM_NAME, type PresetDefinition, type PresetParameter } from '../../../src-service/contract/preset-definition';

/**
 * Presets as the GUI makes and fills them (docs/presets.md): `{{height}}` in a command is a
 * parameter once it is declared; file aliases (`in_`, `out_`, `inter_`) stay for the runner.
 */
export type PresetDraft = Omit<PresetDefinition, 'parameters' | 'inputs'> & {
  parameters: Record<string, PresetParameter>;
  inputs: PresetDefinition['inputs'];
};

const PLACEHOLDER = /\{\{([a-z][a-z0-9_]*)\}\}/g;

/** The parameter names a set of steps uses, in order of first use. */
export function placeholderNames(steps: readonly string[]): string[] {
  const names: string[] = [];
  for (const text of steps) for (const [, name] of text.matchAll(PLACEHOLDER)) if (name && isParameterName(name) && !names.includes(name)) names.push(name);
  return names;
}

export function isParameterName(name: string): boolean {
  return PARAM_NAME.test(name) && !name.startsWith('inter_');
}

/** Parameters for exactly the placeholders the steps use: kept ones keep their settings, new ones start as whole numbers. */
export function syncParameters(current: Record<string, PresetParameter>, steps: readonly string[]): Record<string, PresetParameter> {
  return Object.fromEntries(placeholderNames(steps).map((name) => [name, current[name] ?? { type: 'integer' as const, label: labelFromName(name) }]));
}

/** `x264_preset` → "X264 preset". */
export function labelFromName(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a person reads for a parameter: its label, else a label made from its key. */
export function parameterLabel(name: string, p: PresetParameter): string {
  return p.label?.trim() || labelFromName(name);
}

/** A preset made from a job's request or the builder's form: same steps, inputs and outputs; each `{{name}}` a parameter. */
export function presetFromRequest(name: string, request: CommandRequest): PresetDraft {
  const steps = stepsOf(request);
  const first = Object.values(request.input_files ?? {})[0];
  return {
    name,
    title: name,
    parameters: syncParameters({}, steps),
    inputs: Object.keys(request.input_files ?? {}).map((alias) => ({ alias })),
    ...(request.input_compressed_folder ? { zip_input: true } : {}),
    outputs: first && request.output_files !== 'OUTPUT_FOLDER' ? namedAfterInput(request.output_files, stemOf(fileNameOfUrl(first))) : request.output_files,
    steps,
  };
}

/**
 * A preset's outputs are named after each run's first input (`{name}`, docs/presets.md): a job's
 * `clip-converted.mp4` becomes `{name}-converted.mp4`, any other name gets `{name}-` in front.
 * Kept as written, a batch of the preset gave every file one name (four `clip-converted.mp4`).
 */
function namedAfterInput(outputs: Record<string, string>, stem: string): Record<string, string> {
  const named = (file: string) => (stem && file.startsWith(stem) ? `{name}${file.slice(stem.length)}` : `{name}-${file}`);
  return Object.fromEntries(Object.entries(outputs).map(([alias, file]) => [alias, named(file)]));
}

/** A file name without extension, reduced as the service reduces `{name}`: letters, digits, `_` and `-`. */
function stemOf(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}

/** Replaces `{{param}}` with its value; file aliases and unknown names stay as written. */
export function fillSteps(steps: readonly string[], values: Record<string, string>): string[] {
  return steps.map((s) => s.replace(PLACEHOLDER, (whole, name: string) => (name in values && values[name] !== '' ? values[name]! : whole)));
}

/** An output name pattern filled: `{name}` is the first input's file name without extension, `{param}` a value. */
export function fillOutputName(pattern: string, values: Record<string, string>, inputName: string): string {
  const stem = stemOf(inputName) || 'output';
  return pattern.replace(/\{([a-z][a-z0-9_]*)\}/g, (whole, key: string) => (key === 'name' ? stem : values[key] ? values[key] : whole));
}

/** Each parameter's starting value as text: its default, or empty. */
export function defaultValues(parameters: Record<string, PresetParameter>): Record<string, string> {
  return Object.fromEntries(Object.entries(parameters).map(([k, p]) => [k, p.default === undefined ? '' : String(p.default)]));
}

/** The editor's words for what is wrong with one value, or null (the service checks again on run). */
export function valueProblem(p: PresetParameter, value: string): string | null {
  if (value.trim() === '') return p.default === undefined ? 'Needs a value' : null;
  if (p.type === 'enum') return p.values.includes(value) ? null : `One of: ${p.values.join(', ')}`;
  if (p.type === 'string') return /^[A-Za-z0-9_.:,=+\-/@%#]*$/.test(value) ? null : 'Letters, digits and _.:,=+-/@%# only (no spaces)';
  const n = Number(value);
  if (!Number.isFinite(n)) return 'Needs a number';
  if (p.type === 'integer' && !Number.isInteger(n)) return 'Needs a whole number';
  if (p.min !== undefined && n < p.min) return `At least ${p.min}`;
  if (p.max !== undefined && n > p.max) return `At most ${p.max}`;
  return null;
}

/**
 * What a preset saved from a job is called at first: the "what" of the job's name ("Convert to
 * MP4" of "Convert to MP4: clip.mov → clip.mp4"), and a name in the preset names' letters made from
 * it ("convert-to-mp4"). Both were empty, and a name typed as a title ("Small MP4 720p") was
 * refused only once saved.
 */
export function draftNaming(request: CommandRequest): { name: string; title: string } {
  const title = (request.name ?? '').split(': ')[0]?.trim().slice(0, 80) ?? '';
  return { title, name: presetNameOf(title) };
}

/** "Small MP4 720p" → "small-mp4-720p": lower-case letters, digits and dashes, at most 64. */
export function presetNameOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // é → e: the accent is a mark of its own once decomposed
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}
