import type Koa from 'koa';
import type { Router } from '@koa/router';
import type { AppDeps } from './deps';
import type { CommandRow } from './db/commands-repo';
import { createStoreFileWorker } from './files/store-from-url';
import { createUploads } from './files/uploads';
import { createRateLimiter } from './accounts/rate-limit';
import { fileRoutes, partUploadHandler } from './api/files/files.routes';
import { createWebhooks } from './webhooks/webhooks';
import { presentCommand } from './api/commands/commands.presenter';
import { webhookRoutes } from './api/webhook/webhook.routes';
import { eventRoutes } from './api/events/events.routes';
import { keyRoutes } from './api/keys/keys.routes';
import { openapiRoutes } from './api/openapi/openapi.routes';
import { createFormUploads } from './files/form-upload';
import { formUploadHandler } from './api/files/form-upload.route';
import { mountPresetFeatures } from './preset-features';

/**
 * The features mounted on top of the command core: each contributes routes, raw handlers
 * (streamed bodies), background work started and stopped with the service, and a hook for
 * finished commands (webhooks).
 */
export interface Extensions {
  routers: Router[];
  rawHandlers: Koa.Middleware[];
  start(): Promise<void>;
  stop(): Promise<void>;
  onCommandFinal(row: CommandRow): void;
}

export function mountExtensions(deps: AppDeps): Extensions {
  const storeFiles = createStoreFileWorker(deps);
  const uploads = createUploads(deps);
  const rateLimit = createRateLimiter(deps.config.storeFileRatePerMinute);
  const webhooks = createWebhooks({
    db: deps.db,
    commands: deps.commands,
    files: deps.files,
    config: deps.config,
    log: deps.log,
    pollBody: (row, outputs) => presentCommand(row, outputs, deps.urls),
  });
  const presetFeatures = mountPresetFeatures(deps);
  return {
    routers: [
      fileRoutes(deps, storeFiles, uploads, rateLimit),
      eventRoutes(deps),
      webhookRoutes(webhooks),
      keyRoutes(deps),
      openapiRoutes(),
      ...presetFeatures.routers,
    ],
    rawHandlers: [partUploadHandler(uploads), formUploadHandler(deps.accounts, createFormUploads(deps), deps.urls)],
    async start() {
      uploads.start();
      await storeFiles.start();
      webhooks.start();
      await presetFeatures.start();
    },
    async stop() {
      await storeFiles.stop();
      await uploads.stop();
      await presetFeatures.stop();
      await webhooks.stop();
    },
    onCommandFinal: (row) => webhooks.onCommandFinal(row),
  };
}
