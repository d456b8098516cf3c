import type Router from '@koa/router';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { systemEndpoints } from '../../contract/endpoints/system';
import type { Config } from '../../config';
import type { CommandsRepo } from '../../jobs/commands-repo';
import type { FilesRepo } from '../../files/files-repo';
import type { Confiner } from '../../media/confine';
import type { Media } from '../../media/media-module';
import type { Scheduler } from '../../jobs/scheduler';
import { readVersions } from '../../media/binaries';
import { presentChoice, presentHardware } from './media-presenter';
import { accountOf, optionalAccountOf } from '../middleware/auth';

/** Health (no key), and the FFDesk extras the GUI's settings page reads. */
export interface SystemDeps {
  version: string;
  config: Pick<Config, 'dataDir' | 'vcpuBudget'>;
  media: Media;
  confiner: Pick<Confiner, 'status'>;
  scheduler: Pick<Scheduler, 'runningIds'>;
  files: Pick<FilesRepo, 'storageUsedBytes'>;
  commands: Pick<CommandsRepo, 'processingUsedBytes' | 'get'>;
  /** The local account (the GUI's): the one that sees the machine (data dir, binary paths, everyone's running ids). */
  localAccountId: () => string | undefined;
}

export function systemRoutes(deps: SystemDeps): Router {
  return mountEndpoints(createRouter(), systemEndpoints, {
    // Open without a key (docs/api.md, "Health"): where the binaries live on this machine only
    // to the local account's key; anyone else learns the builds and why they were chosen.
    getHealth: (ctx) => {
      const local = deps.localAccountId() !== undefined && optionalAccountOf(ctx)?.id === deps.localAccountId();
      const media = deps.media.binaries();
      const v = readVersions(media);
      const choice = (c: ReturnType<typeof presentChoice>) => (local ? c : withoutPaths(c));
      return {
        status: 'ok' as const,
        version: deps.version,
        ffmpeg_version: v.ffmpeg_version,
        ffprobe_version: v.ffprobe_version,
        ffmpeg_path: local ? media.ffmpegPath : null,
        ffprobe_path: local ? media.ffprobePath : null,
        ffmpeg_source: media.ffmpegSource,
        ffprobe_source: media.ffprobeSource,
        sandbox: deps.confiner.status(),
        ffmpeg: choice(presentChoice(media.ffmpeg)),
        ffprobe: choice(presentChoice(media.ffprobe)),
        capabilities: deps.media.facts().state(),
      };
    },

    // Per-account view (docs/api.md, "GET /v1/system"): another account's work shows as a count;
    // the machine's paths and everyone's ids only to the local account.
    getSystem: (ctx) => {
      const account = accountOf(ctx);
      const local = account.id === deps.localAccountId();
      const media = deps.media.binaries();
      const v = readVersions(media);
      const running = deps.scheduler.runningIds();
      const own = local ? running : running.filter((id) => deps.commands.get(account.id, id) !== undefined);
      return {
        version: deps.version,
        data_dir: local ? deps.config.dataDir : null,
        ffmpeg_path: local ? media.ffmpegPath : null,
        ffprobe_path: local ? media.ffprobePath : null,
        ffmpeg_version: v.ffmpeg_version,
        ffprobe_version: v.ffprobe_version,
        vcpu_budget: deps.config.vcpuBudget,
        running_command_ids: own,
        running_commands_total: running.length,
        sandbox: deps.confiner.status(),
        ffmpeg: local ? presentChoice(media.ffmpeg) : withoutPaths(presentChoice(media.ffmpeg)),
        ffprobe: local ? presentChoice(media.ffprobe) : withoutPaths(presentChoice(media.ffprobe)),
        hardware_encoders: presentHardware(deps.media.facts()),
      };
    },

    getCapabilities: async (ctx) => {
      const local = accountOf(ctx).id === deps.localAccountId();
      const media = deps.media.binaries();
      const caps = await deps.media.facts().capabilities();
      return {
        ffmpeg_path: local ? media.ffmpegPath : null,
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

/** A binary choice without where it lives on this machine (for accounts other than the local one). */
function withoutPaths(c: ReturnType<typeof presentChoice>): ReturnType<typeof presentChoice> {
  return { ...c, path: '', reason: c.reason.split(c.path).join('ffmpeg'), candidates: c.candidates.map((k) => ({ ...k, path: null, note: '' })) };
}
