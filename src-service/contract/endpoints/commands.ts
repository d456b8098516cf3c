import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { CommandIdParams, CommandListQuery, PresignQuery, RenameBody, RunChainedBody, RunCommandBody, RunMultipleBody, SubmitQuery } from '../commands.schema';
import { ChainedSubmitResponse, CommandListItem, CommandRecord, MultipleSubmitResponse, SubmitResponse } from '../records.schema';
import { errors, json } from '../responses';

const DryRunResponse = z.object({ dry_run: z.literal(true) });
const SubmitAnswer = z.union([SubmitResponse, DryRunResponse]);
const ChainedSubmitAnswer = z.union([ChainedSubmitResponse, DryRunResponse]);

/** Submitting, polling, renaming and cancelling commands (docs/api.md §4). */
export const commandEndpoints = defineEndpoints({
  runFfmpegCommand: {
    method: 'post',
    path: '/v1/run-ffmpeg-command',
    tag: 'Commands',
    summary: 'Submit one FFmpeg command (docs/api.md §4.1)',
    description:
      'Asynchronous: returns the id at once; poll GET /v1/commands/{command_id} until SUCCESS or FAILED. Download and ffmpeg failures are reported as FAILED, not as HTTP errors.',
    query: SubmitQuery,
    body: RunCommandBody,
    responses: { '200': json('Accepted (with dry_run=true: {"dry_run": true}, nothing queued)', SubmitAnswer), ...errors(401, 403, 422, 429) },
  },
  runChainedFfmpegCommands: {
    method: 'post',
    path: '/v1/run-chained-ffmpeg-commands',
    tag: 'Commands',
    summary: 'Submit 1..10 chained commands (docs/api.md §4.2)',
    description: 'A later command may read an earlier output: -i {{out_1}}. Both response forms are returned.',
    query: SubmitQuery,
    body: RunChainedBody,
    responses: { '200': json('Accepted (with dry_run=true: {"dry_run": true}, nothing queued)', ChainedSubmitAnswer), ...errors(401, 403, 422, 429) },
  },
  runMultipleFfmpegCommands: {
    method: 'post',
    path: '/v1/run-multiple-ffmpeg-commands',
    tag: 'Commands',
    summary: 'Submit 1..10 independent commands sharing the inputs',
    description:
      'Each command becomes its own FFMPEG_COMMAND with the inputs it reads and the outputs it writes; command_ids in the order sent. One bad command refuses the whole request.',
    body: RunMultipleBody,
    responses: { '200': json('Accepted', MultipleSubmitResponse), ...errors(401, 403, 422, 429) },
  },
  listCommands: {
    method: 'get',
    path: '/v1/commands',
    tag: 'Commands',
    summary: 'List commands, newest first (docs/api.md §4.4, docs/choices.md)',
    description: 'FFDesk: q searches names, command text, input URLs and output file names.',
    query: CommandListQuery,
    responses: { '200': json('Bare array', CommandListItem, true), ...errors(401, 422) },
  },
  getCommand: {
    method: 'get',
    path: '/v1/commands/{command_id}',
    tag: 'Commands',
    summary: 'Poll a command (docs/api.md §4.3)',
    params: CommandIdParams,
    query: PresignQuery,
    responses: { '200': json('The command record', CommandRecord), ...errors(401, 404, 422) },
  },
  pollCommand: {
    method: 'get',
    path: '/v1/poll-command/{command_id}',
    tag: 'Commands',
    summary: 'Poll a command, second path form (docs/api.md §4.3)',
    params: CommandIdParams,
    query: PresignQuery,
    responses: { '200': json('The command record', CommandRecord), ...errors(401, 404, 422) },
  },
  cancelCommand: {
    method: 'post',
    bodyKind: 'json',
    path: '/v1/commands/{command_id}/cancel',
    tag: 'Commands',
    summary: 'Cancel a QUEUED or PROCESSING command (FFDesk)',
    description: 'It ends FAILED with error_status CANCELLED; ffmpeg is killed; no partial output is stored.',
    params: CommandIdParams,
    responses: { '200': json('The command record', CommandRecord), ...errors(401, 404) },
  },
  renameCommand: {
    method: 'patch',
    path: '/v1/commands/{command_id}',
    tag: 'Commands',
    summary: 'Rename a command (FFDesk)',
    description: 'Any status. A `command` event carries the new name; null goes back to the name derived from the command.',
    params: CommandIdParams,
    body: RenameBody,
    responses: { '200': json('The command record', CommandRecord), ...errors(401, 404, 422) },
  },
  getCommandLog: {
    method: 'get',
    path: '/v1/commands/{command_id}/log',
    tag: 'Commands',
    summary: "ffmpeg's stderr of the command (FFDesk)",
    params: CommandIdParams,
    responses: { '200': { description: 'Plain text, each chained step', mediaType: 'text/plain' }, ...errors(401, 404) },
  },
});
