import { z } from 'zod';
import { CommandIdParams, CommandListQuery, PresignQuery, RunChainedBody, RunCommandBody, RunMultipleBody, SubmitQuery } from '../../contract/commands.schema';
import { BulkDeleteBody, CompleteUploadBody, FileIdParams, InitUploadBody, ListFilesQuery, StoreFileBody } from '../../contract/files.schema';
import type { Operation } from './operation';
import { errors, json, ok204 } from './responses';
import {
  BulkDeleteResponse, ChainedSubmitResponse, MultipleSubmitResponse, CommandListItem, CommandRecord, CompleteUploadResponse, FileIdResponse,
  InitUploadResponse, StoredFile, SubmitResponse,
} from '../../contract/records.schema';

// URL shapes the service hands out (files/urls.ts, files.routes.ts); documented, not parsed by a zod schema.
const DryRunResponse = z.object({ dry_run: z.literal(true) });
const SubmitAnswer = z.union([SubmitResponse, DryRunResponse]);
const ChainedSubmitAnswer = z.union([ChainedSubmitResponse, DryRunResponse]);

const PartParams = z.object({ file_id: z.string(), part_number: z.number().int().min(1).max(10_000) });
const PartQuery = z.object({ token: z.string().describe('The signature; part of the presigned URL') });
const StorageParams = z.object({ file_id: z.string(), name: z.string().describe('The file name (or a path inside a playlist)') });
const SignedStorageParams = z.object({ token: z.string(), ...StorageParams.shape });

/** The endpoints of service-spec.md section 4 and the ones docs/decisions.md completes. */
export const CORE_OPERATIONS: Operation[] = [
  { method: 'post', path: '/v1/run-ffmpeg-command', operationId: 'runFfmpegCommand', tag: 'Commands', summary: 'Submit one FFmpeg command (docs/api.md §4.1)',
    description: 'Asynchronous: returns the id at once; poll GET /v1/commands/{command_id} until SUCCESS or FAILED. Download and ffmpeg failures are reported as FAILED, not as HTTP errors.',
    query: SubmitQuery, body: RunCommandBody, responses: { '200': json('Accepted (with dry_run=true: {"dry_run": true}, nothing queued)', SubmitAnswer), ...errors(401, 403, 422) } },
  { method: 'post', path: '/v1/run-chained-ffmpeg-commands', operationId: 'runChainedFfmpegCommands', tag: 'Commands', summary: 'Submit 1..10 chained commands (docs/api.md §4.2)',
    description: 'A later command may read an earlier output: -i {{out_1}}. Both response forms are returned.',
    query: SubmitQuery, body: RunChainedBody, responses: { '200': json('Accepted (with dry_run=true: {"dry_run": true}, nothing queued)', ChainedSubmitAnswer), ...errors(401, 403, 422) } },
  { method: 'post', path: '/v1/run-multiple-ffmpeg-commands', operationId: 'runMultipleFfmpegCommands', tag: 'Commands', summary: 'Submit 1..10 independent commands sharing the inputs',
    description: 'Each command becomes its own FFMPEG_COMMAND with the inputs it reads and the outputs it writes; command_ids in the order sent. One bad command refuses the whole request.',
    body: RunMultipleBody, responses: { '200': json('Accepted', MultipleSubmitResponse), ...errors(401, 403, 422) } },
  { method: 'get', path: '/v1/commands', operationId: 'listCommands', tag: 'Commands', summary: 'List commands, newest first (docs/api.md §4.4, docs/decisions.md)',
    description: 'FFDesk: q searches names, command text, input URLs and output file names.',
    query: CommandListQuery, responses: { '200': json('Bare array', CommandListItem, true), ...errors(401, 422) } },
  { method: 'get', path: '/v1/commands/{command_id}', operationId: 'getCommand', tag: 'Commands', summary: 'Poll a command (docs/api.md §4.3)',
    params: CommandIdParams, query: PresignQuery, responses: { '200': json('The command record', CommandRecord), ...errors(401, 404, 422) } },
  { method: 'get', path: '/v1/poll-command/{command_id}', operationId: 'pollCommand', tag: 'Commands', summary: 'Poll a command, second path form (docs/api.md §4.3)',
    params: CommandIdParams, query: PresignQuery, responses: { '200': json('The command record', CommandRecord), ...errors(401, 404, 422) } },
  { method: 'delete', path: '/v1/commands/{command_id}/files', operationId: 'deleteCommandFiles', tag: 'Files', summary: "Delete all of a command's stored outputs (docs/decisions.md)",
    params: CommandIdParams, responses: { '204': ok204('Deleted (playlists with their segments, zips included)'), ...errors(401, 404) } },
  { method: 'get', path: '/v1/commands/{command_id}/files.zip', operationId: 'downloadCommandFiles', tag: 'Files', summary: "FFDesk: all of a command's stored outputs as one zip, streamed",
    description: 'Playlists come as a folder with their segments; an OUTPUT_FOLDER zip is one entry. 404 while nothing is stored.',
    params: CommandIdParams, responses: { '200': { description: 'application/zip' }, ...errors(401, 404) } },
  { method: 'get', path: '/v1/files', operationId: 'listFiles', tag: 'Files', summary: 'List stored files, newest first; status=all adds every other state (deleted files never)',
    query: ListFilesQuery, responses: { '200': json('Bare array', StoredFile, true), ...errors(401, 422) } },
  { method: 'get', path: '/v1/files/{file_id}', operationId: 'getFile', tag: 'Files', summary: 'A stored file with its FFprobe metadata (docs/api.md §4.5)',
    params: FileIdParams, query: PresignQuery, responses: { '200': json('The stored-file record', StoredFile), ...errors(401, 404, 422) } },
  { method: 'delete', path: '/v1/files/{file_id}', operationId: 'deleteFile', tag: 'Files', summary: 'Delete one stored file; idempotent (docs/decisions.md)',
    params: FileIdParams, responses: { '204': ok204('Deleted; metadata stays readable'), ...errors(401, 404) } },
  { method: 'post', path: '/v1/files/bulk-delete', operationId: 'bulkDeleteFiles', tag: 'Files', summary: 'Delete 1..1000 stored files (docs/api.md §4.11)',
    description: '404 if any id is unknown (nothing deleted then); 400 for a playlist manifest.',
    body: BulkDeleteBody, responses: { '200': json('The ids deleted', BulkDeleteResponse), ...errors(400, 401, 404, 422) } },
  { method: 'post', path: '/v1/files/store-file', operationId: 'storeFile', tag: 'Files', summary: 'Store and probe a file from a URL (docs/api.md §4.7)',
    description: 'Poll GET /v1/files/{file_id} until STORED (QUEUED -> DOWNLOADING -> DOWNLOADED -> STORED | FAILED).',
    body: StoreFileBody, responses: { '200': json('Accepted', FileIdResponse), ...errors(401, 403, 422, 429) } },
  { method: 'post', path: '/v1/files/upload', operationId: 'uploadFileForm', tag: 'Uploads', summary: 'Upload one file as a multipart form (field upload_file, or file), up to 5 GiB',
    description: 'Streamed to disk, probed and stored before the answer: the stored-file record (STORED). 415 for a body that is not multipart/form-data; 413 past 5 GiB (use init-upload).',
    form: { upload_file: 'The file (the field may also be named file)' },
    responses: { '200': json('The stored-file record', StoredFile), ...errors(401, 403, 413, 415, 422, 507) } },
  { method: 'post', path: '/v1/files/init-upload', operationId: 'initUpload', tag: 'Uploads', summary: 'Start a direct multipart upload (docs/api.md §4.8a)',
    body: InitUploadBody, responses: { '200': json('Part URLs, one per part', InitUploadResponse), ...errors(401, 403, 422, 507) } },
  { method: 'post', path: '/v1/files/{file_id}/complete-upload', operationId: 'completeUpload', tag: 'Uploads', summary: 'Assemble the parts (docs/api.md §4.8c)',
    params: FileIdParams, body: CompleteUploadBody, responses: { '200': json('UPLOADED; probing follows', CompleteUploadResponse), ...errors(400, 401, 404, 422) } },
  { method: 'post', path: '/v1/files/{file_id}/abort-upload', operationId: 'abortUpload', tag: 'Uploads', summary: 'Abort an upload (docs/api.md §4.8d, docs/decisions.md)',
    params: FileIdParams, responses: { '200': json('The file record, FAILED / UPLOAD_ABORTED', StoredFile), ...errors(400, 401, 404) } },
  { method: 'put', path: '/uploads/{file_id}/parts/{part_number}', operationId: 'uploadPart', tag: 'Uploads', auth: false,
    params: PartParams, query: PartQuery,
    summary: 'Upload one part to a presigned URL from upload_urls (docs/api.md §4.8b)',
    description:
      'No key header: the signed query (token) is the grant, valid 6 hours. Answers an opaque quoted ETag to hand back to complete-upload. ' +
      'With a Content-MD5 header (base64 MD5 of the part) the bytes are verified (400 on mismatch) and the ETag is the quoted hex MD5.',
    responses: { '200': { description: 'Stored', headers: { ETag: 'Opaque, quoted; the hex MD5 when Content-MD5 was sent', 'Server-Timing': 'Where the part\'s time went (receive, hash)' } }, ...errors(400, 403, 404, 507) } },
  { method: 'get', path: '/storage/{file_id}/{name}', operationId: 'downloadFile', tag: 'Storage', auth: false,
    summary: 'A public storage_url: the bytes, with Content-Type, Content-Length, ETag, Range (206) and HEAD (docs/decisions.md)',
    description: 'Playlist segments resolve relative to the manifest (/storage/{file_id}/{segment path}).',
    params: StorageParams, responses: { '200': { description: 'The file', headers: { ETag: 'Validator for If-None-Match' } }, '206': { description: 'A Range' }, ...errors(403, 404) } },
  { method: 'get', path: '/storage/s/{token}/{file_id}/{name}', operationId: 'downloadPresigned', tag: 'Storage', auth: false,
    summary: 'A presigned storage_url of a private file (from presigned_ttl_seconds); 403 once expired or tampered',
    params: SignedStorageParams, responses: { '200': { description: 'The file' }, '206': { description: 'A Range' }, ...errors(403, 404) } },
];
