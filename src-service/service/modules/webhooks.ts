import type { Config } from '../../config';
import type { Db } from '../../db/open';
import type { CommandsRepo } from '../../jobs/commands-repo';
import type { FilesRepo } from '../../files/files-repo';
import type { UrlBuilder } from '../../files/urls';
import { isFinalStatusEvent, type CommandNotifier } from '../../jobs/notify';
import { createWebhooks } from '../../webhooks/webhooks';
import { presentCommand } from '../../api/commands/commands.presenter';
import { presentTestCommand } from '../../api/webhook/webhook.presenter';
import { webhookRoutes } from '../../api/webhook/webhook.routes';
import type { ServiceModule } from './module';

export interface WebhooksDeps {
  db: Db;
  commands: CommandsRepo;
  files: FilesRepo;
  config: Config;
  urls: UrlBuilder;
  notifier: Pick<CommandNotifier, 'subscribe'>;
  log(msg: string): void;
}

/**
 * Account webhooks: a finished command's poll body is sent to the account's URL. Subscribes
 * when built; built after the events module, so the event stream hears of a command first.
 */
export function createWebhooksModule(deps: WebhooksDeps): ServiceModule {
  const { db, commands, files, config, log, urls } = deps;
  const webhooks = createWebhooks({
    db,
    commands,
    files,
    config,
    log,
    pollBody: (row, outputs) => presentCommand(row, outputs, urls),
    testBody: presentTestCommand,
  });
  deps.notifier.subscribe((e) => {
    if (isFinalStatusEvent(e)) webhooks.onCommandFinal(e.row);
  });
  return {
    name: 'webhooks',
    routers: [webhookRoutes(webhooks)],
    start: async () => webhooks.start(),
    stop: () => webhooks.stop(),
  };
}
