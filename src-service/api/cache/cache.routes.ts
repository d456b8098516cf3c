import Router from '@koa/router';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { accountOf } from '../middleware/auth';
import { createCacheRepo } from '../../cache/cache-repo';

export const CacheStatsSchema = z.object({
  entries: z.number().int(),
  size_bytes: z.number().int().describe('Bytes of the stored outputs the entries point at (shared with those records, not extra)'),
  lookups: z.number().int(),
  hits: z.number().int(),
  hit_rate: z.number().nullable().describe('hits / lookups; null before the first lookup'),
});

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
