import { ValidationError, type ValidationIssue } from '../errors';
import { CommandTextError, splitCommandText } from '../ffmpeg-args/command-text';
import { checkSandbox } from '../ffmpeg-args/sandbox';
import { validateAliasUse } from '../ffmpeg-args/aliases';
import { PARAM_NAME, type PresetDefinition } from '../contract/preset-definition';
import { fillParameters, resolveParameters } from './parameters';

/**
 * A preset is checked when it is saved, not only when it is run: defaults within bounds,
 * every `{{placeholder}}` a declared parameter or file alias, and the steps (filled with the
 * defaults) pass the same command-text, sandbox and alias checks as a submitted command.
 */
export function assertValidDefinition(def: PresetDefinition): void {
  const issues: ValidationIssue[] = [];
  issues.push(...checkParameterSpecs(def));
  const withDefaults = Object.fromEntries(Object.entries(def.parameters).flatMap(([k, p]) => (p.default === undefined ? [] : [[k, p.default]])));
  const { values } = resolveParameters(def.parameters, withDefaults, ['body', 'parameters']);
  // Parameters without a default are filled with a harmless stand-in for the check.
  for (const name of Object.keys(def.parameters)) values[name] ??= '1';
  const steps: string[][] = [];
  def.steps.forEach((text, i) => {
    const filled = fillParameters(text, values);
    try {
      const tokens = splitCommandText(filled);
      const violation = checkSandbox(tokens);
      if (violation) issues.push({ loc: ['body', 'steps', i], msg: violation.reason, type: 'value_error' });
      steps.push(tokens);
    } catch (err) {
      if (!(err instanceof CommandTextError)) throw err;
      issues.push({ loc: ['body', 'steps', i], msg: err.message, type: 'value_error' });
    }
  });
  issues.push(...undeclaredPlaceholders(def));
  if (issues.length === 0) {
    const outputs = def.outputs === 'OUTPUT_FOLDER' ? [] : Object.keys(def.outputs);
    const aliasIssues = validateAliasUse(
      steps,
      def.inputs.map((x) => x.alias),
      outputs,
      'ffmpeg_commands',
    );
    issues.push(...aliasIssues.map((x) => ({ ...x, loc: ['body', 'steps', ...x.loc.slice(2)] })));
  }
  if (def.zip_input && def.inputs.length > 0) issues.push({ loc: ['body', 'inputs'], msg: 'A zip_input preset takes no other inputs', type: 'value_error' });
  if (issues.length > 0) throw new ValidationError(issues);
}

function checkParameterSpecs(def: PresetDefinition): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [name, p] of Object.entries(def.parameters)) {
    const loc = ['body', 'parameters', name];
    if ((p.type === 'number' || p.type === 'integer') && p.min !== undefined && p.max !== undefined && p.min > p.max) {
      issues.push({ loc: [...loc, 'min'], msg: 'min must not be greater than max', type: 'value_error' });
    }
    if (p.default === undefined) continue;
    const { issues: bad } = resolveParameters({ [name]: p }, { [name]: p.default }, [...loc]);
    issues.push(...bad.map((b) => ({ ...b, loc: [...loc, 'default'], msg: `default: ${b.msg}` })));
  }
  return issues;
}

/**
 * `{{height}}` in a step that is not a declared parameter: named as such, rather than as a
 * bad file alias, so the fix ("declare it under parameters") is in the message.
 */
function undeclaredPlaceholders(def: PresetDefinition): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  def.steps.forEach((text, i) => {
    for (const [, name] of text.matchAll(/\{\{([a-z][a-z0-9_]*)\}\}/g)) {
      if (name && PARAM_NAME.test(name) && !name.startsWith('inter_') && !(name in def.parameters))
        issues.push({ loc: ['body', 'steps', i], msg: `{{${name}}} is not a declared parameter: add ${name} to the preset's parameters`, type: 'value_error' });
    }
  });
  return issues;
}
