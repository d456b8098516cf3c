import Router from '@koa/router';
import { accountOf } from '../middleware/auth';
import { jsonBody } from '../middleware/json-body';
import { parseInput } from '../validate';
import type { WatchFolders } from '../../watch/watch-folders';
import { CreateWatchFolderBody, WatchIdParams } from '../../contract/watch.schema';

/** `/v1/watch-folders` (FFDesk): folders whose new files run a preset (docs/presets.md). */
export function watchRoutes(watch: WatchFolders): Router {
  const router = new Router({ prefix: '/v1' });

  router.get('/watch-folders', (ctx) => {
    ctx.body = watch.list(accountOf(ctx).id);
  });

  router.post('/watch-folders', jsonBody, (ctx) => {
    ctx.body = watch.create(accountOf(ctx), parseInput(CreateWatchFolderBody, ctx.state.body, 'body'));
  });

  router.get('/watch-folders/:watch_id', (ctx) => {
    const { watch_id } = parseInput(WatchIdParams, ctx.params, 'path');
    ctx.body = watch.get(accountOf(ctx).id, watch_id);
  });

  router.delete('/watch-folders/:watch_id', async (ctx) => {
    const { watch_id } = parseInput(WatchIdParams, ctx.params, 'path');
    await watch.remove(accountOf(ctx).id, watch_id);
    ctx.status = 204;
  });

  return router;
}
