import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import { createApiRouter } from '../api-router';
import { jsonBody } from '../middleware/json-body';
import type { AppDeps } from '../../deps';
import { NotFoundError } from '../../errors';
import { accountOf } from '../middleware/auth';
import { parseInput } from '../validate';
import { checkOnly, submitCommand, type CommandRequest } from '../../jobs/submit';
import { cancelCommand } from '../../jobs/cancel';
import { isFinal } from '../../jobs/state';
import { CommandIdParams, CommandListQuery, PresignQuery, RenameBody, RunChainedBody, RunCommandBody, RunMultipleBody, SubmitQuery } from '../../contract/commands.schema';
import { submitMultiple } from '../../jobs/submit-multiple';
import { listPreviews, presentCommand, presentCommandListItem } from './commands.presenter';
import { argumentChecksOn } from '../../ffmpeg-args/parser-switch';
import { pollCacheOf } from './poll-cache';

export function commandRoutes(deps: AppDeps): Router {
  const router = createApiRouter();
  const submitDeps = {
    commands: deps.commands,
    files: deps.files,
    vcpuBudget: deps.config.vcpuBudget,
    checkArguments: argumentChecksOn(deps.config),
    onSubmitted: (_accountId: string, id: string) => {
      const row = deps.commands.getAny(id);
      if (row) deps.notifier.onStatus(row);
      deps.scheduler.notify();
    },
  };
  const submit = (ctx: RouterContext, req: CommandRequest) => submitCommand(submitDeps, accountOf(ctx), req);
  const isDryRun = (ctx: RouterContext) => parseInput(SubmitQuery, ctx.query, 'query').dry_run === 'true';

  router.post('/run-ffmpeg-command', jsonBody, async (ctx) => {
    const req: CommandRequest = { kind: 'single', body: parseInput(RunCommandBody, ctx.state.body, 'body') };
    if (isDryRun(ctx)) return void (ctx.body = await checkOnly(submitDeps, accountOf(ctx), req));
    ctx.body = { command_id: await submit(ctx, req) };
  });

  router.post('/run-chained-ffmpeg-commands', jsonBody, async (ctx) => {
    const req: CommandRequest = { kind: 'chained', body: parseInput(RunChainedBody, ctx.state.body, 'body') };
    if (isDryRun(ctx)) return void (ctx.body = await checkOnly(submitDeps, accountOf(ctx), req));
    const id = await submit(ctx, req);
    ctx.body = { command_ids: [id], command_id: id };
  });

  router.post('/run-multiple-ffmpeg-commands', jsonBody, async (ctx) => {
    ctx.body = { command_ids: await submitMultiple(submitDeps, accountOf(ctx), parseInput(RunMultipleBody, ctx.state.body, 'body')) };
  });

  router.get('/commands', (ctx) => {
    const { limit, offset, q } = parseInput(CommandListQuery, ctx.query, 'query');
    const account = accountOf(ctx).id;
    const rows = q?.trim() ? deps.commands.search(account, q.trim(), limit, offset) : deps.commands.list(account, limit, offset);
    const ids = rows.map((r) => r.id);
    const stats = deps.files.outputStats(ids);
    const previews = listPreviews(deps.files.storedOutputsOf(ids), deps.urls);
    ctx.body = rows.map((r) => presentCommandListItem(r, stats.get(r.id), previews.get(r.id)));
  });

  // FFDesk: rename a job (any status). The record and a `command` event carry the new name.
  router.patch('/commands/:command_id', jsonBody, (ctx) => {
    const { command_id } = parseInput(CommandIdParams, ctx.params, 'path');
    const { name } = parseInput(RenameBody, ctx.state.body, 'body');
    const account = accountOf(ctx).id;
    if (!deps.commands.rename(account, command_id, name)) throw new NotFoundError('Command not found');
    pollCacheOf(deps).forget(account, command_id);
    const row = deps.commands.get(account, command_id)!;
    deps.notifier.onRename(row);
    ctx.body = presentCommand(row, row.status === 'SUCCESS' ? deps.files.byCommand(row.id) : [], deps.urls);
  });

  // Presigned URLs are made fresh: only polls without presigned_ttl_seconds are cached.
  const finished = pollCacheOf(deps);
  const poll = (ctx: RouterContext) => {
    const { command_id } = parseInput(CommandIdParams, ctx.params, 'path');
    const { presigned_ttl_seconds } = parseInput(PresignQuery, ctx.query, 'query');
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
  router.get('/commands/:command_id', poll);
  router.get('/poll-command/:command_id', poll);

  router.post('/commands/:command_id/cancel', jsonBody, async (ctx) => {
    const { command_id } = parseInput(CommandIdParams, ctx.params, 'path');
    const row = await cancelCommand({ ...deps, onStatus: deps.notifier.onStatus }, accountOf(ctx).id, command_id);
    ctx.body = presentCommand(row, row.status === 'SUCCESS' ? deps.files.byCommand(row.id) : [], deps.urls);
  });

  router.get('/commands/:command_id/log', (ctx) => {
    const { command_id } = parseInput(CommandIdParams, ctx.params, 'path');
    const row = deps.commands.get(accountOf(ctx).id, command_id);
    if (!row) throw new NotFoundError('Command not found');
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = row.log ?? '';
  });

  return router;
}
