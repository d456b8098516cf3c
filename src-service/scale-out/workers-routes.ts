import type Router from '@koa/router';
import { createRouter, mountEndpoints } from '../api/mount-endpoints';
import { workerEndpoints } from '../contract/endpoints/workers';
import type { WorkersRepo } from './workers-repo';

/** A worker that has not reported for this long is shown as offline. */
export const ONLINE_WITHIN_MS = 30_000;

/**
 * `GET /v1/workers` (user key): the scale-out workers this service has heard from, for
 * scripts and the Settings page. Empty when the service runs commands itself.
 */
export function workersRoutes(deps: { workers: WorkersRepo | null }): Router {
  return mountEndpoints(createRouter(), workerEndpoints, {
    listWorkers: () => {
      const now = Date.now();
      return {
        queue: deps.workers ? ('redis' as const) : ('embedded' as const),
        workers: (deps.workers?.list() ?? []).map((w) => ({
          id: w.id,
          host: w.host,
          ffmpeg_version: w.ffmpeg_version,
          hardware_encoders: JSON.parse(w.hardware_encoders_json) as string[],
          cores: w.cores,
          vcpus: w.vcpus,
          running_jobs: (JSON.parse(w.running_json) as string[]).length,
          started_at: w.started_at,
          last_seen_at: w.last_seen_at,
          online: now - Date.parse(w.last_seen_at) < ONLINE_WITHIN_MS,
        })),
      };
    },
  });
}
