import type Router from '@koa/router';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { editEndpoints } from '../../contract/endpoints/edits';
import { submitEdit } from '../../edits/submit-edit';
import type { SubmitDeps } from '../../jobs/submit';

/** `POST /v1/edits` (docs/cutting.md): a cut becomes an ordinary command. */
export function editRoutes(submit: SubmitDeps): Router {
  return mountEndpoints(createRouter(), editEndpoints, {
    createEdit: async (ctx, { query, body }) => {
      const dryRun = query.dry_run === 'true';
      const id = await submitEdit(submit, accountOf(ctx), body, { dryRun });
      return id === null ? { dry_run: true as const } : { command_id: id };
    },
  });
}
