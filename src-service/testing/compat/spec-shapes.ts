/**
 * The field tables of service-spec.md (2.1, 2.2, 2.4, 4.x responses) as data, and a checker
 * that reports every field whose type differs from the table. Written from the spec text,
 * independently of the service's own zod schemas, so the two cannot drift together.
 */
type Kind = 'string' | 'uuid' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'string|null';

interface Table {
  fields: Record<string, Kind>;
  /** Fields the spec says are always there. */
  always: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** docs/api.md §2.1 (+ docs/choices.md: created_at). */
export const COMMAND_RECORD: Table = {
  fields: {
    command_id: 'uuid',
    status: 'string',
    command_type: 'string',
    total_processing_seconds: 'number',
    ffmpeg_command_run_seconds: 'number',
    vcpu_count: 'integer',
    output_files: 'object',
    original_request: 'object',
    created_at: 'string',
  },
  always: ['command_id', 'status', 'command_type', 'vcpu_count', 'original_request'],
};

/** docs/api.md §2.2: "is_private ... appears in every response that returns the file"; storage_url always (docs/choices.md). */
export const STORED_FILE: Table = {
  fields: {
    file_id: 'uuid',
    storage_url: 'string|null',
    status: 'string',
    service_store_type: 'string',
    is_deleted: 'boolean',
    is_private: 'boolean',
    size_mbytes: 'number',
    file_type: 'string',
    file_format: 'string',
    width: 'integer',
    height: 'integer',
    duration: 'number',
    codec: 'string',
    frame_rate: 'number',
    bitrate_video_kb: 'number',
    bitrate_audio_kb: 'number',
    is_varying_frame_rate: 'boolean',
    file_count: 'integer',
    size_compressed_mbytes: 'number',
  },
  always: ['file_id', 'storage_url', 'status', 'is_deleted', 'is_private'],
};

/** docs/api.md §4.8a. */
export const INIT_UPLOAD: Table = { fields: { file_id: 'uuid', part_size: 'integer', upload_urls: 'array' }, always: ['file_id', 'part_size', 'upload_urls'] };

function isKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'integer':
      return Number.isInteger(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string|null':
      return value === null || typeof value === 'string';
    default:
      return typeof value === kind;
  }
}

/** Problems of one object against a spec table (missing "always" fields, wrong types). */
export function checkTable(value: unknown, table: Table, where = '$'): string[] {
  if (!isKind(value, 'object')) return [`${where}: not an object`];
  const obj = value as Record<string, unknown>;
  const problems = table.always.filter((f) => !(f in obj)).map((f) => `${where}.${f}: missing`);
  for (const [field, kind] of Object.entries(table.fields)) {
    if (field in obj && !isKind(obj[field], kind)) problems.push(`${where}.${field}: expected ${kind}, got ${JSON.stringify(obj[field])}`);
  }
  return problems;
}

/** A command record and each of its output files (docs/api.md §2.1 output_files -> 2.2). */
export function checkCommandRecord(value: unknown): string[] {
  const problems = checkTable(value, COMMAND_RECORD);
  const outputs = (value as { output_files?: Record<string, unknown> }).output_files ?? {};
  for (const [alias, file] of Object.entries(outputs)) problems.push(...checkTable(file, STORED_FILE, `$.output_files.${alias}`));
  return problems;
}

/** docs/api.md §2.4: `detail` is a list of `{loc: (string|int)[], msg: string, type: string}`, all three required. */
export function checkValidationBody(value: unknown): string[] {
  const detail = (value as { detail?: unknown }).detail;
  if (!Array.isArray(detail) || detail.length === 0) return ['$.detail: not a non-empty array'];
  return detail.flatMap((item: { loc?: unknown; msg?: unknown; type?: unknown }, i) => {
    const locOk = Array.isArray(item.loc) && item.loc.every((p) => typeof p === 'string' || Number.isInteger(p));
    return locOk && typeof item.msg === 'string' && typeof item.type === 'string' ? [] : [`$.detail[${i}]: not {loc, msg, type}`];
  });
}
