import type { ServiceModule } from './module';
import { presetRoutes } from '../../api/presets/presets.routes';
import { cacheRoutes } from '../../api/cache/cache.routes';
import { batchRoutes } from '../../api/batches/batches.routes';
import { watchRoutes } from '../../api/watch/watch.routes';
import { createBatches, type BatchDeps } from '../../batches/batches';
import { createBatchesRepo } from '../../batches/batches-repo';
import { createWatchFolders, type WatchFoldersDeps } from '../../watch/watch-folders';
import { createPresets } from '../../presets/presets';
import { createPresetsRepo } from '../../presets/presets-repo';

export type PresetsDeps = BatchDeps & WatchFoldersDeps;

/** Presets, batches, the result cache's routes and watch folders: the features built on presets. */
export function createPresetsModule(deps: PresetsDeps): ServiceModule {
  const presets = createPresets(createPresetsRepo(deps.db));
  const batches = createBatches(deps, presets, createBatchesRepo(deps.db));
  const watch = createWatchFolders(deps, presets);
  return {
    name: 'presets, batches and watch folders',
    routers: [presetRoutes(deps.submit, presets), batchRoutes(deps, batches), cacheRoutes(deps), watchRoutes(watch)],
    start: () => watch.start(),
    stop: () => watch.stop(),
  };
}
