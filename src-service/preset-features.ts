import type { Router } from '@koa/router';
import type { AppDeps } from './deps';
import { presetRoutes } from './api/presets/presets.routes';
import { cacheRoutes } from './api/cache/cache.routes';
import { batchRoutes } from './api/batches/batches.routes';
import { watchRoutes } from './api/watch/watch.routes';
import { createBatches } from './batches/batches';
import { createBatchesRepo } from './batches/batches-repo';
import { createWatchFolders } from './watch/watch-folders';
import { createPresets } from './presets/presets';
import { createPresetsRepo } from './presets/presets-repo';

/** Presets, batches, the result cache and watch folders, mounted as one extension. */
export interface PresetFeatures {
  routers: Router[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function mountPresetFeatures(deps: AppDeps): PresetFeatures {
  const presets = createPresets(createPresetsRepo(deps.db));
  const batches = createBatches(deps, presets, createBatchesRepo(deps.db));
  const watch = createWatchFolders(deps, presets);
  return {
    routers: [presetRoutes(deps, presets), batchRoutes(deps, batches), cacheRoutes(deps), watchRoutes(watch)],
    start: () => watch.start(),
    stop: () => watch.stop(),
  };
}
