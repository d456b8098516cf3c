import type { Context, Next } from 'koa';
import type { AccountsRepo } from '../../db/accounts-repo';
import type { UrlBuilder } from '../../files/urls';
import { HttpError } from '../http-error';
import { boundaryOf } from '../../files/multipart-stream';
import type { createFormUploads } from '../../files/form-upload';
import { accountOf, requireApiKey } from '../middleware/auth';
import { closeAfterAnswer } from '../middleware/unread-body';
import { presentFile } from './files.presenter';
import { streamedEndpoints } from '../../contract/endpoints/streamed';

export const FORM_UPLOAD_PATH = streamedEndpoints.uploadFileForm.path;

/**
 * `POST /v1/files/upload` streams its own multipart body, so it runs before the JSON body
 * reader; the key is checked first all the same (the same middleware), and a refusal sent
 * before the body was read closes the connection after a linger so the client can read it.
 */
export function formUploadHandler(accounts: AccountsRepo, forms: ReturnType<typeof createFormUploads>, urls: UrlBuilder) {
  const authenticate = requireApiKey(accounts);
  return async function formUpload(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== FORM_UPLOAD_PATH) return next();
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      ctx.body = { detail: 'Method not allowed' };
      return;
    }
    try {
      await authenticate(ctx, async () => {
        const boundary = boundaryOf(ctx.get('content-type'));
        if (!boundary) throw new HttpError(415, 'Send the file as multipart/form-data in the upload_file field');
        const length = ctx.get('content-length') === '' ? null : Number(ctx.get('content-length'));
        const row = await forms.upload(accountOf(ctx), { body: ctx.req, boundary, declaredLength: length });
        ctx.body = presentFile(row, urls);
      });
    } catch (err) {
      if (!ctx.req.complete) closeAfterAnswer(ctx);
      throw err;
    }
  };
}
