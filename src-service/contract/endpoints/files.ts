import { defineEndpoints } from '../endpoint';
import { CommandIdParams, PresignQuery } from '../commands.schema';
import { BulkDeleteBody, CompleteUploadBody, FileIdParams, InitUploadBody, ListFilesQuery, StoreFileBody } from '../files.schema';
import { AbortUploadResponse, BulkDeleteResponse, CompleteUploadResponse, FileIdResponse, InitUploadResponse, StoredFile } from '../records.schema';
import { errors, json, ok204 } from '../responses';

/** Stored files: listing, reading, deleting, storing from a URL, direct uploads (docs/api.md §4.5-4.11). */
export const fileEndpoints = defineEndpoints({
  deleteCommandFiles: {
    method: 'delete',
    path: '/v1/commands/{command_id}/files',
    tag: 'Files',
    summary: "Delete all of a command's stored outputs (docs/choices.md)",
    params: CommandIdParams,
    responses: { '204': ok204('Deleted (playlists with their segments, zips included)'), ...errors(401, 404) },
  },
  downloadCommandFiles: {
    method: 'get',
    path: '/v1/commands/{command_id}/files.zip',
    tag: 'Files',
    summary: "FFDesk: all of a command's stored outputs as one zip, streamed",
    description: 'Playlists come as a folder with their segments; an OUTPUT_FOLDER zip is one entry. 404 while nothing is stored.',
    params: CommandIdParams,
    responses: { '200': { description: 'application/zip' }, ...errors(401, 404) },
  },
  listFiles: {
    method: 'get',
    path: '/v1/files',
    tag: 'Files',
    summary: 'List stored files, newest first; status=all adds every other state (deleted files never)',
    query: ListFilesQuery,
    responses: { '200': json('Bare array', StoredFile, true), ...errors(401, 422) },
  },
  getFile: {
    method: 'get',
    path: '/v1/files/{file_id}',
    tag: 'Files',
    summary: 'A stored file with its FFprobe metadata (docs/api.md §4.5)',
    params: FileIdParams,
    query: PresignQuery,
    responses: { '200': json('The stored-file record', StoredFile), ...errors(401, 404, 422) },
  },
  deleteFile: {
    method: 'delete',
    path: '/v1/files/{file_id}',
    tag: 'Files',
    summary: 'Delete one stored file; idempotent (docs/choices.md)',
    params: FileIdParams,
    responses: { '204': ok204('Deleted; metadata stays readable'), ...errors(401, 404) },
  },
  bulkDeleteFiles: {
    method: 'post',
    path: '/v1/files/bulk-delete',
    tag: 'Files',
    summary: 'Delete 1..1000 stored files (docs/api.md §4.11)',
    description: '404 if any id is unknown (nothing deleted then); 400 for a playlist manifest.',
    body: BulkDeleteBody,
    responses: { '200': json('The ids deleted', BulkDeleteResponse), ...errors(400, 401, 404, 422) },
  },
  storeFile: {
    method: 'post',
    path: '/v1/files/store-file',
    tag: 'Files',
    summary: 'Store and probe a file from a URL (docs/api.md §4.7)',
    description: 'Poll GET /v1/files/{file_id} until STORED (QUEUED -> DOWNLOADING -> DOWNLOADED -> STORED | FAILED).',
    body: StoreFileBody,
    responses: { '200': json('Accepted', FileIdResponse), ...errors(401, 403, 422, 429) },
  },
  initUpload: {
    method: 'post',
    path: '/v1/files/init-upload',
    tag: 'Uploads',
    summary: 'Start a direct multipart upload (docs/api.md §4.8a)',
    body: InitUploadBody,
    responses: { '200': json('Part URLs, one per part', InitUploadResponse), ...errors(401, 403, 422, 429, 507) },
  },
  completeUpload: {
    method: 'post',
    path: '/v1/files/{file_id}/complete-upload',
    tag: 'Uploads',
    summary: 'Assemble the parts (docs/api.md §4.8c)',
    params: FileIdParams,
    body: CompleteUploadBody,
    responses: { '200': json('UPLOADED; probing follows', CompleteUploadResponse), ...errors(400, 401, 404, 422) },
  },
  abortUpload: {
    method: 'post',
    bodyKind: 'json',
    path: '/v1/files/{file_id}/abort-upload',
    tag: 'Uploads',
    summary: 'Abort an upload (docs/api.md §4.8d, docs/choices.md)',
    params: FileIdParams,
    responses: { '200': json('The file record, FAILED / UPLOAD_ABORTED', AbortUploadResponse), ...errors(400, 401, 404) },
  },
});
