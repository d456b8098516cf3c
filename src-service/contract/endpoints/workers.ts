import { defineEndpoints } from '../endpoint';
import { WorkersList } from '../workers.schema';
import { errors, json } from '../responses';

/** Scale-out (docs/scale-out.md). The `/v1/worker/...` routes workers call take a worker token, not a key: worker-protocol.ts. */
export const workerEndpoints = defineEndpoints({
  listWorkers: {
    method: 'get',
    path: '/v1/workers',
    tag: 'System',
    summary: 'Scale-out workers: host, ffmpeg version, hardware encoders, cores, running jobs, last seen',
    responses: { '200': json('The workers this service has heard from', WorkersList), ...errors(401) },
  },
});
