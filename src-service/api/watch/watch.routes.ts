import type Router from '@koa/router';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import type { WatchFolders } from '../../watch/watch-folders';
import { watchEndpoints } from '../../contract/endpoints/watch';
import { presentWatchFolder } from './watch.presenter';

/** `/v1/watch-folders` (FFDesk): folders whose new files run a preset (docs/presets.md). */
export function watchRoutes(watch: WatchFolders): Router {
  return mountEndpoints(createRouter(), watchEndpoints, {
    listWatchFolders: (ctx) => watch.list(accountOf(ctx).id).map(presentWatchFolder),
    createWatchFolder: (ctx, { body }) => presentWatchFolder(watch.create(accountOf(ctx), body)),
    getWatchFolder: (ctx, { params: { watch_id } }) => presentWatchFolder(watch.get(accountOf(ctx).id, watch_id)),
    deleteWatchFolder: async (ctx, { params: { watch_id } }) => {
      await watch.remove(accountOf(ctx).id, watch_id);
      ctx.status = 204;
    },
  });
}
