import { defineEndpoints } from '../endpoint';
import {
  PresetDefinition,
  PresetExportFile,
  PresetNameParams,
  PresetRecordSchema,
  PresetVersionQuery,
  RunPresetBody,
  RunPresetResponse,
} from '../presets.schema';
import { errors, json, ok204 } from '../responses';

const tag = 'Presets';

/** Presets (FFDesk): named, versioned command templates (docs/presets.md). */
export const presetEndpoints = defineEndpoints({
  listPresets: {
    method: 'get',
    path: '/v1/presets',
    tag,
    summary: 'Built-in and saved presets (latest versions)',
    responses: { '200': json('Bare array', PresetRecordSchema, true), ...errors(401) },
  },
  createPreset: {
    method: 'post',
    path: '/v1/presets',
    tag,
    summary: 'Save a new preset (version 1)',
    description: '409 when the name exists (PUT adds a version) or is a built-in. The steps are checked like a submitted command.',
    body: PresetDefinition,
    responses: { '200': json('The preset', PresetRecordSchema), ...errors(401, 409, 422, 429) },
  },
  importPreset: {
    method: 'post',
    path: '/v1/presets/import',
    tag,
    summary: 'Import an exported preset file (a new preset or a new version)',
    body: PresetExportFile,
    responses: { '200': json('The preset', PresetRecordSchema), ...errors(401, 403, 409, 422, 429) },
  },
  getPreset: {
    method: 'get',
    path: '/v1/presets/{name}',
    tag,
    summary: 'A preset (latest, or ?version=N)',
    params: PresetNameParams,
    query: PresetVersionQuery,
    responses: { '200': json('The preset', PresetRecordSchema), ...errors(401, 404, 422) },
  },
  listPresetVersions: {
    method: 'get',
    path: '/v1/presets/{name}/versions',
    tag,
    summary: 'Every version of a preset, oldest first',
    params: PresetNameParams,
    responses: { '200': json('Bare array', PresetRecordSchema, true), ...errors(401, 404, 422) },
  },
  exportPreset: {
    method: 'get',
    path: '/v1/presets/{name}/export',
    tag,
    summary: 'The preset as a shareable file (format ffdesk-preset, version 1)',
    params: PresetNameParams,
    query: PresetVersionQuery,
    responses: { '200': json('The export file', PresetExportFile), ...errors(401, 404, 422) },
  },
  updatePreset: {
    method: 'put',
    path: '/v1/presets/{name}',
    tag,
    summary: 'Save a new version; earlier versions stay readable',
    params: PresetNameParams,
    body: PresetDefinition,
    responses: { '200': json('The new version', PresetRecordSchema), ...errors(401, 403, 404, 422, 429) },
  },
  deletePreset: {
    method: 'delete',
    path: '/v1/presets/{name}',
    tag,
    summary: 'Delete a saved preset (every version); built-ins answer 403',
    params: PresetNameParams,
    responses: { '204': ok204('Deleted'), ...errors(401, 403, 404, 422) },
  },
  runPreset: {
    method: 'post',
    path: '/v1/presets/{name}/run',
    tag,
    summary: 'Render the preset into a command and submit it',
    description: 'Exactly like POST /v1/run-ffmpeg-command (or chained, for several steps) with the rendered body, which is returned too.',
    params: PresetNameParams,
    body: RunPresetBody,
    emptyBodyIs: {},
    responses: { '200': json('Accepted', RunPresetResponse), ...errors(401, 403, 404, 422, 429) },
  },
});
