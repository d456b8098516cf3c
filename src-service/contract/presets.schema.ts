import { z } from 'zod';
import { laxInt, laxNumber } from './lax-number';
import { InputFiles } from './commands.schema';
import { PRESET_NAME, PresetDefinition, PresetExportFile, PresetParameter, PresetInput } from './preset-definition';

export { PresetDefinition, PresetExportFile };

export const PresetNameParams = z.object({ name: z.string().regex(PRESET_NAME, 'Not a preset name') });
export const PresetVersionQuery = z.object({ version: laxInt(z.number().int().min(1)).optional() });

const ParamValues = z.record(z.string(), z.union([z.number(), z.string()])).describe('Parameter values; numbers may be given as numeric strings');

/** `POST /v1/presets/{name}/run`. */
export const RunPresetBody = z.object({
  version: laxInt(z.number().int().min(1)).optional().describe('A saved version; the latest when absent'),
  parameters: ParamValues.optional(),
  input_files: InputFiles.optional(),
  input_compressed_folder: z.string().max(8192).optional(),
  is_private: z.boolean().optional(),
  // Lax numbers, as a command's own fields (docs/compatibility.md, "Numbers").
  vcpu_count: laxInt(z.number().int().min(1)).optional(),
  max_command_run_seconds: laxNumber(z.number().positive()).optional(),
  cache: z.boolean().optional().describe('Use the result cache; the preset decides when absent'),
});
export type RunPresetBody = z.infer<typeof RunPresetBody>;

export const PresetRecordSchema = PresetDefinition.extend({
  parameters: z.record(z.string(), PresetParameter),
  inputs: z.array(PresetInput),
  version: z.number().int(),
  builtin: z.boolean(),
  created_at: z.string(),
});

export const RunPresetResponse = z.object({
  command_id: z.string(),
  request: z.record(z.string(), z.unknown()).describe('The rendered run-ffmpeg-command or chained body'),
});
