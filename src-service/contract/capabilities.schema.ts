import { z } from 'zod';

/** The shapes of capabilities.ts as zod schemas: for the probe cache and the OpenAPI document. */
const MediaTypeSchema = z.enum(['video', 'audio', 'subtitle', 'data', 'attachment']);
export const CodecEntrySchema = z.object({ name: z.string(), type: MediaTypeSchema, description: z.string() });
export const FilterEntrySchema = z.object({ name: z.string(), io: z.string(), description: z.string() });
export const FormatEntrySchema = z.object({ name: z.string(), description: z.string() });

export const CapabilitiesSchema = z.object({
  encoders: z.array(CodecEntrySchema),
  decoders: z.array(CodecEntrySchema),
  filters: z.array(FilterEntrySchema),
  muxers: z.array(FormatEntrySchema),
  demuxers: z.array(FormatEntrySchema),
  protocols: z.object({ input: z.array(z.string()), output: z.array(z.string()) }),
  hwaccels: z.array(z.string()),
  options: z.array(z.string()),
});

export const HwApiSchema = z.enum(['nvenc', 'qsv', 'vaapi', 'videotoolbox', 'amf']);

export const HwEncoderTrialSchema = z.object({
  encoder: z.string(),
  api: HwApiSchema,
  /** The codec it writes: h264, hevc, av1. */
  codec: z.string(),
  works: z.boolean(),
  /** ffmpeg's last error line when it does not work. */
  detail: z.string(),
});
export const HwEncoderTrialsSchema = z.array(HwEncoderTrialSchema);
