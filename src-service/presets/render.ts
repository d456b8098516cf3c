import { deriveJobName } from '../jobs/job-name';
import path from 'node:path';
import type { CommandRequest } from '../jobs/submit';
import { ValidationError, type ValidationIssue } from '../errors';
import { MAX_OUTPUT_NAME, OUTPUT_NAME } from '../contract/names';
import type { PresetDefinition } from '../contract/preset-definition';
import { fillParameters, resolveParameters, type ParamValue } from './parameters';

/** How a preset is run: files, parameter values and the usual command options. */
export interface PresetRunInput {
  parameters?: Record<string, unknown>;
  input_files?: Record<string, string>;
  input_compressed_folder?: string;
  /** Base names for `{name}` per input alias; by default the last segment of the input URL. */
  input_names?: Record<string, string>;
  is_private?: boolean;
  vcpu_count?: number;
  max_command_run_seconds?: number;
  cache?: boolean;
}

/**
 * Renders a preset into an ordinary run (one step) or chained (several) request. Nothing
 * else: the result goes through the same submit use case as a hand-written request.
 */
export function renderPreset(preset: PresetDefinition, run: PresetRunInput): CommandRequest {
  const { values, issues } = resolveParameters(preset.parameters, run.parameters ?? {}, ['body', 'parameters']);
  // Output names are checked only once every parameter has a value to fill them with.
  const outputIssues: ValidationIssue[] = [];
  const outputs: Record<string, string> | 'OUTPUT_FOLDER' =
    preset.outputs === 'OUTPUT_FOLDER' ? 'OUTPUT_FOLDER' : renderOutputs(preset.outputs, values, baseName(preset, run), outputIssues);
  if (issues.length === 0) issues.push(...outputIssues);
  issues.push(...checkInputs(preset, run));
  if (issues.length > 0) throw new ValidationError(issues);
  const steps = preset.steps.map((s) => fillParameters(s, values));
  const files = {
    ...(preset.zip_input ? { input_compressed_folder: run.input_compressed_folder } : { input_files: run.input_files ?? {} }),
    output_files: outputs,
  };
  const common = {
    ...files,
    // Named after the preset, not the command's first filter: a batch's jobs read "Email 720p: a.mp4 → a-small.mp4".
    name: deriveJobName(files, null, (preset.title ?? '').trim() || preset.name),
    ...(run.is_private === undefined ? {} : { is_private: run.is_private }),
    ...(run.vcpu_count === undefined ? {} : { vcpu_count: run.vcpu_count }),
    ...(run.max_command_run_seconds === undefined ? {} : { max_command_run_seconds: run.max_command_run_seconds }),
    ...((run.cache ?? preset.cache) ? { cache: true } : {}),
  };
  return steps.length === 1
    ? { kind: 'single', body: { ...common, ffmpeg_command: steps[0] as string } }
    : { kind: 'chained', body: { ...common, ffmpeg_commands: steps } };
}

function checkInputs(preset: PresetDefinition, run: PresetRunInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (preset.zip_input) {
    if (!run.input_compressed_folder)
      issues.push({ loc: ['body', 'input_compressed_folder'], msg: 'Field required: this preset reads a zip of files', type: 'missing' });
    return issues;
  }
  const given = run.input_files ?? {};
  for (const { alias } of preset.inputs) {
    if (!given[alias]) issues.push({ loc: ['body', 'input_files', alias], msg: 'Field required', type: 'missing' });
  }
  const declared = new Set(preset.inputs.map((i) => i.alias));
  for (const alias of Object.keys(given)) {
    if (!declared.has(alias))
      issues.push({
        loc: ['body', 'input_files', alias],
        msg: `This preset has no input ${alias}; it takes: ${[...declared].join(', ') || 'none'}`,
        type: 'value_error',
      });
  }
  return issues;
}

function renderOutputs(patterns: Record<string, string>, values: Record<string, ParamValue>, name: string, issues: ValidationIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [alias, pattern] of Object.entries(patterns)) {
    const filled = pattern.replace(/\{([a-z][a-z0-9_]*)\}/g, (whole, key: string) => (key === 'name' ? name : key in values ? String(values[key]) : whole));
    if (!OUTPUT_NAME.test(filled) || filled.length > MAX_OUTPUT_NAME) {
      issues.push({
        loc: ['body', 'outputs', alias],
        msg: `Output name ${JSON.stringify(filled)} is not a valid file name (unknown placeholder?)`,
        type: 'value_error',
      });
    }
    out[alias] = filled;
  }
  return out;
}

/** `{name}`: the first input's file name without extension, reduced to safe characters. */
function baseName(preset: PresetDefinition, run: PresetRunInput): string {
  const alias = preset.inputs[0]?.alias;
  const given = alias ? (run.input_names?.[alias] ?? urlBaseName(run.input_files?.[alias])) : urlBaseName(run.input_compressed_folder);
  const stem = path.posix.basename(given ?? 'output', path.posix.extname(given ?? ''));
  const safe = stem
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^[_]+|[_]+$/g, '')
    .slice(0, 100);
  return safe || 'output';
}

function urlBaseName(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const last = new URL(url).pathname.split('/').filter(Boolean).pop();
  try {
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return last;
  }
}
