import type { CacheStats } from '../../cache/cache-repo';

/** The wire record of GET /v1/cache: snake_case, with the hit rate to three decimals (null before any lookup). */
export function presentCacheStats(s: CacheStats) {
  return {
    entries: s.entries,
    size_bytes: s.sizeBytes,
    lookups: s.lookups,
    hits: s.hits,
    hit_rate: s.lookups === 0 ? null : Math.round((s.hits / s.lookups) * 1000) / 1000,
  };
}
