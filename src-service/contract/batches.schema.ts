import { z } from 'zod';
import { isHttpUrl } from './names';
import { InputFiles } from './commands.schema';
import { PRESET_NAME } from './preset-definition';

const httpUrl = z.string().max(8192).refine(isHttpUrl, { message: 'URL must be an http or https URL' });

export const CreateBatchBody = z.object({
  preset: z.string().regex(PRESET_NAME, 'Not a preset name'),
  version: z.number().int().min(1).optional(),
  parameters: z
    .record(z.string(), z.union([z.number(), z.string()]))
    .optional()
    .describe('The same values for every item'),
  inputs: z
    .array(z.union([httpUrl, InputFiles]))
    .min(1)
    .max(1000)
    .describe('One command per entry: a URL (for a preset with one input) or input alias -> URL'),
  is_private: z.boolean().optional(),
  cache: z.boolean().optional(),
  max_command_run_seconds: z
    .number()
    .positive()
    .optional()
    .describe("Every item's run-time limit in seconds; absent: none for the local account, the plan's default (300) for an API key"),
});

export const BatchIdParams = z.object({ batch_id: z.string() });

const BatchItem = z.object({
  index: z.number().int(),
  input: z.record(z.string(), z.string()),
  command_id: z.string(),
  status: z.enum(['QUEUED', 'PROCESSING', 'SUCCESS', 'FAILED']),
  error_status: z.string().nullable(),
  attempts: z.number().int().describe('1, plus one per retry-failed that re-submitted it'),
});

export const BatchRecord = z.object({
  batch_id: z.string(),
  preset: z.string(),
  preset_version: z.number().int(),
  created_at: z.string(),
  status: z.enum(['RUNNING', 'SUCCESS', 'PARTIAL', 'FAILED']),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
  processing: z.number().int(),
  eta_seconds: z.number().nullable().describe('From the pace of the items finished so far; null until one ends'),
  items: z.array(BatchItem),
});
