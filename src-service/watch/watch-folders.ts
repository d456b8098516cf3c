import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { AccountsRepo } from '../accounts/accounts-repo';
import type { Account } from '../accounts/accounts-repo';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Presets } from '../presets/presets';
import { renderPreset } from '../presets/render';
import type { CreateWatchFolderBody } from '../contract/watch.schema';
import { createWatchRepo } from './watch-repo';
import type { WatchFolder } from './watched';
import { acceptedExtensions } from './accepts';
import { startWatchFolder, type WatchDeps, type WatchHandle } from './watch-folder';

/** Watch folders of the service (docs/presets.md, "Watch folders"): started with it, stopped with it. */
export interface WatchFoldersDeps extends WatchDeps {
  accounts: Pick<AccountsRepo, 'getAccount' | 'localAccountId'>;
  config: Pick<Config, 'dataDir'>;
}

export function createWatchFolders(deps: WatchFoldersDeps, presets: Presets) {
  const repo = createWatchRepo(deps.db);
  const handles = new Map<string, WatchHandle>();
  const ctx = { deps, presets, repo, scratchDir: path.join(deps.config.dataDir, 'jobs', 'watch') };
  const start = (row: WatchFolder) => handles.set(row.id, startWatchFolder(ctx, row));

  function present(row: WatchFolder) {
    const counts = repo.counts(row.id);
    return {
      watch_id: row.id,
      folder: row.folder,
      output_folder: row.outputFolder,
      preset: row.presetName,
      preset_version: row.presetVersion,
      parameters: row.parameters,
      extensions: acceptedExtensions(presets, row),
      extensions_from_preset: row.extensions === null,
      move_originals: row.moveOriginals,
      use_polling: row.usePolling,
      poll_interval_ms: row.pollIntervalMs,
      stable_seconds: row.stableSeconds,
      max_command_run_seconds: row.maxRunSeconds,
      created_at: row.createdAt,
      running: counts.RUNNING,
      done: counts.DONE,
      failed: counts.FAILED,
      last_error: handles.get(row.id)?.lastError() ?? null,
      recent: repo.recent(row.id, 20).map((f) => ({
        path: f.path,
        status: f.status,
        command_id: f.commandId,
        error: f.error,
        outputs: f.outputs,
        updated_at: f.updatedAt,
      })),
      ignored: handles.get(row.id)?.ignored() ?? [],
    };
  }

  return {
    async start() {
      for (const row of repo.allFolders()) start(row);
    },
    async stop() {
      await Promise.all([...handles.values()].map((h) => h.stop()));
      handles.clear();
    },
    list: (accountId: string) => repo.folders(accountId).map(present),
    get(accountId: string, id: string) {
      const row = repo.folder(accountId, id);
      if (!row) throw new NotFoundError('Watch folder not found');
      return present(row);
    },
    create(account: Account, body: CreateWatchFolderBody) {
      // A watch folder reads this machine's files: a key handed to someone on the LAN must not get that.
      if (account.id !== deps.accounts.localAccountId())
        throw new ForbiddenError("Watch folders read this machine's folders: only the local account's key may create them");
      const { folder, output } = checkFolders(deps.config.dataDir, body);
      if (repo.folders(account.id).some((f) => f.folder === folder)) throw new ConflictError(`${folder} is already watched`);
      checkPreset(presets, account.id, body);
      const id = crypto.randomUUID();
      repo.insertFolder({
        id,
        accountId: account.id,
        folder,
        outputFolder: output,
        presetName: body.preset,
        presetVersion: body.version ?? null,
        parameters: body.parameters ?? {},
        extensions: body.extensions ? [...new Set(body.extensions)] : null,
        moveOriginals: body.move_originals === true,
        usePolling: body.use_polling === true,
        pollIntervalMs: body.poll_interval_ms ?? 1000,
        stableSeconds: body.stable_seconds ?? 3,
        maxRunSeconds: body.max_command_run_seconds ?? null,
      });
      const row = repo.folder(account.id, id) as WatchFolder;
      start(row);
      return present(row);
    },
    async remove(accountId: string, id: string) {
      if (!repo.folder(accountId, id)) throw new NotFoundError('Watch folder not found');
      await handles.get(id)?.stop();
      handles.delete(id);
      repo.removeFolder(accountId, id);
    },
  };
}

export type WatchFolders = ReturnType<typeof createWatchFolders>;

function checkFolders(dataDir: string, body: CreateWatchFolderBody): { folder: string; output: string } {
  const issues: { loc: string[]; msg: string; type: string }[] = [];
  const data = realOrResolved(dataDir);
  const check = (field: 'folder' | 'output_folder', p: string, mustExist: boolean): string => {
    if (!path.isAbsolute(p)) issues.push({ loc: ['body', field], msg: 'Must be an absolute path', type: 'value_error' });
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (mustExist && !st?.isDirectory()) issues.push({ loc: ['body', field], msg: 'No such folder', type: 'value_error' });
    if (st && !st.isDirectory()) issues.push({ loc: ['body', field], msg: 'Not a folder', type: 'value_error' });
    const real = realOrResolved(p);
    if (isInside(real, data) || isInside(data, real))
      issues.push({ loc: ['body', field], msg: "Must not be inside FFDesk's data folder, nor contain it", type: 'value_error' });
    return real;
  };
  const folder = check('folder', body.folder, true);
  const output = check('output_folder', body.output_folder, false);
  if (issues.length === 0 && folder === output)
    issues.push({ loc: ['body', 'output_folder'], msg: 'Must differ from the watched folder (outputs would be taken as new inputs)', type: 'value_error' });
  if (issues.length > 0) throw new ValidationError(issues);
  fs.mkdirSync(output, { recursive: true });
  return { folder, output };
}

/** The real path of the deepest existing ancestor, plus the rest: symlinks cannot hide the data folder. */
function realOrResolved(p: string): string {
  const abs = path.resolve(p);
  let head = abs;
  let tail = '';
  while (!fs.existsSync(head) && path.dirname(head) !== head) {
    tail = path.join(path.basename(head), tail);
    head = path.dirname(head);
  }
  return path.join(fs.realpathSync(head), tail).replace(/[/\\]+$/, '') || path.sep;
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function checkPreset(presets: Presets, accountId: string, body: CreateWatchFolderBody): void {
  let preset;
  try {
    preset = presets.find(accountId, body.preset, body.version);
  } catch (err) {
    if (err instanceof NotFoundError) throw ValidationError.at(['body', 'preset'], err.detail);
    throw err;
  }
  if (preset.zip_input || preset.inputs.length !== 1) {
    throw ValidationError.at(['body', 'preset'], `A watch folder runs presets with exactly one input; ${preset.name} takes ${preset.inputs.length}`);
  }
  // The parameters are checked now, not at the first file.
  renderPreset(preset, { input_files: { [preset.inputs[0]?.alias as string]: 'http://127.0.0.1/check.mp4' }, parameters: body.parameters });
}
