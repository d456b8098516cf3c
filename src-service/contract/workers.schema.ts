import { z } from 'zod';

export const WorkerItem = z
  .object({
    id: z.string(),
    host: z.string(),
    ffmpeg_version: z.string().nullable(),
    hardware_encoders: z.array(z.string()).describe("Hardware encoders the worker's ffmpeg was built with (h264_nvenc, hevc_vaapi ...)"),
    cores: z.number().int(),
    vcpus: z.number().int().describe('The vcpu budget the worker takes commands for'),
    running_jobs: z.number().int(),
    started_at: z.string(),
    last_seen_at: z.string(),
    online: z.boolean().describe('Reported within the last 30 seconds'),
  })
  .meta({ id: 'Worker' });

export const WorkersList = z
  .object({
    queue: z.enum(['embedded', 'redis']).describe('embedded: the service runs commands itself; redis: scale-out workers take them from BullMQ'),
    workers: z.array(WorkerItem),
  })
  .meta({ id: 'WorkersList' });
