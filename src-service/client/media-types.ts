import type { z } from 'zod';
import type { FormatEntrySchema, HwEncoderTrialSchema } from '../contract/capabilities.schema';
import type {
  BinaryCandidate,
  BinaryChoiceInfo as BinaryChoiceSchema,
  CapabilitiesInfo,
  HardwareEncoders as HardwareEncodersSchema,
} from '../contract/system.schema';

/** The ffmpeg FFDesk runs: how it was chosen and what it can do (GET /v1/system, /v1/health, /v1/capabilities). */
export type BinaryCandidateInfo = z.infer<typeof BinaryCandidate>;
export type BinaryChoiceInfo = z.infer<typeof BinaryChoiceSchema>;
export type HardwareEncoderTrial = z.infer<typeof HwEncoderTrialSchema>;
export type HardwareEncoders = z.infer<typeof HardwareEncodersSchema>;
export type NamedEntry = z.infer<typeof FormatEntrySchema>;
export type Capabilities = z.infer<typeof CapabilitiesInfo>;
