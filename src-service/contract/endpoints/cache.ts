import { defineEndpoints } from '../endpoint';
import { CacheStatsSchema } from '../cache.schema';
import { errors, json, ok204 } from '../responses';

/** The result cache (docs/presets.md). */
export const cacheEndpoints = defineEndpoints({
  getCacheStats: {
    method: 'get',
    path: '/v1/cache',
    tag: 'Cache',
    summary: 'Result cache: entries, size and hit rate of the account',
    responses: { '200': json('Statistics', CacheStatsSchema), ...errors(401) },
  },
  clearCache: {
    method: 'delete',
    path: '/v1/cache',
    tag: 'Cache',
    summary: 'Forget every cache entry and the counters (outputs stay)',
    responses: { '204': ok204('Cleared'), ...errors(401) },
  },
});
