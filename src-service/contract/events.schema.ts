import { z } from 'zod';
import { laxInt } from './lax-number';
import { FileStatusSchema } from './enums';

export const EventsQuery = z.object({
  last_event_id: laxInt(z.number().int().min(0)).optional().describe('Same as the Last-Event-ID header (for clients that cannot set headers)'),
});

export const Progress = z
  .looseObject({
    percent: z.number().nullable().describe('null when the duration is unknown'),
    out_time_seconds: z.number().nullable().optional(),
    speed: z.number().nullable().optional(),
    fps: z.number().nullable().optional(),
    eta_seconds: z.number().nullable().optional(),
  })
  .describe('ffmpeg progress (-progress pipe:1), published at most every 250 ms');

export const CommandProgressEvent = z.object({ command_id: z.string(), progress: Progress });

export const FileEvent = z.object({
  file_id: z.string(),
  status: FileStatusSchema,
  is_deleted: z.boolean(),
});

export const WatchEvent = z.object({
  watch_id: z.string(),
  path: z.string().describe('The file name inside the watched folder'),
  status: z.enum(['RUNNING', 'DONE', 'FAILED', 'IGNORED']).describe('IGNORED: its extension is not taken by the folder'),
});
export type WatchEvent = z.infer<typeof WatchEvent>;
