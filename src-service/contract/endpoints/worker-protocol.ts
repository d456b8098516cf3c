import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { errors, json } from '../responses';
import { ErrorBody } from '../records.schema';
import {
  WorkerCancel,
  WorkerClaimAnswer,
  WorkerCommandStatus,
  WorkerComplete,
  WorkerCompleteFile,
  WorkerFail,
  WorkerHeartbeat,
  WorkerInitFile,
  WorkerOk,
  WorkerPartAnswer,
  WorkerProgress,
  WorkerRef,
  WorkerSegmentClaimAnswer,
  WorkerSegmentDone,
  WorkerSegmentFail,
  WorkerSegmentStatus,
  WorkerUploadInit,
} from '../worker-protocol.schema';

const TAG = 'Worker protocol (internal)';
const CommandParams = z.object({ command_id: z.string() });
const SegmentParams = z.object({
  command_id: z.string(),
  index: z
    .string()
    .regex(/^[0-9]{1,7}$/)
    .describe('The piece: 0 to n-1 the video segments, n the whole audio'),
});
const UploadParams = z.object({ upload_id: z.string() });
const PartParams = z.object({ upload_id: z.string(), part_number: z.string().describe('1 to the part count of the upload') });
const PartQuery = z.object({ token: z.string().describe('The signature; part of the part URL the files call handed out') });
const WORKER_ERRORS = { '401': { description: 'Missing or invalid worker token (Authorization: Bearer)', schema: ErrorBody } };

/**
 * The routes scale-out workers call (docs/scale-out.md): authenticated by a worker token
 * (`Authorization: Bearer`, from `ffdesk workers token`), never by a user's API key, and a
 * worker token opens no user route. Served before the key check (scale-out/worker-api.ts).
 */
export const workerProtocolEndpoints = defineEndpoints({
  workerHeartbeat: {
    method: 'post',
    path: '/v1/worker/heartbeat',
    tag: TAG,
    auth: 'worker',
    summary: 'A worker reports itself: host, ffmpeg version, hardware encoders, cores, vCPU budget, running commands',
    body: WorkerHeartbeat,
    responses: { '200': json('Recorded', WorkerOk), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerClaim: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/claim',
    tag: TAG,
    auth: 'worker',
    summary: 'Claim a queued command: its run plan, or why it is gone (cancelled, finished, taken)',
    params: CommandParams,
    body: WorkerRef,
    responses: { '200': json('The plan, or `gone`', WorkerClaimAnswer), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerProgress: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/progress',
    tag: TAG,
    auth: 'worker',
    summary: 'Relay the progress of a running command; the answer says whether to cancel it',
    params: CommandParams,
    body: WorkerProgress,
    responses: { '200': json('Whether the worker must stop the command', WorkerCancel), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerInitFile: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/files',
    tag: TAG,
    auth: 'worker',
    summary: 'Start uploading one output file of a running command: its part URLs',
    params: CommandParams,
    body: WorkerInitFile,
    responses: {
      '200': json('The upload and its part URLs', WorkerUploadInit),
      ...errors(400),
      ...WORKER_ERRORS,
      '409': { description: 'The command is no longer running on this worker', schema: ErrorBody },
      ...errors(415, 422),
    },
  },
  workerUploadPart: {
    bodyKind: 'raw',
    method: 'put',
    path: '/v1/worker/uploads/{upload_id}/parts/{part_number}',
    tag: TAG,
    auth: 'worker',
    summary: 'Upload one part (the raw bytes) of an output file to a part URL; the answer and the ETag header carry its MD5',
    params: PartParams,
    query: PartQuery,
    responses: {
      '200': { ...json('The part is stored', WorkerPartAnswer), headers: { ETag: 'The MD5 of the part, quoted' } },
      ...errors(400),
      ...WORKER_ERRORS,
      ...errors(403, 404),
    },
  },
  workerCompleteUpload: {
    method: 'post',
    path: '/v1/worker/uploads/{upload_id}/complete',
    tag: TAG,
    auth: 'worker',
    summary: 'Finish an output file upload: the ETags of its parts, in order',
    params: UploadParams,
    body: WorkerCompleteFile,
    responses: { '200': json('The file is assembled', WorkerOk), ...errors(400), ...WORKER_ERRORS, ...errors(404, 415, 422) },
  },
  workerCompleteCommand: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/complete',
    tag: TAG,
    auth: 'worker',
    summary: 'Report a successful run: the service stores the uploaded outputs and commits the command',
    params: CommandParams,
    body: WorkerComplete,
    responses: { '200': json('The command status now, or the outputs still missing', WorkerCommandStatus), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerFailCommand: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/fail',
    tag: TAG,
    auth: 'worker',
    summary: 'Report a failed run (or, with requeue, hand the command back to the queue)',
    params: CommandParams,
    body: WorkerFail,
    responses: { '200': json('The command status now', WorkerCommandStatus), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerClaimSegment: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/segments/{index}/claim',
    tag: TAG,
    auth: 'worker',
    summary: 'Claim one piece of a segmented encode: what to encode, or why it is gone (done, cancelled)',
    params: SegmentParams,
    body: WorkerRef,
    responses: { '200': json('The piece, or `gone`', WorkerSegmentClaimAnswer), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerSegmentProgress: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/segments/{index}/progress',
    tag: TAG,
    auth: 'worker',
    summary: 'Relay the progress of a running piece; the answer says whether to stop it',
    params: SegmentParams,
    body: WorkerProgress,
    responses: { '200': json('Whether the worker must stop the piece', WorkerCancel), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerCompleteSegment: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/segments/{index}/complete',
    tag: TAG,
    auth: 'worker',
    summary: 'Report a piece encoded and uploaded: the service keeps it durable, and joins once every piece is there',
    params: SegmentParams,
    body: WorkerSegmentDone,
    responses: { '200': json('The command status now', WorkerSegmentStatus), ...WORKER_ERRORS, ...errors(415, 422) },
  },
  workerFailSegment: {
    method: 'post',
    path: '/v1/worker/commands/{command_id}/segments/{index}/fail',
    tag: TAG,
    auth: 'worker',
    summary: 'Report a failed piece (the command fails), or with requeue hand it back to the queue',
    params: SegmentParams,
    body: WorkerSegmentFail,
    responses: { '200': json('The command status now', WorkerSegmentStatus), ...WORKER_ERRORS, ...errors(415, 422) },
  },
});
