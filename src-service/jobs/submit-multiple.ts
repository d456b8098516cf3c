import type { Account } from '../accounts/accounts-repo';
import { ValidationError, type ValidationIssue } from '../errors';
import { assertWithinQuota } from '../accounts/plans';
import type { RunCommandBody, RunMultipleBody } from '../contract/commands.schema';
import { findAliases } from '../ffmpeg-args/aliases';
import { CommandTextError, splitCommandText } from '../ffmpeg-args/command-text';
import { prepareCommand, queuePrepared, type PreparedCommand, type SubmitDeps } from './submit';

/**
 * `POST /v1/run-multiple-ffmpeg-commands`: independent commands sharing the request's inputs.
 * Each becomes its own command (`FFMPEG_COMMAND`, its own record, run in parallel when the
 * budget allows) holding the inputs it reads and the outputs it writes; its
 * `original_request` is that one-command request. All are checked before any is queued:
 * one bad command refuses the whole request (docs/compatibility.md).
 */
export async function submitMultiple(deps: SubmitDeps, account: Account, body: RunMultipleBody): Promise<string[]> {
  const issues: ValidationIssue[] = [];
  const owners = new Map<string, number[]>();
  const singles = body.ffmpeg_commands.map((text, i) => {
    const used = aliasesOf(text);
    for (const alias of used) if (alias.startsWith('out_')) owners.set(alias, [...(owners.get(alias) ?? []), i]);
    return singleFor(body, text, used);
  });
  for (const alias of Object.keys(body.output_files)) {
    const users = owners.get(alias) ?? [];
    if (users.length === 0) issues.push({ loc: ['body', 'output_files', alias], msg: `Output {{${alias}}} is not used by any command`, type: 'value_error' });
    if (users.length > 1) {
      issues.push({
        loc: ['body', 'output_files', alias],
        msg: `Output {{${alias}}} is used by commands ${users.join(' and ')}: independent commands cannot share an output or read each other's`,
        type: 'value_error',
      });
    }
  }
  const prepared: PreparedCommand[] = [];
  for (const [i, single] of singles.entries()) {
    try {
      prepared.push(await prepareCommand(deps, account, { kind: 'single', body: single }));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      issues.push(...err.issues.map((issue) => relocate(issue, i)));
    }
  }
  if (issues.length > 0) throw new ValidationError(dedupe(issues));
  assertWithinQuota(account, {
    storageUsedBytes: () => deps.files.storageUsedBytes(account.id),
    processingUsedBytes: () => deps.commands.processingUsedBytes(account.id),
  });
  return prepared.map((p) => queuePrepared(deps, account, p));
}

function aliasesOf(text: string): Set<string> {
  try {
    return findAliases(splitCommandText(text));
  } catch (err) {
    if (err instanceof CommandTextError) return new Set(); // reported by prepareCommand with its position
    throw err;
  }
}

/** The one-command request of command `text`: the request's settings, the inputs it reads, the outputs it writes. */
function singleFor(body: RunMultipleBody, text: string, used: Set<string>): RunCommandBody {
  const pick = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).filter(([alias]) => used.has(alias)));
  const { ffmpeg_commands: _all, input_files, output_files, ...settings } = body;
  return {
    ...settings,
    ...(input_files ? { input_files: pick(input_files) } : {}),
    output_files: pick(output_files),
    ffmpeg_command: text,
  };
}

/** A one-command issue at `ffmpeg_command` points at its place in `ffmpeg_commands`. */
function relocate(issue: ValidationIssue, index: number): ValidationIssue {
  if (issue.loc[1] !== 'ffmpeg_command') return issue;
  return { ...issue, loc: ['body', 'ffmpeg_commands', index, ...issue.loc.slice(2)] };
}

function dedupe(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = JSON.stringify([i.loc, i.msg]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
