import crypto from 'node:crypto';
import type { Account } from '../accounts/account';
import type { CommandsRepo } from './commands-repo';
import type { StoredRequest } from './command';
import type { FilesRepo } from '../files/files-repo';
import { JobFailure, ValidationError, type ValidationIssue } from '../errors';
import { PLAN_LIMITS, assertPrivateAllowed, assertWithinQuota } from '../accounts/plans';
import type { RecordBudget } from '../accounts/record-limits';
import { defaultRunSeconds } from './run-limit';
import { segmentedIssues } from '../ffmpeg-args/segmented-eligibility';
import type { RunChainedBody, RunCommandBody } from '../contract/commands.schema';
import { CommandTextError, splitCommandText } from '../ffmpeg-args/command-text';
import { validateAliasUse } from '../ffmpeg-args/aliases';
import { checkSandbox } from '../ffmpeg-args/sandbox';
import { aliasCountIssues, REQUEST_LIMITS, tooManyArgumentsMessage, yieldToEventLoop } from '../ffmpeg-args/request-limits';

export type CommandRequest = { kind: 'single'; body: RunCommandBody } | { kind: 'chained'; body: RunChainedBody };

export interface SubmitDeps {
  commands: CommandsRepo;
  files: FilesRepo;
  vcpuBudget: number;
  /** False only in tests proving the OS sandbox alone (parser-switch.ts). */
  checkArguments?: boolean;
  /** The local account's commands have no run-time limit unless one is set (jobs/run-limit.ts). */
  isLocalAccount?(accountId: string): boolean;
  onSubmitted(accountId: string, commandId: string): void;
  /** The per-plan record limits (accounts/record-limits.ts); absent in unit tests that need none. */
  records?: RecordBudget;
}

/** The stored form of a request: what the runner needs, already split and checked. */
export interface ParsedRequest {
  steps: string[][];
  inputs: Record<string, string>;
  inputZipUrl: string | null;
  outputs: Record<string, string> | 'OUTPUT_FOLDER';
  /** `inter_` aliases to file names the commands pass to each other, never stored. */
  interims: Record<string, string>;
}

/** A request that passed every check, ready to be queued. */
export interface PreparedCommand {
  commandType: 'FFMPEG_COMMAND' | 'FFMPEG_CHAINED_COMMANDS';
  body: RunCommandBody | RunChainedBody;
  vcpuCount: number;
  maxRunSeconds: number;
  isPrivate: boolean;
}

/** Validates a run / chained request (422 with precise `loc`), checks plan and quota (403), queues it. */
export async function submitCommand(deps: SubmitDeps, account: Account, req: CommandRequest): Promise<string> {
  const prepared = await prepareCommand(deps, account, req);
  assertWithinQuota(account, {
    storageUsedBytes: () => deps.files.storageUsedBytes(account.id),
    processingUsedBytes: () => deps.commands.processingUsedBytes(account.id),
  });
  deps.records?.assertRoom(account, 'commands');
  return queuePrepared(deps, account, prepared);
}

/** `dry_run`: every check `submitCommand` makes, nothing queued. */
export async function checkOnly(deps: SubmitDeps, account: Account, req: CommandRequest): Promise<{ dry_run: true }> {
  await prepareCommand(deps, account, req);
  assertWithinQuota(account, {
    storageUsedBytes: () => deps.files.storageUsedBytes(account.id),
    processingUsedBytes: () => deps.commands.processingUsedBytes(account.id),
  });
  deps.records?.assertRoom(account, 'commands');
  return { dry_run: true };
}

/**
 * Every check of a request but the quota: 422 with precise `loc`, 403 for private storage on a
 * trial plan. Commands are checked one at a time, letting other requests run in between
 * (docs/http-guards.md, request limits).
 */
export async function prepareCommand(
  deps: Pick<SubmitDeps, 'vcpuBudget' | 'checkArguments' | 'isLocalAccount'>,
  account: Account,
  req: CommandRequest,
): Promise<PreparedCommand> {
  const body = req.body;
  const maxVcpu = Math.min(account.maxVcpu ?? deps.vcpuBudget, deps.vcpuBudget);
  const { texts, field } = commandTexts(req);
  const interims = req.kind === 'chained' ? (req.body.interim_files ?? {}) : {};
  const issues = [
    ...aliasCountIssues({ ...body.input_files, ...interims }, body.output_files),
    ...checkShape(body, PLAN_LIMITS[account.plan].maxRunSeconds, interims),
    ...checkCommandFields(req),
  ];
  const steps: string[][] = [];
  for (const [i, text] of texts.entries()) {
    if (i > 0) await yieldToEventLoop();
    steps.push(splitChecked(text, req.kind === 'single' ? ['body', field] : ['body', field, i], issues, deps.checkArguments ?? true));
  }
  if (issues.length === 0) {
    const outputs = body.output_files === 'OUTPUT_FOLDER' ? [] : Object.keys(body.output_files);
    issues.push(...validateAliasUse(steps, [...Object.keys(body.input_files ?? {}), ...Object.keys(interims)], outputs, field));
    // A segmented encode (docs/scale-out.md) must be one the segments can reproduce exactly.
    if (req.kind === 'single' && req.body.segmented) issues.push(...segmentedIssues(body, steps[0] ?? []));
  }
  if (issues.length > 0) throw new ValidationError(issues);
  assertPrivateAllowed(account, body.is_private);
  return {
    commandType: req.kind === 'single' ? 'FFMPEG_COMMAND' : 'FFMPEG_CHAINED_COMMANDS',
    body,
    vcpuCount: effectiveVcpus(body.vcpu_count, maxVcpu),
    maxRunSeconds: body.max_command_run_seconds ?? defaultRunSeconds(deps.isLocalAccount?.(account.id) ?? false),
    isPrivate: body.is_private === true,
  };
}

export function queuePrepared(deps: SubmitDeps, account: Account, p: PreparedCommand): string {
  const id = crypto.randomUUID();
  deps.commands.insert({
    id,
    accountId: account.id,
    commandType: p.commandType,
    request: p.body,
    vcpuCount: p.vcpuCount,
    maxRunSeconds: p.maxRunSeconds,
    isPrivate: p.isPrivate,
    name: p.body.name ?? null,
  });
  deps.onSubmitted(account.id, id);
  return id;
}

type CommandField = 'ffmpeg_command' | 'ffmpeg_commands' | 'ffmpeg_chained_commands';

function commandTexts(req: CommandRequest): { texts: string[]; field: CommandField } {
  if (req.kind === 'single') return { texts: [req.body.ffmpeg_command], field: 'ffmpeg_command' };
  if (req.body.ffmpeg_commands) return { texts: req.body.ffmpeg_commands, field: 'ffmpeg_commands' };
  return { texts: req.body.ffmpeg_chained_commands ?? [], field: 'ffmpeg_chained_commands' };
}

/** A chained request names its commands once: `ffmpeg_commands` or the older `ffmpeg_chained_commands`. */
function checkCommandFields(req: CommandRequest): ValidationIssue[] {
  if (req.kind !== 'chained') return [];
  const { ffmpeg_commands: now, ffmpeg_chained_commands: older } = req.body;
  if (now && older)
    return [{ loc: ['body', 'ffmpeg_chained_commands'], msg: 'Send ffmpeg_commands or ffmpeg_chained_commands, not both', type: 'value_error' }];
  if (!now && !older)
    return [{ loc: ['body', 'ffmpeg_commands'], msg: 'Field required: ffmpeg_commands (or the older ffmpeg_chained_commands)', type: 'missing' }];
  return [];
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

function checkShape(body: RunCommandBody | RunChainedBody, maxRunSeconds: number, interims: Record<string, string>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (body.input_files && body.input_compressed_folder) {
    issues.push({ loc: ['body', 'input_compressed_folder'], msg: 'input_files must not be sent alongside input_compressed_folder', type: 'value_error' });
  }
  if (body.max_command_run_seconds !== undefined && body.max_command_run_seconds > maxRunSeconds) {
    issues.push({ loc: ['body', 'max_command_run_seconds'], msg: `max_command_run_seconds must be at most ${maxRunSeconds}`, type: 'less_than_equal' });
  }
  const named = [
    ...Object.entries(body.output_files === 'OUTPUT_FOLDER' ? {} : body.output_files).map(([a, n]) => ['output_files', a, n] as const),
    ...Object.entries(interims).map(([a, n]) => ['interim_files', a, n] as const),
  ];
  const seen = new Map<string, string>();
  for (const [where, alias, name] of named) {
    const other = seen.get(name.toLowerCase());
    if (other) issues.push({ loc: ['body', where, alias], msg: `File name ${name} is already used by ${other}`, type: 'value_error' });
    seen.set(name.toLowerCase(), alias);
  }
  return issues;
}

function splitChecked(text: string, loc: (string | number)[], issues: ValidationIssue[], checkArguments: boolean): string[] {
  try {
    const tokens = splitCommandText(text);
    if (tokens.length > REQUEST_LIMITS.maxArguments) {
      issues.push({ loc, msg: tooManyArgumentsMessage(tokens.length), type: 'too_long' });
      return [];
    }
    if (isProgramName(tokens[0])) {
      issues.push({
        loc,
        msg: `Drop the leading '${tokens[0]}': the command holds only ffmpeg's arguments, e.g. "-i {{in_1}} {{out_1}}"`,
        type: 'value_error',
      });
      return tokens;
    }
    const violation = checkArguments ? checkSandbox(tokens) : null;
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
export function parseStoredRequest(request: StoredRequest): ParsedRequest {
  // An edit (POST /v1/edits) is planned by the embedded runner once it has read its input (edits/run-edit.ts).
  if ('segments' in request)
    throw new JobFailure('PROCESSING_ERROR', 'Edits run on the embedded runner; scale-out workers run plain commands (docs/cutting.md)');
  const body = request as RunCommandBody & Partial<RunChainedBody>;
  const texts = body.ffmpeg_commands ?? body.ffmpeg_chained_commands ?? [body.ffmpeg_command];
  return {
    steps: texts.map((t) => splitCommandText(t)),
    inputs: body.input_files ?? {},
    inputZipUrl: body.input_compressed_folder ?? null,
    outputs: body.output_files,
    interims: body.interim_files ?? {},
  };
}
