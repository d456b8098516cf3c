import { defineEndpoints } from '../endpoint';
import { PageQuery } from '../commands.schema';
import { BatchIdParams, BatchRecord, CreateBatchBody } from '../batches.schema';
import { errors, json } from '../responses';

/** Batches: one preset over many inputs (docs/presets.md). */
export const batchEndpoints = defineEndpoints({
  createBatch: {
    method: 'post',
    path: '/v1/batches',
    tag: 'Batches',
    summary: 'Run one preset over many inputs: one command per input',
    description: 'Every item is rendered and checked first: one 422 lists all problems and nothing is submitted.',
    body: CreateBatchBody,
    responses: { '200': json('The batch', BatchRecord), ...errors(401, 403, 404, 422, 429) },
  },
  listBatches: {
    method: 'get',
    path: '/v1/batches',
    tag: 'Batches',
    summary: 'Batches, newest first (at most 100 per page)',
    query: PageQuery,
    responses: { '200': json('Bare array', BatchRecord, true), ...errors(401, 422) },
  },
  getBatch: {
    method: 'get',
    path: '/v1/batches/{batch_id}',
    tag: 'Batches',
    summary: 'Progress (done / failed / total, ETA) and every item',
    params: BatchIdParams,
    responses: { '200': json('The batch', BatchRecord), ...errors(401, 404) },
  },
  cancelBatch: {
    method: 'post',
    bodyKind: 'json',
    path: '/v1/batches/{batch_id}/cancel',
    tag: 'Batches',
    summary: 'Cancel every item not finished yet',
    params: BatchIdParams,
    responses: { '200': json('The batch', BatchRecord), ...errors(401, 404) },
  },
  retryFailedBatchItems: {
    method: 'post',
    bodyKind: 'json',
    path: '/v1/batches/{batch_id}/retry-failed',
    tag: 'Batches',
    summary: 'Submit each FAILED item again, unchanged',
    params: BatchIdParams,
    responses: { '200': json('The batch', BatchRecord), ...errors(401, 403, 404, 429) },
  },
  downloadBatchOutputs: {
    method: 'get',
    path: '/v1/batches/{batch_id}/outputs.zip',
    tag: 'Batches',
    summary: 'Every stored output of the batch as one zip, streamed',
    description: 'A name two items share gets the item number as a prefix; playlists come as a folder. 404 while nothing is stored.',
    params: BatchIdParams,
    responses: { '200': { description: 'application/zip' }, ...errors(401, 404) },
  },
});
