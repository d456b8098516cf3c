/**
 * The editor's words for a request field: a 422 `loc` path (`['body', 'input_files', 'in_1']`)
 * becomes the label the builder shows ("Input in_1"). The API's names stay in the API and
 * its docs; the GUI names fields as the form does (docs/gui.md).
 */
const NAMES: Record<string, string> = {
  ffmpeg_command: 'Command',
  ffmpeg_commands: 'Chained commands',
  input_files: 'Inputs',
  input_compressed_folder: 'Zip of inputs',
  output_files: 'Outputs',
  is_private: 'Private outputs',
  vcpu_count: 'Cores (vCPUs)',
  max_command_run_seconds: 'Max run time (s)',
  name: 'Job name',
  cache: 'Reuse an identical earlier result (cache)',
  steps: 'Steps',
};

const ROWS: Record<string, string> = { input_files: 'Input', output_files: 'Output', parameters: 'Parameter' };
/** The convert panel's own fields, checked before the request is made (job-builder/form-checks.ts). */
const CONVERT: Record<string, string> = { start: 'From', end: 'To' };

export function fieldLabel(loc: readonly (string | number)[]): string {
  const path = loc[0] === 'body' ? loc.slice(1) : loc;
  const [head, next] = path;
  if (head === undefined) return 'The request';
  const field = String(head);
  if (next === undefined) return NAMES[field] ?? field;
  if (field === 'ffmpeg_commands' || field === 'steps') return `Step ${Number(next) + 1}`;
  if (ROWS[field]) return `${ROWS[field]} ${String(next)}`;
  if (field === 'convert') return CONVERT[String(next)] ?? 'Convert';
  return NAMES[field] ?? field;
}
