import crypto from 'node:crypto';
import type { Db } from '../db/open';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { FilesRepo } from '../files/files-repo';
import type { Account } from '../accounts/account';
import { NotFoundError, ValidationError, type ValidationIssue } from '../errors';
import { prepareCommand, queuePrepared, type CommandRequest, type PreparedCommand, type SubmitDeps } from '../jobs/submit';
import { assertWithinQuota } from '../accounts/plans';
import { cancelCommand, type CancelDeps } from '../jobs/cancel';
import { isFinal } from '../jobs/state';
import type { StoredRequest } from '../jobs/command';
import type { RunChainedBody, RunCommandBody } from '../contract/commands.schema';
import type { Presets } from '../presets/presets';
import { renderPreset, type PresetRunInput } from '../presets/render';
import type { Preset } from '../presets/stored-preset';
import type { BatchesRepo } from './batches-repo';
import type { BatchView } from './batch';

export interface BatchRequest {
  preset: string;
  version?: number;
  parameters?: Record<string, string | number>;
  /** One entry per command: the input URL (for a one-input preset) or alias -> URL. */
  inputs: (string | Record<string, string>)[];
  is_private?: boolean;
  cache?: boolean;
  max_command_run_seconds?: number;
}

export interface BatchDeps {
  db: Db;
  commands: CommandsRepo;
  files: FilesRepo;
  submit: SubmitDeps;
  cancel: CancelDeps;
}

export function createBatches(deps: BatchDeps, presets: Presets, repo: BatchesRepo) {
  const submitDeps = deps.submit;

  function view(accountId: string, id: string) {
    const batch = repo.get(accountId, id);
    if (!batch) throw new NotFoundError('Batch not found');
    return { batch, items: repo.items(batch.id) };
  }
  /**
   * Checks every request (one at a time, letting other requests run in between), then queues
   * them all in one transaction; `also` runs inside it with the new ids.
   */
  async function submitAll(account: Account, requests: CommandRequest[], also: (ids: string[]) => void): Promise<string[]> {
    // Before anything is prepared or stored: the plan's sizes (422) and counts (429), accounts/record-limits.ts.
    submitDeps.records?.assertStoredRequests(account, requests);
    submitDeps.records?.assertRoom(account, 'commands', requests.length);
    const prepared: PreparedCommand[] = [];
    for (const r of requests) prepared.push(await prepareCommand(submitDeps, account, r));
    assertWithinQuota(account, {
      storageUsedBytes: () => deps.files.storageUsedBytes(account.id),
      processingUsedBytes: () => deps.commands.processingUsedBytes(account.id),
    });
    const quiet = { ...submitDeps, onSubmitted: () => undefined };
    return deps.db.transaction(() => {
      const ids = prepared.map((p) => queuePrepared(quiet, account, p));
      also(ids);
      return ids;
    })();
  }
  const announce = (accountId: string, ids: string[]) => deps.db.transaction(() => ids.forEach((cid) => submitDeps.onSubmitted(accountId, cid)))();

  /** A batch and its items; api/batches/batches.presenter.ts presents them. */
  const get = (accountId: string, id: string): BatchView => view(accountId, id);

  return {
    /**
     * Renders every item first (one 422 lists all problems), then submits them all in one
     * transaction: all or nothing, and one database commit instead of one per command.
     * Listeners (events, the scheduler) hear of the commands only once they are committed.
     */
    async create(account: Account, req: BatchRequest) {
      const preset = presets.find(account.id, req.preset, req.version);
      const requests = renderAll(preset, req);
      submitDeps.records?.assertRoom(account, 'batches');
      const id = crypto.randomUUID();
      const submitted = await submitAll(
        account,
        requests.map((r) => r.request),
        (ids) =>
          repo.insert(
            { id, accountId: account.id, presetName: preset.name, presetVersion: preset.version },
            requests.map((r, i) => ({ input: r.input, commandId: ids[i] as string })),
          ),
      );
      announce(account.id, submitted);
      return get(account.id, id);
    },
    get,
    list(accountId: string, limit: number, offset: number) {
      return repo.list(accountId, limit, offset).map((batch): BatchView => ({ batch, items: repo.items(batch.id) }));
    },
    async cancel(accountId: string, id: string) {
      const { items } = view(accountId, id);
      const open = items.filter((i) => !isFinal(i.status));
      await Promise.all(open.map((i) => cancelCommand(deps.cancel, accountId, i.commandId)));
      return get(accountId, id);
    },
    /** Submits each FAILED item's request again, as it was; the item then follows the new command. */
    async retryFailed(account: Account, id: string) {
      const { batch, items } = view(account.id, id);
      const failed = items
        .filter((i) => i.status === 'FAILED')
        .flatMap((item) => {
          const row = deps.commands.get(account.id, item.commandId);
          return row ? [{ item, request: requestOf(row.commandType, row.request) }] : [];
        });
      const submitted = await submitAll(
        account,
        failed.map((f) => f.request),
        (ids) => failed.forEach((f, i) => repo.replaceCommand(batch.id, f.item.index, f.item.commandId, ids[i] as string)),
      );
      announce(account.id, submitted);
      return get(account.id, id);
    },
    itemsOf: (accountId: string, id: string) => view(accountId, id),
  };
}

export type Batches = ReturnType<typeof createBatches>;

function renderAll(preset: Preset, req: BatchRequest): { input: Record<string, string>; request: CommandRequest }[] {
  const issues: ValidationIssue[] = [];
  const out: { input: Record<string, string>; request: CommandRequest }[] = [];
  req.inputs.forEach((entry, i) => {
    const input = typeof entry === 'string' ? singleInput(preset, entry, i, issues) : entry;
    if (!input) return;
    const run: PresetRunInput = {
      input_files: input,
      parameters: req.parameters,
      is_private: req.is_private,
      cache: req.cache,
      max_command_run_seconds: req.max_command_run_seconds,
    };
    try {
      out.push({ input, request: renderPreset(preset, run) });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      issues.push(...err.issues.map((x) => (x.loc[1] === 'input_files' ? { ...x, loc: ['body', 'inputs', i, ...x.loc.slice(2)] } : x)));
    }
  });
  if (issues.length > 0) throw new ValidationError(dedupe(issues));
  return out;
}

function singleInput(preset: Preset, url: string, i: number, issues: ValidationIssue[]): Record<string, string> | null {
  const only = preset.inputs.length === 1 ? preset.inputs[0]?.alias : undefined;
  if (only) return { [only]: url };
  issues.push({
    loc: ['body', 'inputs', i],
    msg: `Preset ${preset.name} takes ${preset.inputs.length} inputs: give an object of alias -> URL`,
    type: 'value_error',
  });
  return null;
}

/** Parameter problems are the same for every item: report them once. */
function dedupe(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((x) => {
    const key = `${x.loc.join('.')}|${x.msg}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function requestOf(type: 'FFMPEG_COMMAND' | 'FFMPEG_CHAINED_COMMANDS', request: StoredRequest): CommandRequest {
  const body = request as RunCommandBody & RunChainedBody;
  return type === 'FFMPEG_COMMAND' ? { kind: 'single', body } : { kind: 'chained', body };
}
