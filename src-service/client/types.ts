/**
 * Wire types of the /v1 API, hand-written from docs/api.md + docs/decisions.md.
 * Field names are exactly the wire's (snake_case). Optional fields are left out by the
 * service when they do not apply (docs/decisions.md: Records), so they are `?` here.
 */
import type { BinaryChoiceInfo, HardwareEncoders } from './media-types';

export type * from './media-types';

export type CommandStatus = 'QUEUED' | 'PROCESSING' | 'SUCCESS' | 'FAILED';
export type CommandType = 'FFMPEG_COMMAND' | 'FFMPEG_CHAINED_COMMANDS';
export type CommandErrorStatus =
  | 'UNREACHABLE_INPUT_FILE'
  | 'INVALID_INPUT_FILE'
  | 'PROCESSING_ERROR'
  | 'MISSING_OUTPUT_FILE'
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'QUOTA_EXCEEDED'
  | 'INTERRUPTED';

export type FileStatus = 'QUEUED' | 'DOWNLOADING' | 'DOWNLOADED' | 'UPLOADING' | 'UPLOADED' | 'STORED' | 'FAILED';
export type FileType = 'video' | 'audio' | 'image' | 'subtitles' | 'zip' | 'output_manifest' | 'other';
export type ServiceStoreType = 'OUTPUT' | 'STORED_FILE';

/** Alias to file name, or the whole-folder mode of docs/api.md §4.10. */
export type OutputFiles = Record<string, string> | 'OUTPUT_FOLDER';

interface RequestCommon {
  input_files?: Record<string, string>;
  input_compressed_folder?: string;
  output_files: OutputFiles;
  vcpu_count?: number;
  max_command_run_seconds?: number;
  is_private?: boolean;
  /** FFDesk: a name for the job. */
  name?: string;
}

export interface RunCommandRequest extends RequestCommon {
  ffmpeg_command: string;
}

export interface RunChainedRequest extends RequestCommon {
  ffmpeg_commands: string[];
}

export type CommandRequest = RunCommandRequest | RunChainedRequest;

export interface CommandProgress {
  /** Null when the input duration is unknown. */
  percent: number | null;
  out_time_seconds: number | null;
  speed: number | null;
  fps: number | null;
  eta_seconds?: number | null;
}

/** docs/api.md §2.2 + docs/decisions.md (Records). */
export interface StoredFile {
  file_id: string;
  storage_url: string | null;
  status: FileStatus;
  service_store_type: ServiceStoreType;
  is_deleted: boolean;
  is_private: boolean;
  created_at: string;
  filename?: string;
  size_mbytes?: number;
  size_compressed_mbytes?: number;
  file_type?: FileType;
  file_format?: string;
  mime_type?: string;
  width?: number;
  height?: number;
  duration?: number;
  codec?: string;
  frame_rate?: number;
  bitrate_video_kb?: number;
  bitrate_audio_kb?: number;
  is_varying_frame_rate?: boolean;
  pixel_format?: string;
  timebase?: string;
  video_profile_level?: string;
  sample_rate?: number;
  channels?: number;
  file_count?: number;
  original_file_url?: string;
  error_status?: string;
  external_error_message?: string;
  /** FFDesk: for an output, the command that made it. */
  command_id?: string;
}

/** docs/api.md §2.1 + docs/decisions.md (Records). */
export interface CommandRecord {
  command_id: string;
  status: CommandStatus;
  command_type: CommandType;
  created_at: string;
  vcpu_count: number;
  total_processing_seconds?: number;
  ffmpeg_command_run_seconds?: number;
  output_files?: Record<string, StoredFile>;
  original_request: CommandRequest;
  error_status?: CommandErrorStatus | null;
  error_message?: string | null;
  progress?: CommandProgress;
  /** FFDesk: the name given, else one derived from the command. */
  name?: string;
}

/** FFDesk: a command's first image or video output, for a thumbnail in lists. */
export interface CommandPreview {
  file_id: string;
  file_type: 'video' | 'image';
  storage_url: string | null;
}

/** A row of `GET /v1/commands` (docs/decisions.md: list commands). Quota figures are GB. */
export interface CommandListItem {
  command_id: string;
  status: CommandStatus;
  command_type: CommandType;
  created_at: string;
  error_status: CommandErrorStatus | null;
  error_message: string | null;
  output_file_count: number;
  storage_quota_used: number;
  processing_quota_used: number;
  progress?: CommandProgress;
  /** FFDesk: see CommandRecord.name. */
  name?: string;
  /** FFDesk: present when the command has a stored image or video output. */
  preview?: CommandPreview;
}

export interface InitUploadRequest {
  filename: string;
  size_bytes: number;
  is_private?: boolean;
  part_size?: number;
}

export interface InitUploadResponse {
  file_id: string;
  part_size: number;
  upload_urls: string[];
}

export interface UploadedPart {
  part_number: number;
  etag: string;
}

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** The operating-system sandbox around ffmpeg and ffprobe. */
export interface SandboxStatus {
  mode: 'require' | 'prefer' | 'off';
  mechanism: 'bubblewrap' | 'sandbox-exec' | 'none';
  available: boolean;
  /** Why it is unavailable or off; null when ffmpeg runs confined. */
  reason: string | null;
  limits: 'prlimit' | null;
}

export interface Health {
  status: 'ok';
  version: string;
  ffmpeg_version: string;
  ffprobe_version: string;
  sandbox: SandboxStatus;
  ffmpeg: BinaryChoiceInfo;
  ffprobe: BinaryChoiceInfo;
}

export type Plan = 'pro' | 'trial';

export interface Account {
  account_id: string;
  plan: Plan;
  storage_quota_bytes: number | null;
  storage_used_bytes: number;
  processing_quota_bytes: number | null;
  processing_used_bytes: number;
  max_vcpu: number;
  vcpu_budget: number;
}

export interface SystemInfo {
  version: string;
  data_dir: string;
  ffmpeg_path: string;
  ffprobe_path: string;
  ffmpeg_version: string;
  ffprobe_version: string;
  vcpu_budget: number;
  sandbox: SandboxStatus;
  ffmpeg: BinaryChoiceInfo;
  ffprobe: BinaryChoiceInfo;
  hardware_encoders: HardwareEncoders;
}

export interface ApiKeyInfo {
  key_id: string;
  prefix: string;
  label?: string | null;
  plan: Plan;
  created_at: string;
  revoked_at: string | null;
  /** True for the key that made the request. */
  is_current?: boolean;
}

export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}

export interface WebhookConfig {
  url: string | null;
  /** Only in the answer to PUT: `whsec_` + base64 key. */
  secret?: string;
  created_at?: string;
}

export interface WebhookDelivery {
  /** Also the `webhook-id` header; the same on every retry. */
  delivery_id: string;
  /** The nil UUID for a test event. */
  command_id: string;
  url: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** Newer services may add fields; callers such as the CLI print them as they come. */
  [key: string]: unknown;
}

/** `GET /v1/events` payloads (FFDesk). */
export interface CommandProgressEvent {
  command_id: string;
  progress: CommandProgress;
}

export interface FileEvent {
  file_id: string;
  status: FileStatus;
  is_deleted: boolean;
}

export type ServiceEvent =
  | { type: 'command'; id: string; data: CommandListItem }
  | { type: 'command.progress'; id: string; data: CommandProgressEvent }
  | { type: 'file'; id: string; data: FileEvent };

/** `GET /v1/workers`: scale-out workers (docs/scale-out.md). */
export interface WorkerInfo {
  id: string;
  host: string;
  ffmpeg_version: string | null;
  hardware_encoders: string[];
  cores: number;
  vcpus: number;
  running_jobs: number;
  started_at: string;
  last_seen_at: string;
  online: boolean;
}

export interface WorkersList {
  queue: 'embedded' | 'redis';
  workers: WorkerInfo[];
}
