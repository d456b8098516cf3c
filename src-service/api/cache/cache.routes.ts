import type Router from '@koa/router';
import type { Db } from '../../db/open';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { createCacheRepo } from '../../cache/cache-repo';
import { cacheEndpoints } from '../../contract/endpoints/cache';
import { presentCacheStats } from './cache.presenter';

/** `/v1/cache` (FFDesk): result-cache statistics, and clearing it (docs/presets.md). */
export function cacheRoutes(deps: { db: Db }): Router {
  const repo = createCacheRepo(deps.db);
  return mountEndpoints(createRouter(), cacheEndpoints, {
    getCacheStats: (ctx) => presentCacheStats(repo.stats(accountOf(ctx).id)),
    // Forgets the entries and counters only: the outputs they pointed at stay, owned by their commands.
    clearCache: (ctx) => {
      repo.clear(accountOf(ctx).id);
      ctx.status = 204;
    },
  });
}
