import type Router from '@koa/router';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { systemEndpoints } from '../../contract/endpoints/system';
import type { Config } from '../../config';
import type { CommandsRepo } from '../../db/commands-repo';
import type { FilesRepo } from '../../db/files-repo';
import type { Confiner } from '../../media/confine';
import type { Media } from '../../media/media-module';
import type { Scheduler } from '../../jobs/scheduler';
import { readVersions } from '../../media/binaries';
import { presentChoice, presentHardware } from './media-presenter';
import { accountOf } from '../middleware/auth';

/** Health (no key), and the FFDesk extras the GUI's settings page reads. */
export interface SystemDeps {
  version: string;
  config: Pick<Config, 'dataDir' | 'vcpuBudget'>;
  media: Media;
  confiner: Pick<Confiner, 'status'>;
  scheduler: Pick<Scheduler, 'runningIds'>;
  files: Pick<FilesRepo, 'storageUsedBytes'>;
  commands: Pick<CommandsRepo, 'processingUsedBytes'>;
}

export function systemRoutes(deps: SystemDeps): Router {
  return mountEndpoints(createRouter(), systemEndpoints, {
    getHealth: () => {
      const media = deps.media.binaries();
      const v = readVersions(media);
      return {
        status: 'ok' as const,
        version: deps.version,
        ffmpeg_version: v.ffmpeg_version,
        ffprobe_version: v.ffprobe_version,
        ffmpeg_path: media.ffmpegPath,
        ffprobe_path: media.ffprobePath,
        ffmpeg_source: media.ffmpegSource,
        ffprobe_source: media.ffprobeSource,
        sandbox: deps.confiner.status(),
        ffmpeg: presentChoice(media.ffmpeg),
        ffprobe: presentChoice(media.ffprobe),
        capabilities: deps.media.facts().state(),
      };
    },

    getSystem: () => {
      const media = deps.media.binaries();
      const v = readVersions(media);
      return {
        version: deps.version,
        data_dir: deps.config.dataDir,
        ffmpeg_path: media.ffmpegPath,
        ffprobe_path: media.ffprobePath,
        ffmpeg_version: v.ffmpeg_version,
        ffprobe_version: v.ffprobe_version,
        vcpu_budget: deps.config.vcpuBudget,
        running_command_ids: deps.scheduler.runningIds(),
        sandbox: deps.confiner.status(),
        ffmpeg: presentChoice(media.ffmpeg),
        ffprobe: presentChoice(media.ffprobe),
        hardware_encoders: presentHardware(deps.media.facts()),
      };
    },

    getCapabilities: async () => {
      const media = deps.media.binaries();
      const caps = await deps.media.facts().capabilities();
      return {
        ffmpeg_path: media.ffmpegPath,
        ffmpeg_version: media.ffmpeg.version.raw,
        ...caps,
        hardware_encoders: presentHardware(deps.media.facts()),
      };
    },

    getAccount: (ctx) => {
      const a = accountOf(ctx);
      return {
        account_id: a.id,
        plan: a.plan,
        storage_quota_bytes: a.storageQuotaBytes,
        storage_used_bytes: deps.files.storageUsedBytes(a.id),
        processing_quota_bytes: a.processingQuotaBytes,
        processing_used_bytes: deps.commands.processingUsedBytes(a.id),
        max_vcpu: Math.min(a.maxVcpu ?? deps.config.vcpuBudget, deps.config.vcpuBudget),
        vcpu_budget: deps.config.vcpuBudget,
      };
    },
  });
}
