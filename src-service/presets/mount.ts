import type { Router } from '@koa/router';
import type { AppDeps } from '../deps';
import { presetRoutes } from '../api/presets/presets.routes';
import { createPresets } from './presets';
import { createPresetsRepo } from './presets-repo';
import { cacheRoutes } from '../api/cache/cache.routes';
import { batchRoutes } from '../api/batches/batches.routes';
import { createBatches } from '../batches/batches';
import { createBatchesRepo } from '../batches/batches-repo';

/** Presets, batches, the result cache and watch folders, mounted as one extension. */
export interface PresetFeatures {
  routers: Router[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function mountPresetFeatures(deps: AppDeps): PresetFeatures {
  const presets = createPresets(createPresetsRepo(deps.db));
  return {
    routers: [presetRoutes(deps, presets), batchRoutes(deps, createBatches(deps, presets, createBatchesRepo(deps.db))), cacheRoutes(deps)],
    async start() {},
    async stop() {},
  };
}
