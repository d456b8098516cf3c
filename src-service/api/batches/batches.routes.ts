import type Router from '@koa/router';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { NotFoundError } from '../../errors';
import type { FilesRepo } from '../../files/files-repo';
import type { BlobStore } from '../../storage/blob-store';
import type { Batches } from '../../batches/batches';
import { streamOutputsZip } from '../../files/outputs-zip';
import { batchEndpoints } from '../../contract/endpoints/batches';

/** `/v1/batches` (FFDesk): one preset over many inputs (docs/presets.md). */
export function batchRoutes(deps: { files: FilesRepo; blobs: BlobStore }, batches: Batches): Router {
  return mountEndpoints(createRouter(), batchEndpoints, {
    createBatch: (ctx, { body }) => batches.create(accountOf(ctx), body),

    listBatches: (ctx, { query: { limit, offset } }) => batches.list(accountOf(ctx).id, Math.min(limit, 100), offset),

    getBatch: (ctx, { params: { batch_id } }) => batches.get(accountOf(ctx).id, batch_id),

    cancelBatch: (ctx, { params: { batch_id } }) => batches.cancel(accountOf(ctx).id, batch_id),

    retryFailedBatchItems: (ctx, { params: { batch_id } }) => batches.retryFailed(accountOf(ctx), batch_id),

    downloadBatchOutputs: async (ctx, { params: { batch_id } }) => {
      const accountId = accountOf(ctx).id;
      const { items } = batches.itemsOf(accountId, batch_id);
      const ok = items.filter((i) => i.status === 'SUCCESS').map((i) => ({ index: i.index, commandId: i.commandId }));
      const stream = await streamOutputsZip(deps, accountId, ok);
      if (!stream) throw new NotFoundError('The batch has no stored outputs yet');
      ctx.type = 'application/zip';
      ctx.set('Content-Disposition', `attachment; filename="batch-${batch_id}.zip"`);
      ctx.body = stream;
    },
  });
}
