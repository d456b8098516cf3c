import type Router from '@koa/router';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { workerEndpoints } from '../../contract/endpoints/workers';
import type { WorkersRepo } from '../../scale-out/workers-repo';

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
          ffmpeg_version: w.ffmpegVersion,
          hardware_encoders: w.hardwareEncoders,
          cores: w.cores,
          vcpus: w.vcpus,
          running_jobs: w.running.length,
          started_at: w.startedAt,
          last_seen_at: w.lastSeenAt,
          online: now - Date.parse(w.lastSeenAt) < ONLINE_WITHIN_MS,
        })),
      };
    },
  });
}
