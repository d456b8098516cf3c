import type Router from '@koa/router';
import type { UrlBuilder } from '../../files/urls';
import { HttpError } from '../http-error';
import { boundaryOf } from '../../files/multipart-stream';
import type { createFormUploads } from '../../files/form-upload';
import { accountOf } from '../middleware/auth';
import type { RecordBudget } from '../../accounts/record-limits';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { presentFile } from './files.presenter';
import { streamedEndpoints } from '../../contract/endpoints/streamed';

/**
 * `POST /v1/files/upload` streams its own multipart body (a raw endpoint: no body reader runs
 * before it). The key is checked before it like any `/v1` route, and an answer sent before the
 * body was read closes the connection after a linger so the client can read it (unread-body.ts).
 */
export function formUploadRoutes(forms: ReturnType<typeof createFormUploads>, urls: UrlBuilder, records?: RecordBudget): Router {
  return mountEndpoints(
    createRouter(),
    { uploadFileForm: streamedEndpoints.uploadFileForm },
    {
      uploadFileForm: async (ctx) => {
        const boundary = boundaryOf(ctx.get('content-type'));
        if (!boundary) throw new HttpError(415, 'Send the file as multipart/form-data in the upload_file field');
        const length = ctx.get('content-length') === '' ? null : Number(ctx.get('content-length'));
        records?.assertRoom(accountOf(ctx), 'files');
        const file = await forms.upload(accountOf(ctx), { body: ctx.req, boundary, declaredLength: length });
        return presentFile(file, urls);
      },
    },
  );
}
