import { z } from 'zod';
import { laxInt, laxNumber } from './lax-number';
import {
  INPUT_ALIAS,
  INTERIM_ALIAS,
  MAX_JOB_NAME,
  MAX_OUTPUT_NAME,
  MAX_REQUESTED_VCPUS,
  OUTPUT_ALIAS,
  OUTPUT_NAME,
  REQUEST_LIMITS,
  isHttpUrl,
  manifestAliasIssue,
} from './names';

const httpUrl = z.string().max(8192).refine(isHttpUrl, { message: 'URL must be an http or https URL' });

export const InputFiles = z
  .record(z.string().regex(INPUT_ALIAS, 'Input alias must start with in_ followed by letters, digits or underscores'), httpUrl)
  .describe('Input alias to a publicly accessible http(s) URL');

/** Output aliases to file names; a manifest only under an `out_playlist_` alias (manifestAliasIssue). */
const outputMap = z
  .record(
    z.string().regex(OUTPUT_ALIAS, 'Output alias must start with out_ followed by letters, digits or underscores'),
    z.string().max(MAX_OUTPUT_NAME).regex(OUTPUT_NAME, 'Output file name may hold letters, digits, _, - and dots; no paths'),
  )
  .superRefine((outputs, ctx) => {
    for (const [alias, name] of Object.entries(outputs)) {
      const message = manifestAliasIssue(alias, name);
      if (message) ctx.addIssue({ code: 'custom', path: [alias], message });
    }
  });

export const OutputFiles = z
  .union([z.literal('OUTPUT_FOLDER'), outputMap], { error: 'output_files must be an object mapping out_ aliases to file names, or the string "OUTPUT_FOLDER"' })
  .describe('Output alias to file name, or "OUTPUT_FOLDER" for a zip of everything the command writes');

const common = {
  input_files: InputFiles.optional(),
  input_compressed_folder: httpUrl.optional().describe('URL of a .zip whose files the command reads by name'),
  output_files: OutputFiles,
  vcpu_count: laxInt(z.number().int().min(1).max(MAX_REQUESTED_VCPUS))
    .optional()
    .describe(`Hosted default 8; any 1..${MAX_REQUESTED_VCPUS} is accepted and run with what the local CPU budget allows (the record says what it ran with)`),
  max_command_run_seconds: laxNumber(z.number().positive()).optional().describe('Seconds; a numeric string ("120") is accepted too'),
  is_private: z.boolean().optional(),
  name: z.string().trim().min(1).max(MAX_JOB_NAME).optional().describe('FFDesk: a name for the job; when left out, one is derived from the command'),
  cache: z
    .boolean()
    .optional()
    .describe('FFDesk: reuse the outputs of an identical earlier run (same command, same input bytes, same ffmpeg) (docs/presets.md)'),
};

const commandText = z.string().min(1).max(REQUEST_LIMITS.maxCommandChars, `A command may hold at most ${REQUEST_LIMITS.maxCommandChars} characters`);

/** Default segment length of a segmented encode (docs/scale-out.md, "Segmented encodes"). */
export const DEFAULT_SEGMENT_SECONDS = 30;

export const Segmented = z
  .union([
    z.boolean(),
    z.object({
      segment_seconds: laxNumber(z.number().min(1).max(3600))
        .optional()
        .describe(`Seconds of input per segment, cut at the next keyframe (the last segment is halved again); default ${DEFAULT_SEGMENT_SECONDS}`),
    }),
  ])
  .describe('FFDesk: encode the video in keyframe-aligned segments side by side, audio whole, joined without re-encoding; resumable (docs/scale-out.md)');

export const RunCommandBody = z.object({
  ...common,
  ffmpeg_command: commandText.describe('FFmpeg arguments with {{alias}} placeholders, no program name'),
  segmented: Segmented.optional(),
});
export type RunCommandBody = z.infer<typeof RunCommandBody>;

const commandList = z.array(commandText).min(1).max(REQUEST_LIMITS.maxSteps, `At most ${REQUEST_LIMITS.maxSteps} commands per request`);

/**
 * Files chained commands pass to each other without storing them (the older chained shape):
 * `inter_` aliases to plain file names in the job folder.
 */
export const InterimFiles = z
  .record(
    z.string().regex(INTERIM_ALIAS, 'Interim alias must start with inter_ followed by letters, digits or underscores'),
    z.string().max(MAX_OUTPUT_NAME).regex(OUTPUT_NAME, 'Interim file name may hold letters, digits, _, - and dots; no paths'),
  )
  .describe('Interim alias to file name: written and read by the commands, never stored');

/** `ffmpeg_commands`, or the older `ffmpeg_chained_commands` (with `interim_files`): exactly one of them. */
export const RunChainedBody = z.object({
  ...common,
  ffmpeg_commands: commandList.optional().describe('The commands, in order (or send ffmpeg_chained_commands)'),
  ffmpeg_chained_commands: commandList.optional().describe('The older name of ffmpeg_commands'),
  interim_files: InterimFiles.optional(),
});
export type RunChainedBody = z.infer<typeof RunChainedBody>;

/** Independent commands sharing the request's inputs; each gets the outputs it writes. */
export const RunMultipleBody = z.object({
  ...common,
  output_files: outputMap,
  ffmpeg_commands: commandList,
});
export type RunMultipleBody = z.infer<typeof RunMultipleBody>;

/** `dry_run=true`: every check of a submit (422, 403) and nothing queued; the CLI uses it before uploading local inputs. */
export const SubmitQuery = z.object({
  dry_run: z.enum(['true', 'false']).optional().describe('true: check the request only; the answer is {"dry_run": true} and nothing is queued'),
});

export const CommandIdParams = z.object({ command_id: z.string() });

export const PresignQuery = z.object({
  presigned_ttl_seconds: laxInt(z.number().int().min(1).max(604_800)).optional(),
});

export const RenameBody = z.object({
  name: z.string().trim().min(1).max(MAX_JOB_NAME).nullable().describe('The new name; null to go back to the derived one'),
});

export const CommandListQuery = z.object({
  limit: laxInt(z.number().int().min(1).max(1000)).default(1000),
  offset: laxInt(z.number().int().min(0)).default(0),
  q: z.string().max(200).optional().describe('FFDesk: only commands whose name, command text, input URLs or output file names contain this'),
});

export const PageQuery = z.object({
  limit: laxInt(z.number().int().min(1).max(1000)).default(1000),
  offset: laxInt(z.number().int().min(0)).default(0),
});
