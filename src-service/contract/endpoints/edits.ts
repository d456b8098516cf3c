import { z } from 'zod';
import { defineEndpoints } from '../endpoint';
import { SubmitQuery } from '../commands.schema';
import { EditBody } from '../edits.schema';
import { SubmitResponse } from '../records.schema';
import { errors, json } from '../responses';

const DryRunResponse = z.object({ dry_run: z.literal(true) });

/** Cutting an input into segments (docs/cutting.md). */
export const editEndpoints = defineEndpoints({
  createEdit: {
    method: 'post',
    path: '/v1/edits',
    tag: 'Edits',
    summary: 'Cut segments out of one input: lossless, smart (frame-exact) or reencode (docs/cutting.md)',
    description:
      'Asynchronous, like run-ffmpeg-command: returns the command id at once; the command is an ordinary one (poll, progress, cancel, outputs, webhooks) whose original_request is this body and whose record gains `edit` (the mode used and the actual start/end of each segment) once planned.',
    query: SubmitQuery,
    body: EditBody,
    responses: {
      '200': json('Accepted (with dry_run=true: {"dry_run": true}, nothing queued)', z.union([SubmitResponse, DryRunResponse])),
      ...errors(401, 403, 422, 429),
    },
  },
});
