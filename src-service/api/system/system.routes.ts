import type Router from '@koa/router';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { systemEndpoints } from '../../contract/endpoints/system';
import type { AppDeps } from '../../deps';
import { readVersions } from '../../media/binaries';
import { presentChoice, presentHardware } from './media-presenter';
import { accountOf } from '../middleware/auth';

/** Health (no key), and the FFDesk extras the GUI's settings page reads. */
export function systemRoutes(deps: AppDeps): Router {
  return mountEndpoints(createRouter(), systemEndpoints, {
    getHealth: () => {
      const v = readVersions(deps.media);
      return {
        status: 'ok' as const,
        version: deps.version,
        ffmpeg_version: v.ffmpeg_version,
        ffprobe_version: v.ffprobe_version,
        ffmpeg_path: deps.media.ffmpegPath,
        ffprobe_path: deps.media.ffprobePath,
        ffmpeg_source: deps.media.ffmpegSource,
        ffprobe_source: deps.media.ffprobeSource,
        sandbox: deps.confiner.status(),
        ffmpeg: presentChoice(deps.media.ffmpeg),
        ffprobe: presentChoice(deps.media.ffprobe),
      };
    },

    getSystem: () => {
      const v = readVersions(deps.media);
      return {
        version: deps.version,
        data_dir: deps.config.dataDir,
        ffmpeg_path: deps.media.ffmpegPath,
        ffprobe_path: deps.media.ffprobePath,
        ffmpeg_version: v.ffmpeg_version,
        ffprobe_version: v.ffprobe_version,
        vcpu_budget: deps.config.vcpuBudget,
        running_command_ids: deps.scheduler.runningIds(),
        sandbox: deps.confiner.status(),
        ffmpeg: presentChoice(deps.media.ffmpeg),
        ffprobe: presentChoice(deps.media.ffprobe),
        hardware_encoders: presentHardware(deps.ffmpegFacts),
      };
    },

    getCapabilities: async () => {
      const caps = await deps.ffmpegFacts.capabilities();
      return {
        ffmpeg_path: deps.media.ffmpegPath,
        ffmpeg_version: deps.media.ffmpeg.version.raw,
        ...caps,
        hardware_encoders: presentHardware(deps.ffmpegFacts),
      };
    },

    getAccount: (ctx) => {
      const a = accountOf(ctx);
      return {
        account_id: a.id,
        plan: a.plan,
        storage_quota_bytes: a.storage_quota_bytes,
        storage_used_bytes: deps.files.storageUsedBytes(a.id),
        processing_quota_bytes: a.processing_quota_bytes,
        processing_used_bytes: deps.commands.processingUsedBytes(a.id),
        max_vcpu: Math.min(a.max_vcpu ?? deps.config.vcpuBudget, deps.config.vcpuBudget),
        vcpu_budget: deps.config.vcpuBudget,
      };
    },
  });
}
