import { defineEndpoints } from '../endpoint';
import { CreateWatchFolderBody, WatchFolderRecord, WatchIdParams } from '../watch.schema';
import { errors, json, ok204 } from '../responses';

/** Watch folders (docs/presets.md). */
export const watchEndpoints = defineEndpoints({
  listWatchFolders: {
    method: 'get',
    path: '/v1/watch-folders',
    tag: 'Watch folders',
    summary: 'Watched folders with counts, recent files and errors',
    responses: { '200': json('Bare array', WatchFolderRecord, true), ...errors(401) },
  },
  createWatchFolder: {
    method: 'post',
    path: '/v1/watch-folders',
    tag: 'Watch folders',
    summary: 'Watch a folder of this machine: each new file runs a one-input preset',
    description:
      "Only the local account's key (403 otherwise). Folders must be absolute, outside FFDesk's data folder, and differ. Files already there are taken too.",
    body: CreateWatchFolderBody,
    responses: { '200': json('The watch folder', WatchFolderRecord), ...errors(401, 403, 409, 422, 429) },
  },
  getWatchFolder: {
    method: 'get',
    path: '/v1/watch-folders/{watch_id}',
    tag: 'Watch folders',
    summary: 'One watch folder',
    params: WatchIdParams,
    responses: { '200': json('The watch folder', WatchFolderRecord), ...errors(401, 404) },
  },
  deleteWatchFolder: {
    method: 'delete',
    path: '/v1/watch-folders/{watch_id}',
    tag: 'Watch folders',
    summary: 'Stop watching (files and outputs stay where they are)',
    params: WatchIdParams,
    responses: { '204': ok204('Deleted'), ...errors(401, 404) },
  },
});
