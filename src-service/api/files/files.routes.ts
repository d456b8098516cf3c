import type Router from '@koa/router';
import { createApiRouter } from '../api-router';
import { jsonBody } from '../middleware/json-body';
import type { Context, Next } from 'koa';
import type { AppDeps } from '../../deps';
import { NotFoundError } from '../../errors';
import { accountOf } from '../middleware/auth';
import { parseInput } from '../validate';
import { PresignQuery, CommandIdParams } from '../../contract/commands.schema';
import { BulkDeleteBody, CompleteUploadBody, FileIdParams, InitUploadBody, ListFilesQuery, StoreFileBody } from '../../contract/files.schema';
import { presentFile } from './files.presenter';
import { bulkDeleteFiles, deleteCommandFiles, deleteOneFile } from '../../files/deletes';
import { streamOutputsZip } from '../../files/outputs-zip';
import type { StoreFileWorker } from '../../files/store-from-url';
import type { Uploads } from '../../files/uploads';
import type { RateLimiter } from '../../accounts/rate-limit';

export function fileRoutes(deps: AppDeps, storeFiles: StoreFileWorker, uploads: Uploads, rateLimit: RateLimiter): Router {
  const router = createApiRouter();

  router.get('/files', (ctx) => {
    const { limit, offset, status } = parseInput(ListFilesQuery, ctx.query, 'query');
    const rows = status === 'all' ? deps.files.list(accountOf(ctx).id, limit, offset) : deps.files.listStored(accountOf(ctx).id, limit, offset);
    ctx.body = rows.map((r) => presentFile(r, deps.urls));
  });

  router.get('/files/:file_id', (ctx) => {
    const { file_id } = parseInput(FileIdParams, ctx.params, 'path');
    const { presigned_ttl_seconds } = parseInput(PresignQuery, ctx.query, 'query');
    const row = deps.files.get(accountOf(ctx).id, file_id);
    if (!row) throw new NotFoundError('File not found');
    ctx.body = presentFile(row, deps.urls, presigned_ttl_seconds);
  });

  router.delete('/files/:file_id', async (ctx) => {
    const { file_id } = parseInput(FileIdParams, ctx.params, 'path');
    await deleteOneFile(deps, accountOf(ctx).id, file_id);
    ctx.status = 204;
  });

  router.post('/files/bulk-delete', jsonBody, async (ctx) => {
    const { file_ids } = parseInput(BulkDeleteBody, ctx.state.body, 'body');
    ctx.body = { deleted_file_ids: await bulkDeleteFiles(deps, accountOf(ctx).id, file_ids) };
  });

  router.delete('/commands/:command_id/files', async (ctx) => {
    const { command_id } = parseInput(CommandIdParams, ctx.params, 'path');
    await deleteCommandFiles(deps, accountOf(ctx).id, command_id);
    ctx.status = 204;
  });

  router.get('/commands/:command_id/files.zip', async (ctx) => {
    const { command_id } = parseInput(CommandIdParams, ctx.params, 'path');
    const stream = await streamOutputsZip(deps, accountOf(ctx).id, [{ index: 0, commandId: command_id }]);
    if (!stream) throw new NotFoundError('Command files not found');
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="command-${command_id}.zip"`);
    ctx.body = stream;
  });

  router.post('/files/store-file', jsonBody, (ctx) => {
    const body = parseInput(StoreFileBody, ctx.state.body, 'body');
    rateLimit.take(accountOf(ctx).id);
    ctx.body = { file_id: storeFiles.submit(accountOf(ctx), body) };
  });

  router.post('/files/init-upload', jsonBody, (ctx) => {
    ctx.body = uploads.init(accountOf(ctx), parseInput(InitUploadBody, ctx.state.body, 'body'));
  });

  router.post('/files/:file_id/complete-upload', jsonBody, async (ctx) => {
    const { file_id } = parseInput(FileIdParams, ctx.params, 'path');
    const { parts } = parseInput(CompleteUploadBody, ctx.state.body, 'body');
    const row = await uploads.complete(accountOf(ctx), file_id, parts);
    ctx.body = row ? presentFile(row, deps.urls) : { file_id, status: 'UPLOADED' };
  });

  router.post('/files/:file_id/abort-upload', jsonBody, (ctx) => {
    const { file_id } = parseInput(FileIdParams, ctx.params, 'path');
    const row = uploads.abort(accountOf(ctx), file_id);
    ctx.body = row ? presentFile(row, deps.urls) : { file_id, status: 'FAILED' };
  });

  return router;
}

const PART_PATH = /^\/uploads\/([0-9a-f-]{36})\/parts\/(\d{1,5})$/;

/** `PUT /uploads/{file_id}/parts/{n}?token=…`: streamed straight to disk, before any JSON parsing. */
export function partUploadHandler(uploads: Uploads) {
  return async function putPart(ctx: Context, next: Next): Promise<void> {
    const m = PART_PATH.exec(ctx.path);
    if (!m) return next();
    if (ctx.method !== 'PUT') {
      ctx.status = 405;
      ctx.set('Allow', 'PUT');
      ctx.body = { detail: 'Method not allowed' };
      return;
    }
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const length = ctx.get('content-length') === '' ? null : Number(ctx.get('content-length'));
    const { etag, timings } = await uploads.putPart(m[1] as string, Number(m[2]), token, ctx.req, length, { contentMd5: ctx.get('content-md5') || null });
    ctx.set('ETag', etag);
    ctx.set('Server-Timing', serverTiming(timings));
    ctx.status = 200;
    ctx.body = '';
  };
}

/** `Server-Timing: receive;dur=…, hash;dur=…`: where a part's time went (the bench sums these). */
function serverTiming(t: { receiveMs: number; hashMs: number }): string {
  return `receive;dur=${t.receiveMs.toFixed(1)}, hash;dur=${t.hashMs.toFixed(1)}`;
}
