/**
 * What the hosted service's official OpenAPI document requires of each response, written
 * down here by hand from reading it (its schema names are kept so the two can be compared):
 * which fields are required, which may be null, and their JSON types. The contract test
 * checks FFDesk's real responses field by field against these; extra fields are allowed
 * (clients of the hosted service ignore what they do not know).
 */
type Type = 'string' | 'uuid' | 'date-time' | 'number' | 'integer' | 'boolean' | 'object' | 'array';

interface Field {
  type: Type;
  required?: boolean;
  nullable?: boolean;
  /** For strings: the allowed values. */
  oneOf?: readonly string[];
  /** For objects whose values all follow one schema (output_files). */
  values?: Schema;
  /** For arrays. */
  items?: Field;
}

export type Schema = { name: string; fields: Record<string, Field> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const opt = (type: Type): Field => ({ type, nullable: true });

export const COMMAND_STATUSES = ['QUEUED', 'PROCESSING', 'FAILED', 'SUCCESS'] as const;

export const RendiStoredFile: Schema = {
  name: 'RendiStoredFile',
  fields: { file_id: { type: 'string', required: true }, size_mbytes: { type: 'number', required: true }, storage_url: opt('string') },
};

export const RendiStoredFileMetadata: Schema = {
  name: 'RendiStoredFileMetadata',
  fields: {
    ...RendiStoredFile.fields,
    is_deleted: opt('boolean'),
    duration: opt('number'),
    file_type: opt('string'),
    file_format: opt('string'),
    width: opt('integer'),
    height: opt('integer'),
    codec: opt('string'),
    frame_rate: opt('number'),
    bitrate_video_kb: opt('number'),
    bitrate_audio_kb: opt('number'),
    is_varying_frame_rate: opt('boolean'),
  },
};

export const CommandResponse: Schema = { name: 'CommandResponse', fields: { command_id: { type: 'uuid', required: true } } };

export const CommandsResponse: Schema = { name: 'CommandsResponse', fields: { command_ids: { type: 'array', required: true, items: { type: 'uuid' } } } };

export const CommandStatusResponse: Schema = {
  name: 'CommandStatusResponse',
  fields: {
    command_id: { type: 'string', required: true },
    status: { type: 'string', required: true, oneOf: COMMAND_STATUSES },
    original_request: { type: 'object', required: true },
    error_status: opt('string'),
    error_message: opt('string'),
    output_files: { type: 'object', nullable: true, values: RendiStoredFileMetadata },
    ffmpeg_command_run_seconds: opt('number'),
    total_processing_seconds: opt('number'),
  },
};

export const CommandsListItemResponse: Schema = {
  name: 'CommandsListItemResponse',
  fields: {
    command_id: { type: 'string', required: true },
    status: { type: 'string', required: true, oneOf: COMMAND_STATUSES },
    error_status: opt('string'),
    error_message: opt('string'),
    created_at: { type: 'date-time' },
  },
};

const ValidationErrorItem: Schema = {
  name: 'ValidationError',
  fields: { loc: { type: 'array', required: true }, msg: { type: 'string', required: true }, type: { type: 'string', required: true } },
};

export const HTTPValidationError: Schema = { name: 'HTTPValidationError', fields: { detail: { type: 'array', required: true } } };

/** The 401 example: `{"detail": "..."}`. */
export const DetailBody: Schema = { name: '401 body', fields: { detail: { type: 'string', required: true } } };

function typeProblem(value: unknown, f: Field): string | null {
  const ok = (() => {
    switch (f.type) {
      case 'uuid':
        return typeof value === 'string' && UUID.test(value);
      case 'date-time':
        return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value);
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'object':
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      case 'array':
        return Array.isArray(value);
      default:
        return typeof value === f.type;
    }
  })();
  if (!ok) return `expected ${f.type}, got ${JSON.stringify(value)}`;
  if (f.oneOf && !f.oneOf.includes(value as string)) return `${JSON.stringify(value)} is not one of ${f.oneOf.join(', ')}`;
  return null;
}

/** Every way `value` breaks `schema`, as `path: problem` lines (empty when it conforms). */
export function conform(value: unknown, schema: Schema, where = '$'): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${where}: ${schema.name} must be an object`];
  const obj = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [name, f] of Object.entries(schema.fields)) {
    const at = `${where}.${name}`;
    if (!(name in obj)) {
      if (f.required) problems.push(`${at}: required by ${schema.name}, missing`);
      continue;
    }
    const v = obj[name];
    if (v === null) {
      if (!f.nullable) problems.push(`${at}: null where ${schema.name} does not allow it`);
      continue;
    }
    const p = typeProblem(v, f);
    if (p) problems.push(`${at}: ${p}`);
    else if (f.values) for (const [k, item] of Object.entries(v as Record<string, unknown>)) problems.push(...conform(item, f.values, `${at}.${k}`));
    else if (f.items)
      (v as unknown[]).forEach((item, i) => {
        const q = typeProblem(item, f.items as Field);
        if (q) problems.push(`${at}[${i}]: ${q}`);
      });
  }
  if (schema === HTTPValidationError && Array.isArray(obj.detail)) {
    obj.detail.forEach((item, i) => {
      problems.push(...conform(item, ValidationErrorItem, `${where}.detail[${i}]`));
      const loc = (item as { loc?: unknown }).loc;
      if (Array.isArray(loc) && !loc.every((p) => typeof p === 'string' || Number.isInteger(p)))
        problems.push(`${where}.detail[${i}].loc: items must be strings or integers`);
    });
  }
  return problems;
}

/** A bare array whose items all follow `schema`. */
export function conformList(value: unknown, schema: Schema): string[] {
  if (!Array.isArray(value)) return [`$: expected an array of ${schema.name}`];
  return value.flatMap((item, i) => conform(item, schema, `$[${i}]`));
}
