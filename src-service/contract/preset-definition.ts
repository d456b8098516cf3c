import { z } from 'zod';
import { MediaKind } from './media-kinds';
import { INPUT_ALIAS, OUTPUT_ALIAS } from './names';

/** The export file's format marker and version (docs/presets.md, "Export format"). */
export const PRESET_FORMAT = 'ffdesk-preset';
export const PRESET_FORMAT_VERSION = 1;

/** Parameter names are substituted as `{{name}}`; `in_` / `out_` stay reserved for file aliases. */
export const PARAM_NAME = /^(?!in_|out_)[a-z][a-z0-9_]{0,39}$/;
export const PRESET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** Output names may hold `{name}` and `{param}` placeholders, filled when the preset is run. */
const OUTPUT_PATTERN = /^(?!.*\.\.)[A-Za-z0-9_{}-][A-Za-z0-9_.{}-]*$/;
/** String parameter values never hold spaces or quotes, so they cannot add arguments to the command. */
export const SAFE_STRING = /^[A-Za-z0-9_.:,=+\-/@%#]*$/;

const describe = z.string().max(500).optional();

const NumberParam = z.object({
  type: z.enum(['number', 'integer']),
  default: z.number().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  description: describe,
});
const StringParam = z.object({
  type: z.literal('string'),
  default: z.string().max(200).regex(SAFE_STRING, 'Letters, digits and _.:,=+-/@%# only').optional(),
  max_length: z.number().int().min(1).max(200).optional(),
  description: describe,
});
const EnumParam = z.object({
  type: z.literal('enum'),
  values: z.array(z.string().min(1).max(100).regex(SAFE_STRING, 'Letters, digits and _.:,=+-/@%# only')).min(1).max(50),
  default: z.string().optional(),
  description: describe,
});

export const PresetParameter = z.discriminatedUnion('type', [NumberParam, StringParam, EnumParam]);
export type PresetParameter = z.infer<typeof PresetParameter>;

export const PresetInput = z.object({
  alias: z.string().regex(INPUT_ALIAS, 'Input alias must start with in_'),
  description: describe,
  /** What the input reads; a watch folder of the preset takes only these kinds' extensions by default. */
  kinds: z.array(MediaKind).min(1).max(4).optional(),
});

/** What a preset is: the body of POST/PUT /v1/presets and the `preset` of an export file. */
export const PresetDefinition = z.object({
  name: z.string().regex(PRESET_NAME, 'Lower-case letters, digits, _ and -, at most 64'),
  title: z.string().max(100).optional(),
  description: z.string().max(2000).optional(),
  parameters: z.record(z.string().regex(PARAM_NAME, 'Parameter names: lower-case, not starting with in_ or out_'), PresetParameter).default({}),
  inputs: z.array(PresetInput).max(20).default([]),
  /** The whole input is one zip whose files the steps read by name (input_compressed_folder). */
  zip_input: z.boolean().optional(),
  outputs: z.union([
    z.literal('OUTPUT_FOLDER'),
    z.record(
      z.string().regex(OUTPUT_ALIAS, 'Output alias must start with out_'),
      z.string().min(1).max(200).regex(OUTPUT_PATTERN, 'Output name pattern: letters, digits, _, -, dots and {placeholders}; no paths'),
    ),
  ]),
  steps: z.array(z.string().min(1).max(100_000)).min(1).max(10),
  /** Runs of this preset use the result cache unless the request says otherwise. */
  cache: z.boolean().optional(),
});
export type PresetDefinition = z.infer<typeof PresetDefinition>;

/** A preset as the API shows it. */
export interface PresetRecord extends PresetDefinition {
  version: number;
  builtin: boolean;
  created_at: string;
}

/** The shareable file of `GET /v1/presets/{name}/export` and `ffdesk preset export`. */
export const PresetExportFile = z.object({
  format: z.literal(PRESET_FORMAT),
  format_version: z.literal(PRESET_FORMAT_VERSION),
  preset: PresetDefinition,
});
export type PresetExportFile = z.infer<typeof PresetExportFile>;
