import Router from '@koa/router';
import type { AppDeps } from '../../deps';
import { accountOf } from '../middleware/auth';
import { createCacheRepo } from '../../cache/cache-repo';

/** `/v1/cache` (FFDesk): result-cache statistics, and clearing it (docs/presets.md). */
export function cacheRoutes(deps: Pick<AppDeps, 'db'>): Router {
  const router = new Router({ prefix: '/v1' });
  const repo = createCacheRepo(deps.db);

  router.get('/cache', (ctx) => {
    ctx.body = repo.stats(accountOf(ctx).id);
  });

  // Forgets the entries and counters only: the outputs they pointed at stay, owned by their commands.
  router.delete('/cache', (ctx) => {
    repo.clear(accountOf(ctx).id);
    ctx.status = 204;
  });

  return router;
}
