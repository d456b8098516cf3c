import type { Command } from '../../jobs/commands-repo';
import type { StoredFile, OutputStats } from '../../files/files-repo';
import type { UrlBuilder } from '../../files/urls';
import { presentFile } from '../files/files.presenter';
import { mediaOf } from '../../files/storage-access';
import { deriveJobName, unknownFilterIn } from '../../jobs/job-name';
import type { CommandListItemWire, CommandRecordWire } from '../../contract/records.schema';

type Preview = NonNullable<CommandListItemWire['preview']>;

const GB = 1024 ** 3;

/** The command record of docs/api.md §2.1 + docs/choices.md (States, Records). */
export function presentCommand(row: Command, outputs: StoredFile[], urls: UrlBuilder, presignTtlSeconds?: number): CommandRecordWire {
  const out: CommandRecordWire = {
    command_id: row.id,
    status: row.status,
    command_type: row.commandType,
    created_at: row.createdAt,
    vcpu_count: row.vcpuCount,
    original_request: row.request,
    name: nameOf(row),
  };
  if (row.totalProcessingSeconds !== null) out.total_processing_seconds = round3(row.totalProcessingSeconds);
  if (row.ffmpegCommandRunSeconds !== null) out.ffmpeg_command_run_seconds = round3(row.ffmpegCommandRunSeconds);
  if (row.status === 'SUCCESS') {
    out.output_files = Object.fromEntries(outputs.map((f) => [f.outputAlias ?? f.filename, presentFile(f, urls, presignTtlSeconds)]));
  }
  if (row.status === 'FAILED') {
    out.error_status = row.errorStatus;
    out.error_message = row.errorMessage;
  }
  if (row.status === 'PROCESSING' && row.progress) out.progress = row.progress;
  if (row.edit) out.edit = row.edit;
  if (row.segmented) Object.assign(out, { segments: row.segmented.segments, segments_reused: row.segmented.reused });
  return Object.assign(out, cacheFields(row));
}

/** A row of `GET /v1/commands` (docs/choices.md: list commands). */
export function presentCommandListItem(row: Command, outputs: OutputStats | undefined, preview?: Preview): CommandListItemWire {
  const item: CommandListItemWire = {
    command_id: row.id,
    name: nameOf(row),
    status: row.status,
    command_type: row.commandType,
    created_at: row.createdAt,
    error_status: row.errorStatus,
    error_message: row.errorMessage,
    output_file_count: outputs?.count ?? 0,
    storage_quota_used: round3((outputs?.storageBytes ?? 0) / GB, 9),
    processing_quota_used: round3(row.processingBytes / GB, 9),
  };
  if (row.status === 'PROCESSING' && row.progress) item.progress = row.progress;
  if (preview) item.preview = preview;
  return Object.assign(item, cacheFields(row));
}

/** FFDesk: a result-cache hit says so, and names the command whose outputs it shares (docs/presets.md). */
function cacheFields(row: Command): { cache_hit?: true; cached_from_command_id?: string } {
  return row.cachedFromCommandId ? { cache_hit: true as const, cached_from_command_id: row.cachedFromCommandId } : {};
}

/** FFDesk: the name given, else one derived from the request (commands/job-name.ts). */
function nameOf(row: Command): string {
  if (row.name) return row.name;
  try {
    return deriveJobName(row.request, row.status === 'FAILED' ? unknownFilterIn(row.errorMessage) : null);
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
export function listPreviews(outputs: StoredFile[], urls: UrlBuilder): Map<string, Preview> {
  const previews = new Map<string, Preview>();
  for (const f of outputs) {
    if (!f.commandId || previews.has(f.commandId)) continue;
    const fileType = mediaOf(f).file_type;
    if (fileType !== 'video' && fileType !== 'image') continue;
    previews.set(f.commandId, { file_id: f.id, file_type: fileType, storage_url: urls.storageUrl(f, PREVIEW_TTL_SECONDS) });
  }
  return previews;
}

function round3(n: number, digits = 3): number {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}
