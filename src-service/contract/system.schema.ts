import { z } from 'zod';
import { CapabilitiesSchema, HwEncoderTrialSchema } from './capabilities.schema';
import { PlanSchema } from './enums';

/** One binary FFDesk could use, and why it was (not) chosen (docs/ffmpeg.md). */
export const BinaryCandidate = z.object({
  source: z.string().describe('FFDESK_FFMPEG_PATH, ffmpeg-static, @ffmpeg-installer/ffmpeg, ffprobe-static, PATH, system, ...'),
  path: z.string().nullable(),
  version: z.string().nullable().describe('The -version token; null when it does not run or is not installed'),
  chosen: z.boolean(),
  note: z.string().describe('Why it was chosen, or why not'),
});

export const BinaryChoiceInfo = z.object({
  path: z.string(),
  source: z.string(),
  version: z.string(),
  reason: z.string(),
  candidates: z.array(BinaryCandidate),
});

export const HardwareEncoders = z.object({
  state: z.enum(['detecting', 'done']).describe('detecting: the test encodes still run in the background'),
  working: z.array(z.string()).describe('Encoders that completed a test encode on this machine, e.g. h264_nvenc'),
  tried: z.array(HwEncoderTrialSchema),
});

export const CapabilitiesInfo = CapabilitiesSchema.extend({
  ffmpeg_path: z.string().nullable().describe('Only for the local account; null for others'),
  ffmpeg_version: z.string(),
  hardware_encoders: HardwareEncoders,
});

/** The operating-system sandbox around ffmpeg and ffprobe (docs/sandbox.md). */
export const SandboxStatus = z.object({
  mode: z.enum(['require', 'prefer', 'off']),
  mechanism: z.enum(['bubblewrap', 'sandbox-exec', 'none']),
  available: z.boolean(),
  reason: z.string().nullable(),
  limits: z.enum(['prlimit']).nullable(),
});

/** Shapes of the FFDesk extras the GUI reads (api/system/system.routes.ts). */
export const Health = z.looseObject({
  status: z.literal('ok'),
  version: z.string(),
  ffmpeg_version: z.string(),
  ffprobe_version: z.string(),
  ffmpeg_path: z.string().nullable().describe("Only with the local account's key; null otherwise (the binaries' paths then read '' too)"),
  ffprobe_path: z.string().nullable().describe("Only with the local account's key; null otherwise"),
  sandbox: SandboxStatus,
  ffmpeg: BinaryChoiceInfo,
  ffprobe: BinaryChoiceInfo,
  capabilities: z
    .enum(['reading', 'ready'])
    .describe("`reading` while the ffmpeg build's listings and hardware-encoder trials still run after start-up (cached per binary); `ready` once known"),
});

export const SystemInfo = z.looseObject({
  version: z.string(),
  data_dir: z.string().nullable().describe('Only for the local account; null for others'),
  ffmpeg_path: z.string().nullable().describe('Only for the local account; null for others'),
  ffprobe_path: z.string().nullable().describe('Only for the local account; null for others'),
  ffmpeg_version: z.string(),
  ffprobe_version: z.string(),
  vcpu_budget: z.number().int(),
  running_command_ids: z.array(z.string()).describe("The caller's running commands (every account's for the local account)"),
  running_commands_total: z.number().int().describe('Running commands of all accounts, as a count'),
  sandbox: SandboxStatus,
  ffmpeg: BinaryChoiceInfo,
  ffprobe: BinaryChoiceInfo,
  hardware_encoders: HardwareEncoders,
});

export const AccountInfo = z.object({
  account_id: z.string(),
  plan: PlanSchema,
  storage_quota_bytes: z.number().int().nullable(),
  storage_used_bytes: z.number().int(),
  processing_quota_bytes: z.number().int().nullable(),
  processing_used_bytes: z.number().int(),
  max_vcpu: z.number().int(),
  vcpu_budget: z.number().int(),
});
