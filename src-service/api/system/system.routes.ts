import type Router from '@koa/router';
import { createApiRouter } from '../api-router';
import type { AppDeps } from '../../deps';
import { readVersions } from '../../media/binaries';
import { presentChoice, presentHardware } from './media-presenter';
import { accountOf } from '../middleware/auth';

/** Health (no key), and the FFDesk extras the GUI's settings page reads. */
export function systemRoutes(deps: AppDeps): Router {
  const router = createApiRouter();

  router.get('/health', (ctx) => {
    const v = readVersions(deps.media);
    ctx.body = {
      status: 'ok',
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
  });

  router.get('/system', (ctx) => {
    const v = readVersions(deps.media);
    ctx.body = {
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
  });

  router.get('/capabilities', async (ctx) => {
    const caps = await deps.ffmpegFacts.capabilities();
    ctx.body = {
      ffmpeg_path: deps.media.ffmpegPath,
      ffmpeg_version: deps.media.ffmpeg.version.raw,
      ...caps,
      hardware_encoders: presentHardware(deps.ffmpegFacts),
    };
  });

  router.get('/account', (ctx) => {
    const a = accountOf(ctx);
    ctx.body = {
      account_id: a.id,
      plan: a.plan,
      storage_quota_bytes: a.storage_quota_bytes,
      storage_used_bytes: deps.files.storageUsedBytes(a.id),
      processing_quota_bytes: a.processing_quota_bytes,
      processing_used_bytes: deps.commands.processingUsedBytes(a.id),
      max_vcpu: Math.min(a.max_vcpu ?? deps.config.vcpuBudget, deps.config.vcpuBudget),
      vcpu_budget: deps.config.vcpuBudget,
    };
  });

  return router;
}
