import { z } from 'zod';
import type { Operation } from './operation';
import { errors, json } from './responses';

const WorkerItem = z.object({
  id: z.string(),
  host: z.string(),
  ffmpeg_version: z.string().nullable(),
  hardware_encoders: z.array(z.string()).describe('Hardware encoders the worker\'s ffmpeg was built with (h264_nvenc, hevc_vaapi ...)'),
  cores: z.number().int(),
  vcpus: z.number().int().describe('The vcpu budget the worker takes commands for'),
  running_jobs: z.number().int(),
  started_at: z.string(),
  last_seen_at: z.string(),
  online: z.boolean().describe('Reported within the last 30 seconds'),
}).meta({ id: 'Worker' });

const WorkersList = z.object({
  queue: z.enum(['embedded', 'redis']).describe('embedded: the service runs commands itself; redis: scale-out workers take them from BullMQ'),
  workers: z.array(WorkerItem),
}).meta({ id: 'WorkersList' });

/** Scale-out (docs/scale-out.md). The `/v1/worker/...` routes workers call take a worker token, not a key, and are not listed here. */
export const WORKER_OPERATIONS: Operation[] = [
  { method: 'get', path: '/v1/workers', operationId: 'listWorkers', tag: 'System', summary: 'Scale-out workers: host, ffmpeg version, hardware encoders, cores, running jobs, last seen',
    responses: { '200': json('The workers this service has heard from', WorkersList), ...errors(401) } },
];
