import crypto from 'node:crypto';
import type { AccountRow } from '../db/accounts-repo';
import type { CommandsRepo } from '../db/commands-repo';
import type { FilesRepo } from '../db/files-repo';
import { ValidationError, type ValidationIssue } from '../errors';
import { PLAN_LIMITS, assertPrivateAllowed, assertWithinQuota } from '../accounts/plans';
import type { RunChainedBody, RunCommandBody } from '../api/commands/commands.schema';
import { CommandTextError, splitCommandText } from './command-text';
import { validateAliasUse } from './aliases';
import { checkSandbox } from './sandbox';

export type CommandRequest = { kind: 'single'; body: RunCommandBody } | { kind: 'chained'; body: RunChainedBody };

export interface SubmitDeps {
  commands: CommandsRepo;
  files: FilesRepo;
  vcpuBudget: number;
  onSubmitted(accountId: string, commandId: string): void;
}

/** The stored form of a request: what the runner needs, already split and checked. */
export interface ParsedRequest {
  steps: string[][];
  inputs: Record<string, string>;
  inputZipUrl: string | null;
  outputs: Record<string, string> | 'OUTPUT_FOLDER';
}

/** Validates a run / chained request (422 with precise `loc`), checks plan and quota (403), queues it. */
export function submitCommand(deps: SubmitDeps, account: AccountRow, req: CommandRequest): string {
  const body = req.body;
  const maxVcpu = Math.min(account.max_vcpu ?? deps.vcpuBudget, deps.vcpuBudget);
  const texts = req.kind === 'single' ? [req.body.ffmpeg_command] : req.body.ffmpeg_commands;
  const field = req.kind === 'single' ? 'ffmpeg_command' : 'ffmpeg_commands';
  const issues = [...checkShape(body, PLAN_LIMITS[account.plan].maxRunSeconds)];
  const steps = texts.map((text, i) => splitChecked(text, req.kind === 'single' ? ['body', field] : ['body', field, i], issues));
  if (issues.length === 0) {
    const outputs = body.output_files === 'OUTPUT_FOLDER' ? [] : Object.keys(body.output_files);
    issues.push(...validateAliasUse(steps, Object.keys(body.input_files ?? {}), outputs, field));
  }
  if (issues.length > 0) throw new ValidationError(issues);

  assertPrivateAllowed(account, body.is_private);
  assertWithinQuota(account, {
    storageUsedBytes: () => deps.files.storageUsedBytes(account.id),
    processingUsedBytes: () => deps.commands.processingUsedBytes(account.id),
  });
  const id = crypto.randomUUID();
  deps.commands.insert({
    id,
    account_id: account.id,
    command_type: req.kind === 'single' ? 'FFMPEG_COMMAND' : 'FFMPEG_CHAINED_COMMANDS',
    request_json: JSON.stringify(body),
    vcpu_count: effectiveVcpus(body.vcpu_count, maxVcpu),
    max_run_seconds: body.max_command_run_seconds ?? 300,
    is_private: body.is_private ? 1 : 0,
  });
  deps.onSubmitted(account.id, id);
  return id;
}

/**
 * What a command runs with: the request (hosted default 8) capped by the account's maximum
 * and the machine's budget. The record's `vcpu_count` is this value; `original_request`
 * keeps what was asked (docs/compatibility.md).
 */
export function effectiveVcpus(requested: number | undefined, maxVcpu: number): number {
  return Math.max(1, Math.min(requested ?? HOSTED_DEFAULT_VCPUS, maxVcpu));
}

const HOSTED_DEFAULT_VCPUS = 8;

function checkShape(body: RunCommandBody | RunChainedBody, maxRunSeconds: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (body.input_files && body.input_compressed_folder) {
    issues.push({ loc: ['body', 'input_compressed_folder'], msg: 'input_files must not be sent alongside input_compressed_folder', type: 'value_error' });
  }
  if (body.max_command_run_seconds !== undefined && body.max_command_run_seconds > maxRunSeconds) {
    issues.push({ loc: ['body', 'max_command_run_seconds'], msg: `max_command_run_seconds must be at most ${maxRunSeconds}`, type: 'less_than_equal' });
  }
  if (body.output_files !== 'OUTPUT_FOLDER') {
    const seen = new Map<string, string>();
    for (const [alias, name] of Object.entries(body.output_files)) {
      const other = seen.get(name.toLowerCase());
      if (other) issues.push({ loc: ['body', 'output_files', alias], msg: `File name ${name} is already used by ${other}`, type: 'value_error' });
      seen.set(name.toLowerCase(), alias);
    }
  }
  return issues;
}

function splitChecked(text: string, loc: (string | number)[], issues: ValidationIssue[]): string[] {
  try {
    const tokens = splitCommandText(text);
    if (isProgramName(tokens[0])) {
      issues.push({ loc, msg: `Drop the leading '${tokens[0]}': the command holds only ffmpeg's arguments, e.g. "-i {{in_1}} {{out_1}}"`, type: 'value_error' });
      return tokens;
    }
    const violation = checkSandbox(tokens);
    if (violation) issues.push({ loc, msg: violation.reason, type: 'value_error' });
    return tokens;
  } catch (err) {
    if (!(err instanceof CommandTextError)) throw err;
    issues.push({ loc, msg: err.message, type: 'value_error' });
    return [];
  }
}

/** `ffmpeg`, `ffmpeg.exe` or a path to one, as pasted from a terminal. */
function isProgramName(token: string | undefined): boolean {
  return token !== undefined && /(?:^|[/\\])ffmpeg(?:\.exe)?$/i.test(token);
}

/** Rebuilds the runner's view of a stored request. */
export function parseStoredRequest(requestJson: string): ParsedRequest {
  const body = JSON.parse(requestJson) as RunCommandBody & Partial<RunChainedBody>;
  const texts = body.ffmpeg_commands ?? [body.ffmpeg_command];
  return {
    steps: texts.map((t) => splitCommandText(t)),
    inputs: body.input_files ?? {},
    inputZipUrl: body.input_compressed_folder ?? null,
    outputs: body.output_files,
  };
}
