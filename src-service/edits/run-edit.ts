import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from '../jobs/command';
import type { ParsedRequest } from '../jobs/submit';
import { prepareInputs, type InputDeps, type PreparedInputs } from '../files/prepare-inputs';
import type { CommandsRepo } from '../jobs/commands-repo';
import { JobFailure } from '../errors';
import { isHttpUrl } from '../contract/names';
import type { EditBody } from '../contract/edits.schema';
import { readCutFacts } from './read-facts';
import { PlanError, planEdit } from './plan-edit';

/** A stored request of `POST /v1/edits` (the command's `original_request`). */
export function isEditRequest(request: unknown): request is EditBody {
  return typeof request === 'object' && request !== null && 'segments' in request && 'input' in request;
}

/**
 * The part of an edit only the job can do: fetch the input into the job folder, read its
 * facts there (sandboxed ffprobe), plan the cut, write the concat lists and record the plan's
 * result. What comes back is an ordinary request of steps, which the runner runs like any
 * chained command (no second runner: docs/cutting.md).
 */
export async function prepareEditRun(
  deps: InputDeps & { commands: Pick<CommandsRepo, 'setEdit'> },
  row: Command,
  dirs: { work: string; scratch: string },
  signal: AbortSignal,
): Promise<{ req: ParsedRequest; inputs: PreparedInputs }> {
  const edit = row.request as unknown as EditBody;
  const url = inputUrl(deps, row.accountId, edit.input);
  const inputs = await prepareInputs(deps, { inputs: { in_1: url }, inputZipUrl: null }, dirs, signal);
  const input = inputs.paths.in_1 as string;
  const facts = await readCutFacts(deps.ffprobePath, path.join(dirs.work, input), { confiner: deps.confiner, signal }).catch((err: unknown) => {
    throw new JobFailure('INVALID_INPUT_FILE', `The input cannot be cut: ${(err as Error).message}`);
  });
  let plan;
  try {
    plan = planEdit(facts, edit, input);
  } catch (err) {
    if (err instanceof PlanError) throw new JobFailure('INVALID_INPUT_FILE', `${err.field.join('.')}: ${err.message}`);
    throw err;
  }
  for (const [name, text] of Object.entries(plan.files)) await fs.writeFile(path.join(dirs.work, name), text);
  deps.commands.setEdit(row.id, plan.result);
  return { req: { steps: plan.steps, inputs: {}, inputZipUrl: null, outputs: plan.outputs, interims: {} }, inputs };
}

/** A stored file is read through its own storage URL (signed for the run), so inputs.ts copies it from disk. */
function inputUrl(deps: InputDeps, accountId: string, input: string): string {
  if (isHttpUrl(input)) return input;
  const row = deps.files.get(accountId, input);
  const url = row ? deps.urls.storageUrl(row, 6 * 3600) : null;
  if (!url) throw new JobFailure('UNREACHABLE_INPUT_FILE', `The stored file ${input} is gone`);
  return url;
}
