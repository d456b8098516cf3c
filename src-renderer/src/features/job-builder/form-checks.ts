import type { ValidationIssue } from '../../../../src-service/client';
import { toRequest, type JobForm } from './form';
import { presetIssues } from './preset-form';
import { isEditedByHand } from './convert-form';
import { validateRequest, type Limits } from './validation';

/**
 * Checks the form as a whole: what the wire body cannot show (two rows with one alias
 * collapse into one key; an upload still running), then the API's own rules.
 */
export function validateForm(form: JobForm, limits: Limits = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const dup = (field: string, aliases: string[]) => {
    const seen = new Set<string>();
    for (const alias of aliases) {
      if (seen.has(alias)) issues.push({ loc: ['body', field, alias], msg: `The alias ${alias} is declared twice`, type: 'value_error' });
      seen.add(alias);
    }
  };
  if (form.inputMode === 'files')
    dup(
      'input_files',
      form.inputs.map((r) => r.alias.trim()),
    );
  if (form.outputMode === 'files')
    dup(
      'output_files',
      form.outputs.map((r) => r.alias.trim()),
    );
  if (form.inputMode === 'files') {
    for (const row of form.inputs) {
      if (row.upload && !row.upload.error && row.upload.percent < 100)
        issues.push({ loc: ['body', 'input_files', row.alias.trim()], msg: 'Still uploading…', type: 'pending' });
    }
  }
  return [...issues, ...rangeIssues(form), ...presetIssues(form), ...validateRequest(toRequest(form), limits)];
}

/**
 * The convert panel's "Part of the file" (docs/gui.md, "The convert panel"): a From or To that is
 * not a time, or a To not after From, holds the run. Before, "abc" was marked at the field while
 * the bar said "Ready to run" and the job converted from the start, and a To before From
 * converted to the end.
 */
function rangeIssues(form: JobForm): ValidationIssue[] {
  const convert = form.convert;
  if (!convert || isEditedByHand(form)) return [];
  const issues: ValidationIssue[] = (convert.badTimes ?? []).map((which) => ({
    loc: ['body', 'convert', which],
    msg: 'Write seconds (75) or minutes and seconds (1:15)',
    type: 'value_error',
  }));
  const { start, end } = convert.choices;
  if (end !== undefined && end !== null && end <= (start ?? 0))
    issues.push({ loc: ['body', 'convert', 'end'], msg: 'To must come after From', type: 'value_error' });
  return issues;
}
