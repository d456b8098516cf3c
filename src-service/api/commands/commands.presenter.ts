import type { CommandRow } from '../../db/commands-repo';
import type { FileRow, OutputStats } from '../../db/files-repo';
import type { UrlBuilder } from '../../files/urls';
import { presentFile } from '../files/files.presenter';
import { mediaOf } from '../../files/storage-access';
import { deriveJobName } from '../../jobs/job-name';
import type { CommandListItemWire, CommandRecordWire } from '../../contract/records.schema';

type Preview = NonNullable<CommandListItemWire['preview']>;

const GB = 1024 ** 3;

/** The command record of docs/api.md §2.1 + docs/decisions.md (States, Records). */
export function presentCommand(row: CommandRow, outputs: FileRow[], urls: UrlBuilder, presignTtlSeconds?: number): CommandRecordWire {
  const out: CommandRecordWire = {
    command_id: row.id,
    status: row.status,
    command_type: row.command_type,
    created_at: row.created_at,
    vcpu_count: row.vcpu_count,
    original_request: JSON.parse(row.request_json) as Record<string, unknown>,
    name: nameOf(row),
  };
  if (row.total_processing_seconds !== null) out.total_processing_seconds = round3(row.total_processing_seconds);
  if (row.ffmpeg_command_run_seconds !== null) out.ffmpeg_command_run_seconds = round3(row.ffmpeg_command_run_seconds);
  if (row.status === 'SUCCESS') {
    out.output_files = Object.fromEntries(outputs.map((f) => [f.output_alias ?? f.filename, presentFile(f, urls, presignTtlSeconds)]));
  }
  if (row.status === 'FAILED') {
    out.error_status = row.error_status;
    out.error_message = row.error_message;
  }
  if (row.status === 'PROCESSING' && row.progress_json) out.progress = JSON.parse(row.progress_json) as CommandRecordWire['progress'];
  return Object.assign(out, cacheFields(row));
}

/** A row of `GET /v1/commands` (docs/decisions.md: list commands). */
export function presentCommandListItem(row: CommandRow, outputs: OutputStats | undefined, preview?: Preview): CommandListItemWire {
  const item: CommandListItemWire = {
    command_id: row.id,
    name: nameOf(row),
    status: row.status,
    command_type: row.command_type,
    created_at: row.created_at,
    error_status: row.error_status,
    error_message: row.error_message,
    output_file_count: outputs?.count ?? 0,
    storage_quota_used: round3((outputs?.storageBytes ?? 0) / GB, 9),
    processing_quota_used: round3(row.processing_bytes / GB, 9),
  };
  if (row.status === 'PROCESSING' && row.progress_json) item.progress = JSON.parse(row.progress_json) as CommandListItemWire['progress'];
  if (preview) item.preview = preview;
  return Object.assign(item, cacheFields(row));
}

/** FFDesk: a result-cache hit says so, and names the command whose outputs it shares (docs/presets.md). */
function cacheFields(row: CommandRow): { cache_hit?: true; cached_from_command_id?: string } {
  return row.cached_from_command_id ? { cache_hit: true as const, cached_from_command_id: row.cached_from_command_id } : {};
}

/** FFDesk: the name given, else one derived from the request (commands/job-name.ts). */
function nameOf(row: CommandRow): string {
  if (row.name) return row.name;
  try {
    return deriveJobName(JSON.parse(row.request_json) as Record<string, unknown>);
  } catch {
    return 'ffmpeg job';
  }
}

/** Private previews get a short-lived signed URL: the list is read by the account's own key. */
const PREVIEW_TTL_SECONDS = 3600;

/**
 * FFDesk: per command, its first stored image or video output, for a thumbnail in job
 * lists: `{file_id, file_type, storage_url}`.
 */
export function listPreviews(outputs: FileRow[], urls: UrlBuilder): Map<string, Preview> {
  const previews = new Map<string, Preview>();
  for (const f of outputs) {
    if (!f.command_id || previews.has(f.command_id)) continue;
    const fileType = mediaOf(f).file_type;
    if (fileType !== 'video' && fileType !== 'image') continue;
    previews.set(f.command_id, { file_id: f.id, file_type: fileType, storage_url: urls.storageUrl(f, PREVIEW_TTL_SECONDS) });
  }
  return previews;
}

function round3(n: number, digits = 3): number {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}
