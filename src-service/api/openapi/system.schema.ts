import { z } from 'zod';

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
  sandbox: SandboxStatus,
});

export const SystemInfo = z.looseObject({
  version: z.string(),
  data_dir: z.string(),
  ffmpeg_path: z.string(),
  ffprobe_path: z.string(),
  ffmpeg_version: z.string(),
  ffprobe_version: z.string(),
  vcpu_budget: z.number().int(),
  running_command_ids: z.array(z.string()),
  sandbox: SandboxStatus,
});

export const AccountInfo = z.object({
  account_id: z.string(),
  plan: z.enum(['trial', 'pro']),
  storage_quota_bytes: z.number().int().nullable(),
  storage_used_bytes: z.number().int(),
  processing_quota_bytes: z.number().int().nullable(),
  processing_used_bytes: z.number().int(),
  max_vcpu: z.number().int(),
  vcpu_budget: z.number().int(),
});
