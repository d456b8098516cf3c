import type Router from '@koa/router';
import type { UrlBuilder } from '../../files/urls';
import type { createFormUploads } from '../../files/form-upload';
import type { RecordBudget } from '../../accounts/record-limits';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { presentFile } from './files.presenter';
import { fileFactEndpoints } from '../../contract/endpoints/file-facts';
import { assertLocalOnly } from '../../local/local-only';
import { localFileAt } from '../../local/open-file';

export interface LocalOpenDeps {
  forms: ReturnType<typeof createFormUploads>;
  urls: UrlBuilder;
  records: RecordBudget;
  /** The address the service is bound to. */
  host: string;
  localAccountId(): string | undefined;
}

/**
 * `POST /v1/local/open`: a media file of the user's disk stored without an upload (docs/api.md,
 * "Local folders"), for the local account of a loopback service only, like the folder picker.
 */
export function localOpenRoutes(deps: LocalOpenDeps): Router {
  return mountEndpoints(
    createRouter(),
    { openLocalFile: fileFactEndpoints.openLocalFile },
    {
      openLocalFile: async (ctx, input) => {
        const account = accountOf(ctx);
        // The refusal comes before the path is looked at: another account learns nothing of the disk.
        assertLocalOnly(account.id, deps.localAccountId(), deps.host);
        const file = await localFileAt(input.body.path);
        deps.records.assertRoom(account, 'files');
        return presentFile((await deps.forms.fromDisk(account, file)).file, deps.urls);
      },
    },
  );
}
