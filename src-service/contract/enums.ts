import { z } from 'zod';

/**
 * Every status and kind the `/v1` wire carries, once. The service's state tables, the
 * response schemas, the typed client and the renderer all read these (docs/api.md).
 */
export const COMMAND_STATUSES = ['QUEUED', 'PROCESSING', 'SUCCESS', 'FAILED'] as const;
export const CommandStatusSchema = z.enum(COMMAND_STATUSES);
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const CommandTypeSchema = z.enum(['FFMPEG_COMMAND', 'FFMPEG_CHAINED_COMMANDS']);
export type CommandType = z.infer<typeof CommandTypeSchema>;

export const FILE_STATUSES = ['QUEUED', 'DOWNLOADING', 'DOWNLOADED', 'UPLOADING', 'UPLOADED', 'STORED', 'FAILED'] as const;
export const FileStatusSchema = z.enum(FILE_STATUSES);
export type FileStatus = (typeof FILE_STATUSES)[number];

export const FileTypeSchema = z.enum(['video', 'audio', 'image', 'subtitles', 'zip', 'output_manifest', 'other']);
export type FileType = z.infer<typeof FileTypeSchema>;

export const StoreTypeSchema = z.enum(['OUTPUT', 'STORED_FILE']);
export type ServiceStoreType = z.infer<typeof StoreTypeSchema>;

/** Why a command ended FAILED (`error_status` of a command record). */
export const COMMAND_FAILURES = [
  'UNREACHABLE_INPUT_FILE',
  'INVALID_INPUT_FILE',
  'PROCESSING_ERROR',
  'MISSING_OUTPUT_FILE',
  'TIMEOUT',
  'CANCELLED',
  'QUOTA_EXCEEDED',
  'INTERRUPTED',
] as const;
export const CommandFailureSchema = z.enum(COMMAND_FAILURES);
export type CommandErrorStatus = (typeof COMMAND_FAILURES)[number];
export function isCommandFailure(status: string): status is CommandErrorStatus {
  return (COMMAND_FAILURES as readonly string[]).includes(status);
}

/** Why a stored file ended FAILED: the command reasons that apply to a download, and the upload and storage ones. */
export const FILE_FAILURES = [...COMMAND_FAILURES, 'UPLOAD_ABORTED', 'UPLOAD_EXPIRED', 'STORAGE_ERROR'] as const;
export const FileFailureSchema = z.enum(FILE_FAILURES);
export type FailureStatus = (typeof FILE_FAILURES)[number];

export const PlanSchema = z.enum(['trial', 'pro']);
export type Plan = z.infer<typeof PlanSchema>;

export const DeliveryStatusSchema = z.enum(['PENDING', 'DELIVERED', 'FAILED']);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;
