import { z } from 'zod';
import { FILE_EXTENSION } from './media-kinds';
import { PRESET_NAME } from './preset-definition';
import { LocalPath as FolderPath } from './local-path';

const Extensions = z.array(z.string().trim().toLowerCase().regex(FILE_EXTENSION, 'An extension: letters and digits, no dot')).min(1).max(60);

export const CreateWatchFolderBody = z.object({
  folder: FolderPath.describe('Absolute path of the folder to watch (its direct files)'),
  output_folder: FolderPath.describe('Absolute path where outputs are written (created if missing)'),
  preset: z.string().regex(PRESET_NAME, 'Not a preset name'),
  version: z.number().int().min(1).optional().describe('Pin a preset version; the latest at each run when absent'),
  parameters: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  extensions: Extensions.optional().describe(
    "Only files with these extensions are taken (no dot, any case); absent: those of the preset input's kinds (video files for a video preset). Other files are left alone, listed in `ignored`",
  ),
  move_originals: z.boolean().optional().describe('Move each original into done/ or failed/ inside the watched folder'),
  use_polling: z.boolean().optional().describe('Poll instead of OS events (network shares)'),
  poll_interval_ms: z.number().int().min(100).max(60_000).optional(),
  stable_seconds: z.number().min(0.1).max(3600).optional().describe('A file is taken once its size and mtime have not changed this long (default 3)'),
  max_command_run_seconds: z
    .number()
    .positive()
    .optional()
    .describe("Each command's run-time limit in seconds; absent: none (watch folders are the local account's)"),
});
export type CreateWatchFolderBody = z.infer<typeof CreateWatchFolderBody>;

export const WatchIdParams = z.object({ watch_id: z.string() });

const WatchFileItem = z.object({
  path: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  command_id: z.string().nullable(),
  error: z.string().nullable(),
  outputs: z.array(z.string()),
  updated_at: z.string(),
});

export const WatchFolderRecord = z.object({
  watch_id: z.string(),
  folder: z.string(),
  output_folder: z.string(),
  preset: z.string(),
  preset_version: z.number().int().nullable(),
  parameters: z.record(z.string(), z.union([z.number(), z.string()])),
  extensions: z.array(z.string()).describe("The extensions taken (the preset input's kinds when none were given)"),
  extensions_from_preset: z.boolean().describe("true: `extensions` follow the preset input's kinds"),
  move_originals: z.boolean(),
  use_polling: z.boolean(),
  poll_interval_ms: z.number().int(),
  stable_seconds: z.number(),
  max_command_run_seconds: z.number().nullable().describe('null: no run-time limit'),
  created_at: z.string(),
  running: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  last_error: z.string().nullable().describe('The last problem of the watcher itself (not of a file), since the service started'),
  recent: z.array(WatchFileItem).describe('The last 20 files, newest first'),
  ignored: z.array(z.string()).describe('Files left alone because of their extension, since the service started (the last 20, newest first)'),
});
