import type Router from '@koa/router';
import type { UrlBuilder } from '../../files/urls';
import { NotFoundError } from '../../errors';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { fileEndpoints } from '../../contract/endpoints/files';
import { streamedEndpoints } from '../../contract/endpoints/streamed';
import { presentFile, presentUploadSession } from './files.presenter';
import { bulkDeleteFiles, deleteCommandFiles, deleteOneFile, type DeleteDeps } from '../../files/deletes';
import { streamOutputsZip } from '../../files/outputs-zip';
import type { StoreFileWorker } from '../../files/store-from-url';
import type { Uploads } from '../../files/uploads';
import type { RateLimiter } from '../../accounts/rate-limit';
import type { RecordBudget } from '../../accounts/record-limits';

export function fileRoutes(
  deps: DeleteDeps & { urls: UrlBuilder },
  storeFiles: StoreFileWorker,
  uploads: Uploads,
  rateLimit: RateLimiter,
  records?: RecordBudget,
): Router {
  return mountEndpoints(createRouter(), fileEndpoints, {
    listFiles: (ctx, { query: { limit, offset, status, content_hash } }) => {
      const account = accountOf(ctx).id;
      // A content hash asks "is this file already stored?": only stored files answer it.
      const rows = content_hash
        ? deps.files.listStoredByHash(account, content_hash, limit, offset)
        : status === 'all'
          ? deps.files.list(account, limit, offset)
          : deps.files.listStored(account, limit, offset);
      return rows.map((r) => presentFile(r, deps.urls));
    },

    getFile: (ctx, input) => {
      const { file_id } = input.params;
      const { presigned_ttl_seconds } = input.query;
      const row = deps.files.get(accountOf(ctx).id, file_id);
      if (!row) throw new NotFoundError('File not found');
      return presentFile(row, deps.urls, presigned_ttl_seconds);
    },

    deleteFile: async (ctx, { params: { file_id } }) => {
      await deleteOneFile(deps, accountOf(ctx).id, file_id);
      ctx.status = 204;
    },

    bulkDeleteFiles: async (ctx, { body: { file_ids } }) => ({ deleted_file_ids: await bulkDeleteFiles(deps, accountOf(ctx).id, file_ids) }),

    deleteCommandFiles: async (ctx, { params: { command_id } }) => {
      await deleteCommandFiles(deps, accountOf(ctx).id, command_id);
      ctx.status = 204;
    },

    downloadCommandFiles: async (ctx, { params: { command_id } }) => {
      const stream = await streamOutputsZip(deps, accountOf(ctx).id, [{ index: 0, commandId: command_id }]);
      if (!stream) throw new NotFoundError('Command files not found');
      ctx.type = 'application/zip';
      ctx.set('Content-Disposition', `attachment; filename="command-${command_id}.zip"`);
      ctx.body = stream;
    },

    storeFile: (ctx, { body }) => {
      rateLimit.take(accountOf(ctx).id);
      records?.assertRoom(accountOf(ctx), 'files');
      return { file_id: storeFiles.submit(accountOf(ctx), body) };
    },

    initUpload: (ctx, { body }) => {
      records?.assertRoom(accountOf(ctx), 'files');
      return presentUploadSession(uploads.init(accountOf(ctx), body));
    },

    completeUpload: async (ctx, input) => {
      const { file_id } = input.params;
      const { parts } = input.body;
      const row = await uploads.complete(accountOf(ctx), file_id, parts);
      return row ? presentFile(row, deps.urls) : { file_id, status: 'UPLOADED' as const };
    },

    abortUpload: (ctx, { params: { file_id } }) => {
      const row = uploads.abort(accountOf(ctx), file_id);
      return row ? presentFile(row, deps.urls) : { file_id, status: 'FAILED' as const };
    },
  });
}

const UPLOAD_ID = /^[0-9a-f-]{36}$/;
const PART_NUMBER = /^\d{1,5}$/;

/**
 * `PUT /uploads/{file_id}/parts/{n}?token=…`: the signed URL is the grant, so this router is
 * mounted before the key check (app.ts); the body is streamed straight to disk.
 */
export function signedUploadRoutes(uploads: Uploads): Router {
  return mountEndpoints(
    createRouter(),
    { uploadPart: streamedEndpoints.uploadPart },
    {
      // Read from ctx, not the declared schemas: a forged or partial URL is a 404 or 403 (as a bad signature), never a 422.
      uploadPart: async (ctx) => {
        const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
        const { file_id: fileId = '', part_number: partNumber = '' } = ctx.params;
        if (!UPLOAD_ID.test(fileId) || !PART_NUMBER.test(partNumber)) throw new NotFoundError('Upload not found');
        const length = ctx.get('content-length') === '' ? null : Number(ctx.get('content-length'));
        const { etag, timings } = await uploads.putPart(fileId, Number(partNumber), token, ctx.req, length, { contentMd5: ctx.get('content-md5') || null });
        ctx.set('ETag', etag);
        ctx.set('Server-Timing', serverTiming(timings));
        ctx.status = 200;
        ctx.body = '';
      },
    },
  );
}

/** `Server-Timing: receive;dur=…, hash;dur=…`: where a part's time went (the bench sums these). */
function serverTiming(t: { receiveMs: number; hashMs: number }): string {
  return `receive;dur=${t.receiveMs.toFixed(1)}, hash;dur=${t.hashMs.toFixed(1)}`;
}
