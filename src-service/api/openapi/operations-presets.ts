import type { Operation } from './operation';
import { errors, json, ok204 } from './responses';
import { CacheStatsSchema } from '../cache/cache.routes';
import { CreateWatchFolderBody, WatchFolderRecord, WatchIdParams } from '../../contract/watch.schema';
import { PageQuery } from '../../contract/commands.schema';
import { BatchIdParams, BatchRecord, CreateBatchBody } from '../../contract/batches.schema';
import {
  PresetDefinition, PresetExportFile, PresetNameParams, PresetRecordSchema, PresetVersionQuery, RunPresetBody, RunPresetResponse,
} from '../../contract/presets.schema';

const tag = 'Presets';

/** Presets (FFDesk): named, versioned command templates (docs/presets.md). */
export const PRESET_OPERATIONS: Operation[] = [
  { method: 'get', path: '/v1/presets', operationId: 'listPresets', tag, summary: 'Built-in and saved presets (latest versions)',
    responses: { '200': json('Bare array', PresetRecordSchema, true), ...errors(401) } },
  { method: 'post', path: '/v1/presets', operationId: 'createPreset', tag, summary: 'Save a new preset (version 1)',
    description: '409 when the name exists (PUT adds a version) or is a built-in. The steps are checked like a submitted command.',
    body: PresetDefinition, responses: { '200': json('The preset', PresetRecordSchema), ...errors(401, 409, 422) } },
  { method: 'post', path: '/v1/presets/import', operationId: 'importPreset', tag, summary: 'Import an exported preset file (a new preset or a new version)',
    body: PresetExportFile, responses: { '200': json('The preset', PresetRecordSchema), ...errors(401, 403, 409, 422) } },
  { method: 'get', path: '/v1/presets/{name}', operationId: 'getPreset', tag, summary: 'A preset (latest, or ?version=N)',
    params: PresetNameParams, query: PresetVersionQuery, responses: { '200': json('The preset', PresetRecordSchema), ...errors(401, 404, 422) } },
  { method: 'get', path: '/v1/presets/{name}/versions', operationId: 'listPresetVersions', tag, summary: 'Every version of a preset, oldest first',
    params: PresetNameParams, responses: { '200': json('Bare array', PresetRecordSchema, true), ...errors(401, 404, 422) } },
  { method: 'get', path: '/v1/presets/{name}/export', operationId: 'exportPreset', tag, summary: 'The preset as a shareable file (format ffdesk-preset, version 1)',
    params: PresetNameParams, query: PresetVersionQuery, responses: { '200': json('The export file', PresetExportFile), ...errors(401, 404, 422) } },
  { method: 'put', path: '/v1/presets/{name}', operationId: 'updatePreset', tag, summary: 'Save a new version; earlier versions stay readable',
    params: PresetNameParams, body: PresetDefinition, responses: { '200': json('The new version', PresetRecordSchema), ...errors(401, 403, 404, 422) } },
  { method: 'delete', path: '/v1/presets/{name}', operationId: 'deletePreset', tag, summary: 'Delete a saved preset (every version); built-ins answer 403',
    params: PresetNameParams, responses: { '204': ok204('Deleted'), ...errors(401, 403, 404, 422) } },
  { method: 'post', path: '/v1/presets/{name}/run', operationId: 'runPreset', tag, summary: 'Render the preset into a command and submit it',
    description: 'Exactly like POST /v1/run-ffmpeg-command (or chained, for several steps) with the rendered body, which is returned too.',
    params: PresetNameParams, body: RunPresetBody, responses: { '200': json('Accepted', RunPresetResponse), ...errors(401, 403, 404, 422) } },

  { method: 'post', path: '/v1/batches', operationId: 'createBatch', tag: 'Batches', summary: 'Run one preset over many inputs: one command per input',
    description: 'Every item is rendered and checked first: one 422 lists all problems and nothing is submitted.',
    body: CreateBatchBody, responses: { '200': json('The batch', BatchRecord), ...errors(401, 403, 404, 422) } },
  { method: 'get', path: '/v1/batches', operationId: 'listBatches', tag: 'Batches', summary: 'Batches, newest first (at most 100 per page)',
    query: PageQuery, responses: { '200': json('Bare array', BatchRecord, true), ...errors(401, 422) } },
  { method: 'get', path: '/v1/batches/{batch_id}', operationId: 'getBatch', tag: 'Batches', summary: 'Progress (done / failed / total, ETA) and every item',
    params: BatchIdParams, responses: { '200': json('The batch', BatchRecord), ...errors(401, 404) } },
  { method: 'post', path: '/v1/batches/{batch_id}/cancel', operationId: 'cancelBatch', tag: 'Batches', summary: 'Cancel every item not finished yet',
    params: BatchIdParams, responses: { '200': json('The batch', BatchRecord), ...errors(401, 404) } },
  { method: 'post', path: '/v1/batches/{batch_id}/retry-failed', operationId: 'retryFailedBatchItems', tag: 'Batches', summary: 'Submit each FAILED item again, unchanged',
    params: BatchIdParams, responses: { '200': json('The batch', BatchRecord), ...errors(401, 403, 404) } },
  { method: 'get', path: '/v1/batches/{batch_id}/outputs.zip', operationId: 'downloadBatchOutputs', tag: 'Batches', summary: 'Every stored output of the batch as one zip, streamed',
    description: 'A name two items share gets the item number as a prefix; playlists come as a folder. 404 while nothing is stored.',
    params: BatchIdParams, responses: { '200': { description: 'application/zip' }, ...errors(401, 404) } },

  { method: 'get', path: '/v1/cache', operationId: 'getCacheStats', tag: 'Cache', summary: 'Result cache: entries, size and hit rate of the account',
    responses: { '200': json('Statistics', CacheStatsSchema), ...errors(401) } },
  { method: 'delete', path: '/v1/cache', operationId: 'clearCache', tag: 'Cache', summary: 'Forget every cache entry and the counters (outputs stay)',
    responses: { '204': ok204('Cleared'), ...errors(401) } },

  { method: 'get', path: '/v1/watch-folders', operationId: 'listWatchFolders', tag: 'Watch folders', summary: 'Watched folders with counts, recent files and errors',
    responses: { '200': json('Bare array', WatchFolderRecord, true), ...errors(401) } },
  { method: 'post', path: '/v1/watch-folders', operationId: 'createWatchFolder', tag: 'Watch folders', summary: 'Watch a folder of this machine: each new file runs a one-input preset',
    description: "Only the local account's key (403 otherwise). Folders must be absolute, outside FFDesk's data folder, and differ. Files already there are taken too.",
    body: CreateWatchFolderBody, responses: { '200': json('The watch folder', WatchFolderRecord), ...errors(401, 403, 409, 422) } },
  { method: 'get', path: '/v1/watch-folders/{watch_id}', operationId: 'getWatchFolder', tag: 'Watch folders', summary: 'One watch folder',
    params: WatchIdParams, responses: { '200': json('The watch folder', WatchFolderRecord), ...errors(401, 404) } },
  { method: 'delete', path: '/v1/watch-folders/{watch_id}', operationId: 'deleteWatchFolder', tag: 'Watch folders', summary: 'Stop watching (files and outputs stay where they are)',
    params: WatchIdParams, responses: { '204': ok204('Deleted'), ...errors(401, 404) } },
];
