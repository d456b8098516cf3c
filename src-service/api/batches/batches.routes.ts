import Router from '@koa/router';
import { accountOf } from '../middleware/auth';
import { jsonBody } from '../middleware/json-body';
import { parseInput } from '../validate';
import { NotFoundError } from '../../errors';
import { PageQuery } from '../../contract/commands.schema';
import type { AppDeps } from '../../deps';
import type { Batches } from '../../batches/batches';
import { streamOutputsZip } from '../../files/outputs-zip';
import { BatchIdParams, CreateBatchBody } from '../../contract/batches.schema';

/** `/v1/batches` (FFDesk): one preset over many inputs (docs/presets.md). */
export function batchRoutes(deps: AppDeps, batches: Batches): Router {
  const router = new Router({ prefix: '/v1' });

  router.post('/batches', jsonBody, async (ctx) => {
    ctx.body = await batches.create(accountOf(ctx), parseInput(CreateBatchBody, ctx.state.body, 'body'));
  });

  router.get('/batches', (ctx) => {
    const { limit, offset } = parseInput(PageQuery, ctx.query, 'query');
    ctx.body = batches.list(accountOf(ctx).id, Math.min(limit, 100), offset);
  });

  router.get('/batches/:batch_id', (ctx) => {
    const { batch_id } = parseInput(BatchIdParams, ctx.params, 'path');
    ctx.body = batches.get(accountOf(ctx).id, batch_id);
  });

  router.post('/batches/:batch_id/cancel', jsonBody, async (ctx) => {
    const { batch_id } = parseInput(BatchIdParams, ctx.params, 'path');
    ctx.body = await batches.cancel(accountOf(ctx).id, batch_id);
  });

  router.post('/batches/:batch_id/retry-failed', jsonBody, async (ctx) => {
    const { batch_id } = parseInput(BatchIdParams, ctx.params, 'path');
    ctx.body = await batches.retryFailed(accountOf(ctx), batch_id);
  });

  router.get('/batches/:batch_id/outputs.zip', async (ctx) => {
    const { batch_id } = parseInput(BatchIdParams, ctx.params, 'path');
    const accountId = accountOf(ctx).id;
    const { items } = batches.itemsOf(accountId, batch_id);
    const ok = items.filter((i) => i.status === 'SUCCESS').map((i) => ({ index: i.idx, commandId: i.command_id }));
    const stream = await streamOutputsZip(deps, accountId, ok);
    if (!stream) throw new NotFoundError('The batch has no stored outputs yet');
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="batch-${batch_id}.zip"`);
    ctx.body = stream;
  });

  return router;
}
