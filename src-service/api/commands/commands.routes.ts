import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { CommandsRepo } from '../../jobs/commands-repo';
import type { FilesRepo } from '../../files/files-repo';
import type { UrlBuilder } from '../../files/urls';
import type { CommandNotifier } from '../../jobs/notify';
import { NotFoundError } from '../../errors';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints, type Handler } from '../mount-endpoints';
import { checkOnly, submitCommand, type CommandRequest, type SubmitDeps } from '../../jobs/submit';
import { cancelCommand, type CancelDeps } from '../../jobs/cancel';
import { isFinal } from '../../jobs/state';
import { commandEndpoints } from '../../contract/endpoints/commands';
import { submitMultiple } from '../../jobs/submit-multiple';
import { listPreviews, presentCommand, presentCommandListItem } from './commands.presenter';
import type { PollCache } from './poll-cache';

export interface CommandRouteDeps {
  commands: CommandsRepo;
  files: FilesRepo;
  urls: UrlBuilder;
  notifier: Pick<CommandNotifier, 'onRename'>;
  submit: SubmitDeps;
  cancel: CancelDeps;
  /** Shared with the fast path (poll-fast-path.ts). */
  pollCache: PollCache;
}

export function commandRoutes(deps: CommandRouteDeps): Router {
  const submitDeps = deps.submit;
  const submit = (ctx: RouterContext, req: CommandRequest) => submitCommand(submitDeps, accountOf(ctx), req);

  // Presigned URLs are made fresh: only polls without presigned_ttl_seconds are cached.
  const finished = deps.pollCache;
  const poll: Handler<typeof commandEndpoints.getCommand | typeof commandEndpoints.pollCommand> = (ctx, input) => {
    const { command_id } = input.params;
    const { presigned_ttl_seconds } = input.query;
    const accountId = accountOf(ctx).id;
    const cacheable = presigned_ttl_seconds === undefined;
    let json = cacheable ? finished.get(accountId, command_id) : undefined;
    if (json === undefined) {
      const row = deps.commands.get(accountId, command_id);
      if (!row) throw new NotFoundError('Command not found');
      const outputs = row.status === 'SUCCESS' ? deps.files.byCommand(row.id) : [];
      json = Buffer.from(JSON.stringify(presentCommand(row, outputs, deps.urls, presigned_ttl_seconds)));
      if (cacheable && isFinal(row.status)) finished.set(accountId, command_id, json);
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = json;
  };

  return mountEndpoints(createRouter(), commandEndpoints, {
    runFfmpegCommand: async (ctx, input) => {
      const req: CommandRequest = { kind: 'single', body: input.body };
      if (input.query.dry_run === 'true') return checkOnly(submitDeps, accountOf(ctx), req);
      return { command_id: await submit(ctx, req) };
    },

    runChainedFfmpegCommands: async (ctx, input) => {
      const req: CommandRequest = { kind: 'chained', body: input.body };
      if (input.query.dry_run === 'true') return checkOnly(submitDeps, accountOf(ctx), req);
      const id = await submit(ctx, req);
      return { command_ids: [id], command_id: id };
    },

    runMultipleFfmpegCommands: async (ctx, { body }) => ({ command_ids: await submitMultiple(submitDeps, accountOf(ctx), body) }),

    listCommands: (ctx, { query: { limit, offset, q } }) => {
      const account = accountOf(ctx).id;
      const rows = q?.trim() ? deps.commands.search(account, q.trim(), limit, offset) : deps.commands.list(account, limit, offset);
      const ids = rows.map((r) => r.id);
      const stats = deps.files.outputStats(ids);
      const previews = listPreviews(deps.files.storedOutputsOf(ids), deps.urls);
      return rows.map((r) => presentCommandListItem(r, stats.get(r.id), previews.get(r.id)));
    },

    getCommand: poll,
    pollCommand: poll,

    // FFDesk: rename a job (any status). The record and a `command` event carry the new name.
    renameCommand: (ctx, input) => {
      const { command_id } = input.params;
      const { name } = input.body;
      const account = accountOf(ctx).id;
      if (!deps.commands.rename(account, command_id, name)) throw new NotFoundError('Command not found');
      deps.pollCache.forget(account, command_id);
      const row = deps.commands.get(account, command_id)!;
      deps.notifier.onRename(row);
      return presentCommand(row, row.status === 'SUCCESS' ? deps.files.byCommand(row.id) : [], deps.urls);
    },

    cancelCommand: async (ctx, { params: { command_id } }) => {
      const row = await cancelCommand(deps.cancel, accountOf(ctx).id, command_id);
      return presentCommand(row, row.status === 'SUCCESS' ? deps.files.byCommand(row.id) : [], deps.urls);
    },

    getCommandLog: (ctx, { params: { command_id } }) => {
      const row = deps.commands.get(accountOf(ctx).id, command_id);
      if (!row) throw new NotFoundError('Command not found');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = row.log ?? '';
    },
  });
}
