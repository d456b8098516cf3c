import type { ValidationIssue } from '../../../../src-service/client';
import { toRequest, type JobForm } from './form';
import { presetIssues } from './preset-form';
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
  return [...issues, ...presetIssues(form), ...validateRequest(toRequest(form), limits)];
}
