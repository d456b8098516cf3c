import { z } from 'zod';

export const CacheStatsSchema = z.object({
  entries: z.number().int(),
  size_bytes: z.number().int().describe('Bytes of the stored outputs the entries point at (shared with those records, not extra)'),
  lookups: z.number().int(),
  hits: z.number().int(),
  hit_rate: z.number().nullable().describe('hits / lookups; null before the first lookup'),
});
