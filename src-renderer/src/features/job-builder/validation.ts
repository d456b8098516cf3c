import { isChainedRequest, stepsOf, type CommandRequest, type ValidationIssue } from '../../../../src-service/client';
import { findAliasUses, INPUT_ALIAS, isPlaylistName, MAX_OUTPUT_NAME, OUTPUT_ALIAS, OUTPUT_NAME, PLAYLIST_PREFIX } from './aliases';
import { isHttpUrl, REQUEST_LIMITS } from '../../../../src-service/contract/names';

export interface Limits {
  /** The account's `max_vcpu` (GET /v1/account); unknown until it loads. */
  maxVcpu?: number;
}

type Loc = (string | number)[];
const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc: ['body', ...loc], msg, type });

/**
 * Mirrors the service's 422 checks (docs/api.md §2.4, docs/choices.md: Requests) so mistakes show at
 * their field before submit. Same `loc` paths as the server, so server 422s land on the
 * same fields.
 */
export function validateRequest(req: CommandRequest, limits: Limits = {}): ValidationIssue[] {
  const issues = [...checkCommands(req), ...checkInputs(req), ...checkOutputs(req), ...checkNumbers(req, limits)];
  if (issues.length === 0) issues.push(...checkAliasUse(req));
  return issues;
}

function commandsOf(req: CommandRequest): { texts: string[]; field: 'ffmpeg_command' | 'ffmpeg_commands' } {
  return { texts: stepsOf(req), field: isChainedRequest(req) ? 'ffmpeg_commands' : 'ffmpeg_command' };
}

function checkCommands(req: CommandRequest): ValidationIssue[] {
  const { texts, field } = commandsOf(req);
  const issues: ValidationIssue[] = [];
  if (field === 'ffmpeg_commands' && (texts.length < 1 || texts.length > REQUEST_LIMITS.maxSteps)) {
    issues.push(issue([field], `A chained request holds 1 to ${REQUEST_LIMITS.maxSteps} commands`));
  }
  texts.forEach((text, i) => {
    const loc = field === 'ffmpeg_commands' ? [field, i] : [field];
    if (text.trim() === '') issues.push(issue(loc, 'Write the ffmpeg arguments (without "ffmpeg" itself)', 'string_too_short'));
    else if (/^\s*ffmpeg(\s|$)/.test(text)) issues.push(issue(loc, 'Leave out the program name: the command holds ffmpeg arguments only'));
    if (text.length > REQUEST_LIMITS.maxCommandChars)
      issues.push(issue(loc, `A command may hold at most ${REQUEST_LIMITS.maxCommandChars} characters`, 'string_too_long'));
  });
  return issues;
}

function checkInputs(req: CommandRequest): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (req.input_files && req.input_compressed_folder !== undefined) {
    issues.push(issue(['input_compressed_folder'], 'input_files must not be sent alongside input_compressed_folder'));
  }
  if (req.input_compressed_folder !== undefined && !isHttpUrl(req.input_compressed_folder)) {
    issues.push(issue(['input_compressed_folder'], 'URL must be an http or https URL'));
  }
  for (const [alias, url] of Object.entries(req.input_files ?? {})) {
    if (!INPUT_ALIAS.test(alias)) issues.push(issue(['input_files', alias], 'Input alias must start with in_ followed by letters, digits or underscores'));
    else if (!isHttpUrl(url))
      issues.push(issue(['input_files', alias], url ? 'URL must be an http or https URL' : 'Give a URL, pick a stored file or drop a local file'));
  }
  return issues;
}

function checkOutputs(req: CommandRequest): ValidationIssue[] {
  if (req.output_files === 'OUTPUT_FOLDER') return [];
  const issues: ValidationIssue[] = [];
  const seen = new Map<string, string>();
  for (const [alias, name] of Object.entries(req.output_files)) {
    const loc = ['output_files', alias];
    if (!OUTPUT_ALIAS.test(alias)) issues.push(issue(loc, 'Output alias must start with out_ followed by letters, digits or underscores'));
    else if (!OUTPUT_NAME.test(name) || name.length > MAX_OUTPUT_NAME)
      issues.push(issue(loc, 'Output file name may hold letters, digits, _, - and dots; no paths'));
    else if (isPlaylistName(name) && !alias.startsWith(PLAYLIST_PREFIX))
      issues.push(issue(loc, `A playlist output's alias must start with ${PLAYLIST_PREFIX}`));
    const other = seen.get(name.toLowerCase());
    if (other) issues.push(issue(loc, `File name ${name} is already used by ${other}`));
    seen.set(name.toLowerCase(), alias);
  }
  return issues;
}

function checkNumbers(req: CommandRequest, limits: Limits): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const vcpu = req.vcpu_count;
  if (vcpu !== undefined && (!Number.isInteger(vcpu) || vcpu < 1))
    issues.push(issue(['vcpu_count'], 'vCPU count must be a whole number, at least 1', 'int_parsing'));
  else if (vcpu !== undefined && limits.maxVcpu !== undefined && vcpu > limits.maxVcpu) {
    issues.push(issue(['vcpu_count'], `vcpu_count must be between 1 and ${limits.maxVcpu}`, 'less_than_equal'));
  }
  const seconds = req.max_command_run_seconds;
  if (seconds !== undefined && !(Number.isFinite(seconds) && seconds > 0))
    issues.push(issue(['max_command_run_seconds'], 'Max run time must be a number of seconds above 0', 'greater_than'));
  return issues;
}

/** Every `{{alias}}` must be declared; every declared output must be used (docs/choices.md: Requests). */
function checkAliasUse(req: CommandRequest): ValidationIssue[] {
  const { texts, field } = commandsOf(req);
  const outputs = req.output_files === 'OUTPUT_FOLDER' ? [] : Object.keys(req.output_files);
  const declared = new Set([...Object.keys(req.input_files ?? {}), ...outputs]);
  const used = new Set<string>();
  const issues: ValidationIssue[] = [];
  texts.forEach((text, i) => {
    for (const { alias } of findAliasUses(text)) {
      used.add(alias);
      if (!declared.has(alias))
        issues.push(issue(field === 'ffmpeg_commands' ? [field, i] : [field], `{{${alias}}} is not declared in input_files or output_files`));
    }
  });
  for (const alias of outputs) if (!used.has(alias)) issues.push(issue(['output_files', alias], `Output ${alias} is not used by any command`));
  return issues;
}

/** `['body','input_files','in_1']` → `input_files.in_1`: the key a form field looks up. */
export function fieldKey(loc: (string | number)[]): string {
  return (loc[0] === 'body' ? loc.slice(1) : loc).join('.');
}

export function groupByField(issues: ValidationIssue[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const i of issues) {
    const key = fieldKey(i.loc);
    map.set(key, [...(map.get(key) ?? []), i.msg]);
  }
  return map;
}
