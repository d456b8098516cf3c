import { z } from 'zod';
import { Progress } from './events.schema';
import { EditBody, EditResult } from './edits.schema';
import { RunChainedBody, RunCommandBody } from './commands.schema';
import { CommandFailureSchema, CommandStatusSchema, CommandTypeSchema, FileFailureSchema, FileStatusSchema, FileTypeSchema, StoreTypeSchema } from './enums';

/**
 * Response shapes (docs/api.md §2.1, 2.2, 2.4 + docs/choices.md: Records, wire conventions). The OpenAPI
 * document is generated from these, and the contract test validates real responses against
 * that document, so a presenter that drifts from them fails a test.
 */
export const ErrorBody = z
  .object({ detail: z.string(), hint: z.string().optional().describe('FFDesk: advice for people; `detail` stays the documented text clients compare') })
  .meta({ description: 'Every non-422 error: {"detail": "<message>"}' });

export const ValidationErrorBody = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number().int()])).describe('Where: ["body", "input_files", "in_1"], ["query", "limit"] ...'),
        msg: z.string(),
        type: z.string(),
      }),
    ),
  })
  .meta({ description: 'docs/api.md §2.4: the 422 body' });

const fileStatus = FileStatusSchema;
const fileType = FileTypeSchema;

export const StoredFile = z
  .object({
    file_id: z.string(),
    storage_url: z.string().nullable().describe('null when private (without presigned_ttl_seconds) or deleted'),
    status: fileStatus,
    service_store_type: StoreTypeSchema,
    is_deleted: z.boolean(),
    is_private: z.boolean(),
    created_at: z.string(),
    filename: z.string(),
    size_mbytes: z.number().describe('bytes / 1048576; 0 while nothing is stored (a failed or unfinished file)'),
    size_compressed_mbytes: z.number().optional(),
    file_count: z.number().int().optional(),
    file_type: fileType.optional(),
    file_format: z.string().optional(),
    mime_type: z.string().optional(),
    width: z.number().int().optional(),
    height: z.number().int().optional(),
    display_width: z
      .number()
      .int()
      .optional()
      .describe(
        "FFDesk: the width players show, only where a display matrix turns the picture a quarter (a phone's portrait video: width and height are as stored)",
      ),
    display_height: z.number().int().optional().describe('FFDesk: the height players show, with display_width'),
    duration: z.number().optional(),
    codec: z.string().optional(),
    frame_rate: z.number().optional(),
    bitrate_video_kb: z.number().optional(),
    bitrate_audio_kb: z.number().optional(),
    is_varying_frame_rate: z.boolean().optional(),
    pixel_format: z.string().optional(),
    timebase: z.string().optional(),
    video_profile_level: z.string().optional(),
    sample_rate: z.number().int().optional(),
    channels: z.number().int().optional(),
    subtitle_tracks: z
      .number()
      .int()
      .optional()
      .describe('FFDesk: how many subtitle streams a video holds (0: none); absent for other files and for records stored before it was read'),
    original_file_url: z.string().optional(),
    error_status: FileFailureSchema.optional(),
    external_error_message: z.string().nullable().optional(),
    command_id: z.string().optional().describe('FFDesk: for an output, the command that made it'),
    content_hash: z.string().optional().describe('FFDesk: of an uploaded or fetched file once stored; the listing finds files by it (?content_hash=)'),
  })
  .meta({ description: 'docs/api.md §2.2: a stored file (command output or stored file). Fields that do not apply are left out.' });

export type StoredFileRecord = z.output<typeof StoredFile>;

const commandStatus = CommandStatusSchema;
const commandType = CommandTypeSchema;

/** One segment of a segmented encode (docs/scale-out.md, "Segmented encodes"). */
export const SegmentRecord = z.object({
  index: z.number().int(),
  start: z.number().describe('Seconds of input, at a keyframe'),
  end: z.number(),
  status: z.enum(['PENDING', 'RUNNING', 'DONE', 'REUSED']),
  worker: z.string().nullable().describe('Where it ran: "local:core<N>", or the id of the scale-out worker'),
  seconds: z.number().nullable().describe('Wall time of its encode'),
});
export type SegmentRecord = z.infer<typeof SegmentRecord>;

export const CommandRecord = z
  .object({
    command_id: z.string(),
    status: commandStatus,
    command_type: commandType,
    created_at: z.string(),
    vcpu_count: z.number().int(),
    original_request: z
      .union([RunCommandBody, RunChainedBody, EditBody])
      .describe('Echo of the submitted body (one command of a run-multiple request; the edit of POST /v1/edits)'),
    total_processing_seconds: z.number().optional(),
    ffmpeg_command_run_seconds: z.number().optional(),
    output_files: z.record(z.string(), StoredFile).optional().describe('When SUCCESS: output alias (or OUTPUT_FOLDER) to stored file'),
    error_status: CommandFailureSchema.nullable().optional().describe('When FAILED'),
    error_message: z.string().nullable().optional().describe('When FAILED'),
    progress: Progress.optional().describe('While PROCESSING (FFDesk)'),
    name: z.string().optional().describe('FFDesk: the name given at submit or by PATCH, else one derived from the command'),
    cache_hit: z.literal(true).optional().describe('FFDesk: the outputs were reused from an identical earlier run'),
    cached_from_command_id: z.string().optional().describe('FFDesk: the command whose outputs a cache hit shares'),
    edit: EditResult.optional().describe('FFDesk: for a POST /v1/edits command, once the job has planned the cut'),
    segments: z.array(SegmentRecord).optional().describe("FFDesk: a segmented encode's segments, once the job has planned them (docs/scale-out.md)"),
    segments_reused: z.number().int().optional().describe('FFDesk: segments of a segmented encode kept from a run before a restart'),
  })
  .meta({ description: 'docs/api.md §2.1: the poll body' });

export const CommandListItem = z
  .object({
    command_id: z.string(),
    status: commandStatus,
    command_type: commandType,
    created_at: z.string(),
    error_status: CommandFailureSchema.nullable(),
    error_message: z.string().nullable(),
    output_file_count: z.number().int(),
    storage_quota_used: z.number().describe('GB'),
    processing_quota_used: z.number().describe('GB'),
    progress: Progress.optional(),
    name: z.string().optional().describe('FFDesk: as in the command record'),
    preview: z
      .object({ file_id: z.string(), file_type: z.enum(['video', 'image']), storage_url: z.string().nullable() })
      .optional()
      .describe('FFDesk: the first stored image or video output, for a thumbnail (private ones signed for 1 hour)'),
    cache_hit: z.literal(true).optional(),
    cached_from_command_id: z.string().optional(),
  })
  .meta({ description: 'A row of GET /v1/commands (docs/choices.md: list commands)' });

export const SubmitResponse = z.object({ command_id: z.string() });
export const ChainedSubmitResponse = z.object({ command_ids: z.array(z.string()), command_id: z.string() });
export const MultipleSubmitResponse = z.object({ command_ids: z.array(z.string()).describe('One id per command, in the order sent') });
export const FileIdResponse = z.object({ file_id: z.string() });
export const InitUploadResponse = z.object({
  file_id: z.string(),
  part_size: z.number().int(),
  upload_urls: z.array(z.string()),
  part_count: z.number().int().optional().describe('FFDesk: the number of parts (= upload_urls.length)'),
  expires_at: z.string().optional().describe('FFDesk: when the part URLs stop working (6 h)'),
});
export const CompleteUploadResponse = z.union([StoredFile, z.object({ file_id: z.string(), status: fileStatus })]);
/** The file record; only its id and FAILED if the file was deleted while the abort ran. */
export const AbortUploadResponse = z.union([StoredFile, z.object({ file_id: z.string(), status: z.literal('FAILED') })]);
export const BulkDeleteResponse = z.object({ deleted_file_ids: z.array(z.string()) });

export type CommandRecordWire = z.output<typeof CommandRecord>;
export type CommandListItemWire = z.output<typeof CommandListItem>;
