import { z } from 'zod';
import type { FailureStatus } from './enums';

/**
 * The bodies of the worker protocol (`/v1/worker/...`, docs/scale-out.md): what a scale-out
 * worker sends the service with its worker token, and what it gets back.
 */

/** What a worker may report as the cause of a failed run. */
export const WORKER_FAILURE_STATUSES = [
  'UNREACHABLE_INPUT_FILE',
  'INVALID_INPUT_FILE',
  'PROCESSING_ERROR',
  'MISSING_OUTPUT_FILE',
  'TIMEOUT',
] as const satisfies readonly FailureStatus[];
export type WorkerFailureStatus = (typeof WORKER_FAILURE_STATUSES)[number];
export function isWorkerFailure(status: FailureStatus): status is WorkerFailureStatus {
  return (WORKER_FAILURE_STATUSES as readonly FailureStatus[]).includes(status);
}

export const WorkerHeartbeat = z.object({
  worker_id: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
  host: z.string().max(255),
  ffmpeg_version: z.string().max(255).nullable(),
  hardware_encoders: z.array(z.string().max(100)).max(200),
  cores: z.number().int().min(1).max(100_000),
  vcpus: z.number().int().min(1).max(100_000),
  running: z.array(z.string().max(100)).max(10_000),
});
export const WorkerRef = z.object({ worker_id: z.string().min(1).max(100) });
export const WorkerProgress = WorkerRef.extend({ progress: z.unknown().optional() });
export const WorkerInitFile = WorkerRef.extend({
  path: z.string().min(1).max(1024),
  size_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The piece of a segmented encode this file is (docs/scale-out.md, "Segmented encodes"); absent for a command's output. */
  segment: z.number().int().min(0).max(1_000_000).optional(),
});
export const WorkerCompleteFile = z.object({ etags: z.array(z.string().max(100)).max(100_000) });
export const WorkerComplete = WorkerRef.extend({
  produced: z.array(z.string().max(1024)).max(100_000),
  input_bytes: z.number().int().min(0),
  ffmpeg_seconds: z.number().min(0),
  log: z.string().max(10_000_000),
});
export const WorkerFail = WorkerRef.extend({
  error_status: z.enum(WORKER_FAILURE_STATUSES),
  error_message: z.string().max(100_000),
  log: z.string().max(10_000_000),
  ffmpeg_seconds: z.number().min(0),
  requeue: z.boolean().optional(),
});

export const WorkerOk = z.object({ ok: z.literal(true) });
/** The run plan of a claimed command (its steps, inputs and outputs), or why there is nothing to run. */
export const WorkerClaimAnswer = z.union([
  z.object({ plan: z.unknown().describe('The command as the worker runs it: steps, inputs, outputs, limits') }),
  z.object({ gone: z.string() }),
]);
export const WorkerCancel = z.object({ cancel: z.boolean() });
export const WorkerUploadInit = z.object({
  upload_id: z.string(),
  part_size: z.number().int(),
  part_count: z.number().int(),
  upload_urls: z.array(z.string()),
});
export const WorkerPartAnswer = z.object({ etag: z.string() });
export const WorkerCommandStatus = z.object({ status: z.string(), missing: z.array(z.string()).optional() });

/** A piece of a segmented encode run by a worker (docs/scale-out.md, "Segmented encodes"). */
export const WorkerSegmentDone = WorkerRef.extend({ ffmpeg_seconds: z.number().min(0), log: z.string().max(1_000_000) });
export const WorkerSegmentFail = WorkerRef.extend({
  error_status: z.enum(WORKER_FAILURE_STATUSES),
  error_message: z.string().max(100_000),
  log: z.string().max(1_000_000),
  ffmpeg_seconds: z.number().min(0),
  requeue: z.boolean().optional(),
});
export const WorkerSegmentClaimAnswer = z.union([
  z.object({ piece: z.unknown().describe('The piece as the worker runs it: the input URL, the encode arguments, the file to upload, limits') }),
  z.object({ gone: z.string() }),
]);
/**
 * `more`: whether pieces of the command are still waiting for a worker (false: the worker may drop its copy of the input).
 * `missing`: the uploaded piece is not there (the service restarted while it came in): upload it again and report again.
 */
export const WorkerSegmentStatus = z.object({ status: z.string(), more: z.boolean(), missing: z.boolean().optional() });
