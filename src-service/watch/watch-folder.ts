import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FSWatcher } from 'chokidar';
import fs from 'node:fs/promises';
import type { AccountsRepo } from '../accounts/accounts-repo';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { UrlBuilder } from '../files/urls';
import type { SubmitDeps } from '../jobs/submit';
import type { Command } from '../jobs/command';
import { isFinal } from '../jobs/state';
import { deleteFileRows, type DeleteDeps } from '../files/deletes';
import type { Presets } from '../presets/presets';
import { submitPreset } from '../presets/submit-preset';
import { deliverOutputs, moveOriginal } from './deliver';
import { stageHashing, storeStaged, type IngestDeps } from './ingest';
import { waitUntilStable } from './stability';
import type { WatchRepo } from './watch-repo';
import type { WatchFolder } from './watched';
import type { WatchEvents, WatchFolderEvent } from './watch-events';
import { createWorkQueue } from '../work/work-queue';
import { periodicSource } from '../work/sources';
import { openUnder, UntrustedFileError } from '../storage/no-follow';
import { createIgnoredList, isAccepted } from './accepts';

/** What a watch folder uses: ingest a file, submit its preset, follow the command, tidy up. */
export interface WatchDeps extends IngestDeps, DeleteDeps {
  accounts: Pick<AccountsRepo, 'getAccount'>;
  commands: Pick<CommandsRepo, 'getAny'>;
  urls: Pick<UrlBuilder, 'storageUrl' | 'parseOwnStorageUrl'>;
  submit: SubmitDeps;
  watchEvents: WatchEvents;
  log(msg: string): void;
}

export interface WatchContext {
  deps: WatchDeps;
  presets: Presets;
  repo: WatchRepo;
  scratchDir: string;
}

export interface WatchHandle {
  lastError(): string | null;
  /** Files left alone for their extension, newest first. */
  ignored(): string[];
  stop(): Promise<void>;
}

/** How long the presigned URL of a watched input stays valid: longer than any queue wait. */
const INPUT_URL_TTL_SECONDS = 7 * 24 * 3600;
const POLL_COMMAND_MS = 200;
const RESCAN_MS = 30_000;
/** How long stop() waits for the files being taken in to stop. */
const STOP_GRACE_MS = 10_000;

/** A file to take in, or (`open`) one whose command was submitted before a restart and is followed to its end. */
interface WatchItem {
  file: string;
  open?: { id: number; commandId: string };
}

/**
 * Watches one folder (its direct files; `done/`, `failed/` and hidden files are left alone).
 * The initial scan of chokidar reports every file already there, so files added while the
 * service was down are found; files it already ran are recognised and skipped.
 */
export function startWatchFolder(ctx: WatchContext, row: WatchFolder): WatchHandle {
  const { deps, repo } = ctx;
  let lastError: string | null = null;
  const fail = (msg: string) => {
    lastError = msg;
    deps.log(`watch folder ${row.folder}: ${msg}`);
  };

  const take = async (item: WatchItem, signal: AbortSignal): Promise<void> => {
    if (item.open) return follow(ctx, row, item.open.id, item.file, item.open.commandId, signal);
    await processFile(ctx, row, item.file, signal).catch((err: unknown) => {
      if (!signal.aborted) fail((err as Error).message);
    });
  };
  // Files are work items keyed by path (src-service/work/work-queue.ts): an event for a file
  // already being taken in is dropped, and stop() aborts them with a ShutdownError and waits.
  // Work arrives by run() (each watcher event), so the source itself never has anything due.
  const files = createWorkQueue<WatchItem>({
    name: `watch ${row.id}`,
    key: (i) => i.file,
    source: { pick: () => null },
    log: deps.log,
    stopGraceMs: STOP_GRACE_MS,
    handle: take,
  });
  files.start();
  // The extension filter is the service's, not only the GUI's: a notes.txt dropped in is never
  // staged nor run; it is listed as ignored and a `watch` event says so once.
  const ignored = createIgnoredList();
  const schedule = (file: string) => {
    if (isAccepted(ctx.presets, row, file)) return void files.run({ file });
    const name = path.basename(file);
    if (ignored.add(name)) publishWatch(ctx, row, name, 'IGNORED');
  };

  for (const open of repo.running(row.id)) {
    if (!open.commandId) {
      repo.forget(open.id); // claimed but never submitted: the scan takes it again
      continue;
    }
    void files.run({ file: path.join(row.folder, open.path), open: { id: open.id, commandId: open.commandId } });
  }

  // chokidar is loaded by the first watch folder, not by every start (docs/performance.md, "Start-up").
  let stopped = false;
  const watching: Promise<FSWatcher | null> = import('chokidar').then(
    ({ default: chokidar }) => {
      if (stopped) return null;
      const watcher = chokidar.watch(row.folder, {
        depth: 0,
        ignoreInitial: false,
        usePolling: row.usePolling,
        // A link planted in the folder must not make the service read what it points at.
        followSymlinks: false,
        interval: row.pollIntervalMs,
        ignored: (p: string) => p !== row.folder && path.basename(p).startsWith('.'),
      });
      watcher.on('add', schedule);
      watcher.on('change', schedule);
      watcher.on('error', (err) => fail((err as Error).message ?? String(err)));
      watcher.on('ready', () => void rescan());
      return watcher;
    },
    (err: unknown) => {
      fail(`the folder watcher could not be loaded: ${(err as Error).message}`);
      return null;
    },
  );
  // A file created while the watcher was starting (after its first listing, before the OS
  // watch was in place) gets no event: list the folder again once ready, and every
  // RESCAN_MS in case events are lost (network shares). Known files cost one stat.
  const rescan = () => rescanFolder(row.folder, schedule).catch((err: unknown) => fail((err as Error).message));
  const rescans = createWorkQueue<string>({
    name: `watch ${row.id}`,
    key: (k) => k,
    source: periodicSource('rescan', RESCAN_MS, Date.now() + RESCAN_MS),
    handle: rescan,
    log: deps.log,
  });
  rescans.start();

  return {
    lastError: () => lastError,
    ignored: () => ignored.list(),
    async stop() {
      stopped = true;
      await rescans.stop();
      await Promise.all([files.stop(), watching.then((w) => w?.close())]);
    },
  };
}

async function rescanFolder(folder: string, schedule: (file: string) => void): Promise<void> {
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    if (entry.isFile() && !entry.name.startsWith('.')) schedule(path.join(folder, entry.name));
  }
}

async function processFile(ctx: WatchContext, row: WatchFolder, file: string, signal: AbortSignal): Promise<void> {
  const { deps, repo } = ctx;
  if (!(await isRegularFile(file))) return;
  const stable = await waitUntilStable(file, row.stableSeconds * 1000, signal);
  const name = path.basename(file);
  if (!stable || repo.seenUnchanged(row.id, name, stable.size, stable.mtimeMs)) return;
  // Opened once without following links and read through that descriptor (no check-then-open).
  const checked = await openUnder(row.folder, name).catch((err: unknown) => {
    if (err instanceof UntrustedFileError && !err.missing) ctx.deps.log(`watch folder ${row.folder}: ${err.message}: left alone`);
    return null;
  });
  if (!checked) return;
  const staged = await stageHashing(checked, ctx.scratchDir, signal).finally(() => checked.fh.close());
  let claimed: number | null = null;
  try {
    // Changed while being copied: the watcher reports the change and it is taken again once stable.
    if (staged.size !== stable.size || repo.known(row.id, name, staged.size, staged.sha256)) return;
    claimed = repo.claim(row.id, name, staged.size, stable.mtimeMs, staged.sha256);
    if (claimed === null) return;
    publishWatch(ctx, row, name, 'RUNNING');
    const account = deps.accounts.getAccount(row.accountId);
    if (!account) throw new Error("The watch folder's account no longer exists");
    const preset = ctx.presets.find(row.accountId, row.presetName, row.presetVersion ?? undefined);
    const alias = preset.inputs[0]?.alias as string;
    const input = await storeStaged(deps, row.accountId, staged, name, signal);
    const url = deps.urls.storageUrl(input, INPUT_URL_TTL_SECONDS) as string;
    const run = { input_files: { [alias]: url }, input_names: { [alias]: name }, parameters: row.parameters };
    const limit = row.maxRunSeconds === null ? {} : { max_command_run_seconds: row.maxRunSeconds };
    const { commandId } = await submitPreset(deps.submit, account, preset, { ...run, ...limit });
    repo.setCommand(claimed, commandId);
    await follow(ctx, row, claimed, file, commandId, signal);
  } catch (err) {
    if (claimed !== null && !signal.aborted) {
      repo.finish(claimed, 'FAILED', (err as Error).message, []);
      publishWatch(ctx, row, name, 'FAILED');
      if (row.moveOriginals) await moveOriginal(file, 'failed');
    } else if (claimed !== null && signal.aborted && !repo.running(row.id).find((r) => r.id === claimed)?.commandId) {
      repo.forget(claimed);
    }
    if (!signal.aborted) throw err;
  } finally {
    await fs.rm(staged.tempPath, { force: true });
  }
}

/** Waits for the command, then writes its outputs to the output folder and files the original. */
async function follow(ctx: WatchContext, row: WatchFolder, fileId: number, file: string, commandId: string, signal: AbortSignal): Promise<void> {
  const { deps, repo } = ctx;
  let cmd = deps.commands.getAny(commandId);
  while (cmd && !isFinal(cmd.status)) {
    await sleep(POLL_COMMAND_MS, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return; // still RUNNING in the table: resumed on the next start
    cmd = deps.commands.getAny(commandId);
  }
  if (cmd?.status === 'SUCCESS') {
    const written = await deliverOutputs(deps.blobs, deps.files.byCommand(commandId), row.outputFolder);
    repo.finish(fileId, 'DONE', null, written);
    publishWatch(ctx, row, path.basename(file), 'DONE');
    if (row.moveOriginals) await moveOriginal(file, 'done');
  } else {
    repo.finish(fileId, 'FAILED', cmd ? `${cmd.errorStatus}: ${cmd.errorMessage}` : 'The command is gone', []);
    publishWatch(ctx, row, path.basename(file), 'FAILED');
    if (row.moveOriginals) await moveOriginal(file, 'failed');
  }
  if (cmd) await removeInputCopy(ctx, cmd);
}

/** The stored copy of the watched file was only a means to run the preset: it goes once the command ends. */
async function removeInputCopy(ctx: WatchContext, cmd: Command): Promise<void> {
  const inputs = cmd.request.input_files ?? {};
  for (const url of Object.values(inputs)) {
    const ref = ctx.deps.urls.parseOwnStorageUrl(url);
    const row = ref ? ctx.deps.files.getAny(ref.fileId) : undefined;
    if (row && row.serviceStoreType === 'STORED_FILE') await deleteFileRows(ctx.deps, [row]);
  }
}

/** Tells the event stream (`watch` events): the GUI's counters follow these without a reload. */
function publishWatch(ctx: WatchContext, row: WatchFolder, name: string, status: WatchFolderEvent['status']): void {
  ctx.deps.watchEvents.emit({ accountId: row.accountId, watchId: row.id, path: name, status });
}

/** Regular files only: not links (which could point anywhere on the machine), not folders. */
async function isRegularFile(file: string): Promise<boolean> {
  const st = await fs.lstat(file).catch(() => null);
  return st?.isFile() === true;
}
