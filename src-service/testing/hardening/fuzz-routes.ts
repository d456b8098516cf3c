import { DEAD_INPUT } from './fuzz-arbitraries';
import { bodyKindOf, type Operation } from '../../contract/endpoint';
import { ENDPOINTS } from '../../contract/endpoints';

/**
 * Every route of the service, derived from the endpoint declarations
 * (src-service/contract/endpoints/): a new endpoint is fuzzed and walked by the key-check
 * tests without being listed here. Endpoints with a JSON body get a valid body of their kind
 * to mutate (an endpoint missing from BODY_KIND_OF is fuzzed from mutated `{x: 1}` bodies).
 */
export type BodyKind =
  | 'run'
  | 'chained'
  | 'multiple'
  | 'bulk'
  | 'store'
  | 'init'
  | 'complete'
  | 'webhook'
  | 'key'
  | 'rename'
  | 'preset'
  | 'preset-run'
  | 'preset-import'
  | 'batch'
  | 'watch'
  | 'edit'
  | 'none';

export interface Route {
  method: string;
  path: string;
  query?: string[];
  /** The JSON body it takes; 'none' routes are still sent bodies (they must ignore or refuse them). */
  body?: BodyKind;
}

/** Which valid body (validBodies) each endpoint with a JSON body schema starts from. */
const BODY_KIND_OF: Record<string, BodyKind> = {
  runFfmpegCommand: 'run',
  runChainedFfmpegCommands: 'chained',
  runMultipleFfmpegCommands: 'multiple',
  renameCommand: 'rename',
  bulkDeleteFiles: 'bulk',
  storeFile: 'store',
  initUpload: 'init',
  completeUpload: 'complete',
  putWebhook: 'webhook',
  createKey: 'key',
  createPreset: 'preset',
  updatePreset: 'preset',
  runPreset: 'preset-run',
  importPreset: 'preset-import',
  createBatch: 'batch',
  createWatchFolder: 'watch',
  createEdit: 'edit',
  uploadFileForm: 'none',
};

function routeOf(e: Operation): Route {
  const query = e.query ? Object.keys(e.query.shape) : undefined;
  const body = BODY_KIND_OF[e.operationId] ?? (bodyKindOf(e) === 'json' ? 'none' : undefined);
  return { method: e.method.toUpperCase(), path: e.path, ...(query ? { query } : {}), ...(body ? { body } : {}) };
}

/** The HTML API page is no endpoint of the API, but it is served, so it is fuzzed too. */
export const ROUTES: Route[] = [...ENDPOINTS.map(routeOf), { method: 'GET', path: '/docs' }];

const PRESET_BODY = {
  name: 'fuzz',
  parameters: { height: { type: 'integer', default: 120, min: 16, max: 2160 } },
  inputs: [{ alias: 'in_1' }],
  outputs: { out_1: '{name}_{height}p.mp4' },
  steps: ['-i {{in_1}} -vf scale=-2:{{height}} {{out_1}}'],
};

/** A valid body per kind; inputs point at a port that refuses connections, so accepted commands fail fast. */
export function validBodies(): Record<Exclude<BodyKind, 'none'>, Record<string, unknown>> & { none: Record<string, unknown> } {
  return {
    run: {
      input_files: { in_1: DEAD_INPUT },
      output_files: { out_1: 'o.mp4' },
      ffmpeg_command: '-i {{in_1}} -c copy {{out_1}}',
      vcpu_count: 1,
      max_command_run_seconds: 5,
      is_private: false,
    },
    chained: {
      input_files: { in_1: DEAD_INPUT },
      output_files: { out_1: 'a.mp4', out_2: 'b.mp4' },
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{out_1}} {{out_2}}'],
      vcpu_count: 1,
      max_command_run_seconds: 5,
    },
    multiple: {
      input_files: { in_1: DEAD_INPUT },
      output_files: { out_1: 'a.mp4', out_2: 'b.mp4' },
      ffmpeg_commands: ['-i {{in_1}} {{out_1}}', '-i {{in_1}} {{out_2}}'],
      vcpu_count: 1,
      max_command_run_seconds: 5,
    },
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
    edit: {
      input: DEAD_INPUT,
      segments: [{ start: 0, end: 1, name: 'a' }],
      mode: 'smart',
      join: true,
      output: { filename: 'cut.mp4' },
      max_command_run_seconds: 5,
    },
    none: {},
  };
}
