import type { PresetParameter } from '../../../../src-service/contract/preset-definition';
import { labelFromName, syncParameters, type PresetDraft } from '../../lib/preset-draft';

/** The kinds of value a parameter takes, in the editor's words (the API's type in brackets). */
export const PARAM_TYPES = [
  { type: 'integer', label: 'Whole number' },
  { type: 'number', label: 'Number' },
  { type: 'enum', label: 'Choice' },
  { type: 'string', label: 'Text' },
] as const;
export type ParamType = PresetParameter['type'];

/** One parameter as the editor holds it: every field as typed. */
export interface ParamRow {
  type: ParamType;
  label: string;
  default: string;
  min: string;
  max: string;
  /** Choices, comma-separated. */
  choices: string;
  description: string;
}

export interface EditorState {
  name: string;
  title: string;
  description: string;
  steps: string[];
  params: Record<string, ParamRow>;
  outputs: PresetDraft['outputs'];
  inputs: PresetDraft['inputs'];
  zipInput: boolean;
  cache: boolean;
}

export function rowOf(name: string, p: PresetParameter): ParamRow {
  const text = (v: number | string | undefined) => (v === undefined ? '' : String(v));
  return {
    type: p.type,
    label: p.label ?? labelFromName(name),
    default: text(p.default),
    min: p.type === 'number' || p.type === 'integer' ? text(p.min) : '',
    max: p.type === 'number' || p.type === 'integer' ? text(p.max) : '',
    choices: p.type === 'enum' ? p.values.join(', ') : '',
    description: p.description ?? '',
  };
}

export function editorOf(draft: PresetDraft): EditorState {
  return {
    name: draft.name,
    title: draft.title ?? '',
    description: draft.description ?? '',
    steps: [...draft.steps],
    params: Object.fromEntries(Object.entries(draft.parameters).map(([k, p]) => [k, rowOf(k, p)])),
    outputs: draft.outputs,
    inputs: draft.inputs,
    zipInput: draft.zip_input === true,
    cache: draft.cache === true,
  };
}

/** New steps: parameters follow the placeholders they use (new ones start as whole numbers). */
export function withSteps(state: EditorState, steps: string[]): EditorState {
  const names = Object.keys(syncParameters({}, steps));
  const params = Object.fromEntries(names.map((n) => [n, state.params[n] ?? rowOf(n, { type: 'integer' })]));
  return { ...state, steps, params };
}

/** A field of a parameter that is wrong, in the editor's words, before anything is sent. */
export interface RowProblem {
  param: string;
  field: keyof ParamRow;
  msg: string;
}

function numberOrProblem(text: string, param: string, field: keyof ParamRow, problems: RowProblem[]): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n)) problems.push({ param, field, msg: 'Needs a number' });
  return Number.isFinite(n) ? n : undefined;
}

/** A row as the API's parameter, or the problems that keep it from being one. */
export function parameterOf(name: string, row: ParamRow, problems: RowProblem[]): PresetParameter {
  const common = { ...(row.label.trim() ? { label: row.label.trim() } : {}), ...(row.description.trim() ? { description: row.description.trim() } : {}) };
  if (row.type === 'enum') {
    const values = row.choices
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) problems.push({ param: name, field: 'choices', msg: 'List at least one choice, separated by commas' });
    const def = row.default.trim();
    if (def && !values.includes(def)) problems.push({ param: name, field: 'default', msg: 'The default must be one of the choices' });
    return { type: 'enum', values, ...(def ? { default: def } : {}), ...common };
  }
  if (row.type === 'string') return { type: 'string', ...(row.default.trim() ? { default: row.default.trim() } : {}), ...common };
  const min = numberOrProblem(row.min, name, 'min', problems);
  const max = numberOrProblem(row.max, name, 'max', problems);
  const def = numberOrProblem(row.default, name, 'default', problems);
  if (min !== undefined && max !== undefined && min > max) problems.push({ param: name, field: 'max', msg: 'The largest value is below the smallest' });
  if (def !== undefined && ((min !== undefined && def < min) || (max !== undefined && def > max)))
    problems.push({ param: name, field: 'default', msg: 'The default is outside the range' });
  if (def !== undefined && row.type === 'integer' && !Number.isInteger(def)) problems.push({ param: name, field: 'default', msg: 'Needs a whole number' });
  return {
    type: row.type,
    ...(def === undefined ? {} : { default: def }),
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    ...common,
  };
}

/** The definition to send (POST or PUT /v1/presets), with the problems found first. */
export function definitionOf(state: EditorState): { definition: PresetDraft; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const parameters = Object.fromEntries(Object.entries(state.params).map(([k, row]) => [k, parameterOf(k, row, problems)]));
  const definition: PresetDraft = {
    name: state.name.trim(),
    ...(state.title.trim() ? { title: state.title.trim() } : {}),
    ...(state.description.trim() ? { description: state.description.trim() } : {}),
    parameters,
    inputs: state.inputs,
    ...(state.zipInput ? { zip_input: true } : {}),
    outputs: state.outputs,
    steps: state.steps,
    ...(state.cache ? { cache: true } : {}),
  };
  return { definition, problems };
}

/** A free name for a copy: `scale-copy`, `scale-copy-2` … */
export function copyName(name: string, taken: readonly string[]): string {
  const base = `${name.slice(0, 58)}-copy`;
  if (!taken.includes(base)) return base;
  for (let i = 2; ; i++) if (!taken.includes(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * Where the service's 422 issues go in the editor: `['body', 'parameters', 'height', 'default']`
 * becomes the key `parameters.height.default`, shown on that field; what fits no field is
 * listed at the top in the editor's words.
 */
export function issueKey(loc: readonly (string | number)[]): string {
  return (loc[0] === 'body' ? loc.slice(1) : loc).join('.');
}

const FIELD_WORDS: Record<string, string> = { min: 'smallest value', max: 'largest value', default: 'default', values: 'choices', label: 'label' };

/** An issue in words: "Height, default: …", "Command: …", "Output out_1: …". */
export function issueWords(loc: readonly (string | number)[], msg: string, state: EditorState): string {
  const [head, next, field] = loc[0] === 'body' ? loc.slice(1) : loc;
  if (head === 'parameters' && typeof next === 'string') {
    const label = state.params[next]?.label || labelFromName(next);
    return `${label}${field === undefined ? '' : `, ${FIELD_WORDS[String(field)] ?? String(field)}`}: ${msg}`;
  }
  if (head === 'steps') return `${state.steps.length > 1 ? `Step ${Number(next) + 1}` : 'Command'}: ${msg}`;
  if (head === 'outputs') return `Output ${next === undefined ? '' : String(next)}: ${msg}`.replace(' :', ':');
  if (head === 'name') return `Name: ${msg}`;
  if (head === 'title') return `Title: ${msg}`;
  return msg;
}
