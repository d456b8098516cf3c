import { DEAD_INPUT } from './fuzz-arbitraries';

/**
 * Every route of the service, as listed by api/**\/*.routes.ts, extensions.ts and the
 * OpenAPI operations (api/openapi/operations*.ts), with its query keys and body kind.
 * fuzz.service.test.ts checks this list against /v1/openapi.json so a new route cannot be
 * left out of the fuzzing.
 */
export type BodyKind = 'run' | 'chained' | 'multiple' | 'bulk' | 'store' | 'init' | 'complete' | 'webhook' | 'key' | 'rename' | 'preset' | 'preset-run' | 'preset-import' | 'batch' | 'watch' | 'none';

export interface Route {
  method: string;
  path: string;
  query?: string[];
  /** The JSON body it takes; 'none' routes are still sent bodies (they must ignore or refuse them). */
  body?: BodyKind;
}

export const ROUTES: Route[] = [
  { method: 'POST', path: '/v1/run-ffmpeg-command', query: ['dry_run'], body: 'run' },
  { method: 'POST', path: '/v1/run-chained-ffmpeg-commands', query: ['dry_run'], body: 'chained' },
  { method: 'POST', path: '/v1/run-multiple-ffmpeg-commands', body: 'multiple' },
  { method: 'GET', path: '/v1/commands', query: ['limit', 'offset', 'q'] },
  { method: 'GET', path: '/v1/commands/{command_id}', query: ['presigned_ttl_seconds'] },
  { method: 'PATCH', path: '/v1/commands/{command_id}', body: 'rename' },
  { method: 'GET', path: '/v1/poll-command/{command_id}', query: ['presigned_ttl_seconds'] },
  { method: 'POST', path: '/v1/commands/{command_id}/cancel', body: 'none' },
  { method: 'GET', path: '/v1/commands/{command_id}/log' },
  { method: 'DELETE', path: '/v1/commands/{command_id}/files' },
  { method: 'GET', path: '/v1/commands/{command_id}/files.zip' },
  { method: 'GET', path: '/v1/files', query: ['limit', 'offset', 'status'] },
  { method: 'GET', path: '/v1/files/{file_id}', query: ['presigned_ttl_seconds'] },
  { method: 'DELETE', path: '/v1/files/{file_id}' },
  { method: 'POST', path: '/v1/files/bulk-delete', body: 'bulk' },
  { method: 'POST', path: '/v1/files/store-file', body: 'store' },
  { method: 'POST', path: '/v1/files/upload', body: 'none' },
  { method: 'POST', path: '/v1/files/init-upload', body: 'init' },
  { method: 'POST', path: '/v1/files/{file_id}/complete-upload', body: 'complete' },
  { method: 'POST', path: '/v1/files/{file_id}/abort-upload', body: 'none' },
  { method: 'PUT', path: '/uploads/{file_id}/parts/{part_number}', query: ['token'] },
  { method: 'GET', path: '/storage/{file_id}/{name}' },
  { method: 'GET', path: '/storage/s/{token}/{file_id}/{name}' },
  { method: 'GET', path: '/v1/webhook' },
  { method: 'PUT', path: '/v1/webhook', body: 'webhook' },
  { method: 'DELETE', path: '/v1/webhook' },
  { method: 'GET', path: '/v1/webhook/deliveries', query: ['limit', 'offset'] },
  { method: 'POST', path: '/v1/webhook/deliveries/{delivery_id}/replay', body: 'none' },
  { method: 'POST', path: '/v1/webhook/test', body: 'none' },
  { method: 'GET', path: '/v1/keys' },
  { method: 'POST', path: '/v1/keys', body: 'key' },
  { method: 'DELETE', path: '/v1/keys/{key_id}' },
  { method: 'GET', path: '/v1/events', query: ['last_event_id'] },
  { method: 'GET', path: '/v1/account' },
  { method: 'GET', path: '/v1/system' },
  { method: 'GET', path: '/v1/capabilities' },
  { method: 'GET', path: '/v1/workers' },
  { method: 'GET', path: '/v1/health' },
  { method: 'GET', path: '/v1/openapi.json' },
  { method: 'GET', path: '/docs' },
  { method: 'GET', path: '/v1/presets' },
  { method: 'POST', path: '/v1/presets', body: 'preset' },
  { method: 'POST', path: '/v1/presets/import', body: 'preset-import' },
  { method: 'GET', path: '/v1/presets/{name}', query: ['version'] },
  { method: 'GET', path: '/v1/presets/{name}/versions' },
  { method: 'GET', path: '/v1/presets/{name}/export', query: ['version'] },
  { method: 'PUT', path: '/v1/presets/{name}', body: 'preset' },
  { method: 'DELETE', path: '/v1/presets/{name}' },
  { method: 'POST', path: '/v1/presets/{name}/run', body: 'preset-run' },
  { method: 'POST', path: '/v1/batches', body: 'batch' },
  { method: 'GET', path: '/v1/batches', query: ['limit', 'offset'] },
  { method: 'GET', path: '/v1/batches/{batch_id}' },
  { method: 'POST', path: '/v1/batches/{batch_id}/cancel', body: 'none' },
  { method: 'POST', path: '/v1/batches/{batch_id}/retry-failed', body: 'none' },
  { method: 'GET', path: '/v1/batches/{batch_id}/outputs.zip' },
  { method: 'GET', path: '/v1/cache' },
  { method: 'DELETE', path: '/v1/cache' },
  { method: 'GET', path: '/v1/watch-folders' },
  { method: 'POST', path: '/v1/watch-folders', body: 'watch' },
  { method: 'GET', path: '/v1/watch-folders/{watch_id}' },
  { method: 'DELETE', path: '/v1/watch-folders/{watch_id}' },
];

const PRESET_BODY = {
  name: 'fuzz', parameters: { height: { type: 'integer', default: 120, min: 16, max: 2160 } }, inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}_{height}p.mp4' }, steps: ['-i {{in_1}} -vf scale=-2:{{height}} {{out_1}}'],
};

/** A valid body per kind; inputs point at a port that refuses connections, so accepted commands fail fast. */
export function validBodies(): Record<Exclude<BodyKind, 'none'>, Record<string, unknown>> & { none: Record<string, unknown> } {
  return {
    run: { input_files: { in_1: DEAD_INPUT }, output_files: { out_1: 'o.mp4' }, ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}', vcpu_count: 1, max_command_run_seconds: 5, is_private: false },
    chained: { input_files: { in_1: DEAD_INPUT }, output_files: { out_1: 'a.mp4', out_2: 'b.mp4' }, ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{out_1}} {{out_2}}'], vcpu_count: 1, max_command_run_seconds: 5 },
    multiple: { input_files: { in_1: DEAD_INPUT }, output_files: { out_1: 'a.mp4', out_2: 'b.mp4' }, ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{in_1}} {{out_2}}'], vcpu_count: 1, max_command_run_seconds: 5 },
    bulk: { file_ids: ['00000000-0000-0000-0000-000000000000'] },
    store: { file_url: 'http://127.0.0.1:9/stored.mp4', is_private: false },
    init: { filename: 'f.bin', size_bytes: 10, part_size: 5 * 1024 * 1024, is_private: false },
    complete: { parts: [{ part_number: 1, etag: '"d41d8cd98f00b204e9800998ecf8427e"' }] },
    webhook: { url: 'http://127.0.0.1:9/hook' },
    key: { label: 'fuzz', plan: 'pro' },
    rename: { name: 'fuzzed job' },
    preset: PRESET_BODY,
    'preset-run': { input_files: { in_1: DEAD_INPUT }, parameters: { height: 240 }, max_command_run_seconds: 5 },
    'preset-import': { format: 'ffdesk-preset', format_version: 1, preset: PRESET_BODY },
    batch: { preset: 'transcode', parameters: { crf: 30 }, inputs: [DEAD_INPUT] },
    // A folder that does not exist: the fuzzer must never make the service watch real folders.
    watch: { folder: '/nonexistent/ffdesk-fuzz/in', output_folder: '/nonexistent/ffdesk-fuzz/out', preset: 'transcode', stable_seconds: 1 },
    none: {},
  };
}
