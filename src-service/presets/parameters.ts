import type { ValidationIssue } from '../errors';
import { SAFE_STRING, type PresetParameter } from '../contract/preset-definition';

export type ParamValue = number | string;
type Loc = (string | number)[];

/**
 * Checks the given values against the declared parameters (defaults fill the gaps) and
 * returns the values to substitute. Numbers may come as numeric strings (CLI `--set h=720`).
 */
export function resolveParameters(
  declared: Record<string, PresetParameter>,
  given: Record<string, unknown>,
  loc: Loc,
): { values: Record<string, ParamValue>; issues: ValidationIssue[] } {
  const values: Record<string, ParamValue> = {};
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(given)) {
    if (!(name in declared))
      issues.push({
        loc: [...loc, name],
        msg: `Unknown parameter ${name}; this preset takes: ${Object.keys(declared).join(', ') || 'none'}`,
        type: 'value_error',
      });
  }
  for (const [name, spec] of Object.entries(declared)) {
    const raw = given[name] ?? spec.default;
    if (raw === undefined) {
      issues.push({ loc: [...loc, name], msg: 'Field required', type: 'missing' });
      continue;
    }
    const checked = checkValue(spec, raw);
    if (typeof checked === 'object') issues.push({ loc: [...loc, name], ...checked });
    else values[name] = checked;
  }
  return { values, issues };
}

function checkValue(spec: PresetParameter, raw: unknown): ParamValue | { msg: string; type: string } {
  if (spec.type === 'number' || spec.type === 'integer') return checkNumber(spec, raw);
  if (typeof raw !== 'string') return { msg: 'Input should be a valid string', type: 'string_type' };
  if (spec.type === 'enum') {
    return spec.values.includes(raw) ? raw : { msg: `Input should be one of: ${spec.values.join(', ')}`, type: 'enum' };
  }
  const maxLength = spec.type === 'string' ? (spec.max_length ?? 200) : 200;
  if (raw.length > maxLength) return { msg: `String should have at most ${maxLength} characters`, type: 'string_too_long' };
  if (!SAFE_STRING.test(raw)) return { msg: 'Only letters, digits and _.:,=+-/@%# are allowed (no spaces or quotes)', type: 'string_pattern_mismatch' };
  return raw;
}

function checkNumber(spec: Extract<PresetParameter, { type: 'number' | 'integer' }>, raw: unknown): ParamValue | { msg: string; type: string } {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return { msg: `Input should be a valid ${spec.type}`, type: spec.type === 'integer' ? 'int_parsing' : 'float_parsing' };
  if (spec.type === 'integer' && !Number.isInteger(n)) return { msg: 'Input should be a valid integer', type: 'int_from_float' };
  if (spec.min !== undefined && n < spec.min) return { msg: `Input should be greater than or equal to ${spec.min}`, type: 'greater_than_equal' };
  if (spec.max !== undefined && n > spec.max) return { msg: `Input should be less than or equal to ${spec.max}`, type: 'less_than_equal' };
  return n;
}

/** Replaces `{{name}}` of declared parameters only; file aliases `{{in_x}}` / `{{out_x}}` stay for the runner. */
export function fillParameters(text: string, values: Record<string, ParamValue>): string {
  return text.replace(/\{\{([a-z][a-z0-9_]*)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
