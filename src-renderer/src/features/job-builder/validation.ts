import { isChainedRequest, stepsOf, type CommandRequest, type ValidationIssue } from '../../../../src-service/client';
import type { z } from 'zod';
import { RunChainedBody, RunCommandBody } from '../../../../src-service/contract/commands.schema';
import { findAliasUses } from './aliases';

export interface Limits {
  /** The account's `max_vcpu` (GET /v1/account); unknown until it loads. */
  maxVcpu?: number;
}

type Loc = (string | number)[];
const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc: ['body', ...loc], msg, type });

/**
 * The service's 422 checks before submit (docs/api.md §2.4, docs/choices.md: Requests): the
 * contract's own request schema (the one the service validates with), plus the few rules the
 * service checks past the schema that need nothing from the server. What needs the server
 * (quota, plan, argument checks) is the submit's `?dry_run=true` (client.checkCommand). Same
 * `loc` paths as the server, so server 422s land on the same fields.
 */
export function validateRequest(req: CommandRequest, limits: Limits = {}): ValidationIssue[] {
  const issues = [...schemaIssues(req), ...checkCommands(req), ...checkInputs(req), ...checkOutputs(req), ...checkVcpus(req, limits)];
  if (issues.length === 0) issues.push(...checkAliasUse(req));
  return issues;
}

/** The contract's schema, as the service runs it (src-service/contract/commands.schema.ts). */
function schemaIssues(req: CommandRequest): ValidationIssue[] {
  const parsed = (isChainedRequest(req) ? RunChainedBody : RunCommandBody).safeParse(req);
  return (parsed.error?.issues ?? []).flatMap((i) => atField(i, []));
}

type SchemaIssue = z.core.$ZodIssue;

/** A union's issue (`output_files`: a map, or "OUTPUT_FOLDER") is reported at the field of its most specific branch, as a form shows it. */
function atField(i: SchemaIssue, prefix: Loc): ValidationIssue[] {
  const loc = [...prefix, ...(i.path as Loc)];
  if (i.code !== 'invalid_union' || i.errors.length === 0) return [issue(loc, i.message, i.code)];
  const depth = (branch: SchemaIssue[]) => Math.max(...branch.map((b) => b.path.length));
  const best = i.errors.reduce((a, b) => (depth(b) > depth(a) ? b : a));
  return depth(best) > 0 ? best.flatMap((b) => atField(b, loc)) : [issue(loc, i.message, i.code)];
}

function commandsOf(req: CommandRequest): { texts: string[]; field: 'ffmpeg_command' | 'ffmpeg_commands' } {
  return { texts: stepsOf(req), field: isChainedRequest(req) ? 'ffmpeg_commands' : 'ffmpeg_command' };
}

/** Past the schema (jobs/submit.ts): a blank command, and the program name written in. */
function checkCommands(req: CommandRequest): ValidationIssue[] {
  const { texts, field } = commandsOf(req);
  const issues: ValidationIssue[] = [];
  texts.forEach((text, i) => {
    const loc = field === 'ffmpeg_commands' ? [field, i] : [field];
    if (text.trim() === '' && text !== '') issues.push(issue(loc, 'Write the ffmpeg arguments (without "ffmpeg" itself)', 'string_too_short'));
    else if (/^\s*ffmpeg(\s|$)/.test(text)) issues.push(issue(loc, 'Leave out the program name: the command holds ffmpeg arguments only'));
  });
  return issues;
}

function checkInputs(req: CommandRequest): ValidationIssue[] {
  if (!req.input_files || req.input_compressed_folder === undefined) return [];
  return [issue(['input_compressed_folder'], 'input_files must not be sent alongside input_compressed_folder')];
}

/** Past the schema (which checks a manifest's alias: manifestAliasIssue): two outputs with one name. */
function checkOutputs(req: CommandRequest): ValidationIssue[] {
  if (req.output_files === 'OUTPUT_FOLDER') return [];
  const issues: ValidationIssue[] = [];
  const seen = new Map<string, string>();
  for (const [alias, name] of Object.entries(req.output_files)) {
    const loc = ['output_files', alias];
    const other = seen.get(name.toLowerCase());
    if (other) issues.push(issue(loc, `File name ${name} is already used by ${other}`));
    seen.set(name.toLowerCase(), alias);
  }
  return issues;
}

/** The account's ceiling (GET /v1/account), which the schema cannot know. */
function checkVcpus(req: CommandRequest, limits: Limits): ValidationIssue[] {
  const vcpu = req.vcpu_count;
  if (typeof vcpu !== 'number' || limits.maxVcpu === undefined || !Number.isInteger(vcpu) || vcpu <= limits.maxVcpu) return [];
  return [issue(['vcpu_count'], `vcpu_count must be between 1 and ${limits.maxVcpu}`, 'less_than_equal')];
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
