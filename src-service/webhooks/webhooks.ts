import crypto from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/open';
import type { CommandsRepo } from '../jobs/commands-repo';
import type { FilesRepo } from '../files/files-repo';
import type { Command } from '../jobs/command';
import type { StoredFile } from '../files/stored-file';
import { BadRequestError, NotFoundError } from '../errors';
import { isHostAllowed } from '../storage/host-policy';
import { createWebhooksRepo, type Delivery, type Webhook } from './webhooks-repo';
import { createDispatcher } from './dispatcher';
import { scheduleFromEnv, type WebhookSchedule } from './schedule';
import { generateWebhookSecret } from './signing';
import { TEST_COMMAND_ID } from './test-event';

/** How long finished deliveries stay in the log. */
const LOG_RETENTION_MS = 30 * 24 * 3600_000;

interface WebhookDeps {
  db: Db;
  commands: CommandsRepo;
  files: FilesRepo;
  config: Config;
  log(msg: string): void;
  /** The poll body of a command (`GET /v1/commands/{id}`): the API layer presents it, webhooks send it. */
  pollBody(row: Command, outputs: StoredFile[]): unknown;
  /** The "send test" event's data at this time: a poll body of a SUCCESS command with the nil id `TEST_COMMAND_ID`. */
  testBody(now: Date): unknown;
}

/**
 * Account webhooks (docs/choices.md: Webhooks): one URL per account; when a command ends the
 * service POSTs `{"data": <poll body>, "timestamp": <unix ms>}`, signed the Standard
 * Webhooks way, retried on a stored schedule.
 */
export function createWebhooks(deps: WebhookDeps, schedule: WebhookSchedule = scheduleFromEnv()) {
  const repo = createWebhooksRepo(deps.db);
  const dispatcher = createDispatcher(repo, schedule, deps.log);

  function enqueue(accountId: string, commandId: string, url: string, data: unknown): Delivery {
    const id = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
    const payloadJson = JSON.stringify({ data, timestamp: Date.now() });
    repo.insertDelivery({ id, accountId, commandId, url, payloadJson });
    return repo.getDelivery(accountId, id) as Delivery;
  }

  function requireWebhook(accountId: string): Webhook {
    const hook = repo.getWebhook(accountId);
    if (!hook) throw new NotFoundError('Webhook not found');
    return hook;
  }

  return {
    start(): void {
      repo.pruneDeliveries(new Date(Date.now() - LOG_RETENTION_MS).toISOString());
      dispatcher.start();
    },
    stop: () => dispatcher.stop(),
    getWebhook: (accountId: string) => repo.getWebhook(accountId),
    /** Sets (or replaces) the URL; a new secret every time, shown once in the answer. */
    setWebhook(accountId: string, url: string): Webhook {
      const host = new URL(url).hostname;
      if (!isHostAllowed(deps.config, host)) throw new BadRequestError(`Webhook host not allowed: ${host}`);
      repo.setWebhook(accountId, url, generateWebhookSecret());
      return repo.getWebhook(accountId) as Webhook;
    },
    removeWebhook: (accountId: string) => repo.removeWebhook(accountId),
    /** The `onCommandFinal` hook: SUCCESS or FAILED, the body exactly as the poll endpoint. */
    onCommandFinal(row: Command): void {
      const hook = repo.getWebhook(row.accountId);
      if (!hook) return;
      const fresh = deps.commands.getAny(row.id) ?? row;
      const outputs = fresh.status === 'SUCCESS' ? deps.files.byCommand(fresh.id) : [];
      const delivery = enqueue(fresh.accountId, fresh.id, hook.url, deps.pollBody(fresh, outputs));
      void dispatcher.attemptNow(delivery);
    },
    /** "Send test": a synthetic SUCCESS record; waits for the first attempt so the caller sees its outcome. */
    async sendTest(accountId: string): Promise<Delivery> {
      const hook = requireWebhook(accountId);
      const delivery = enqueue(accountId, TEST_COMMAND_ID, hook.url, deps.testBody(new Date()));
      await dispatcher.attemptNow(delivery);
      return repo.getDelivery(accountId, delivery.id) as Delivery;
    },
    /** Sends a delivery again (to the current URL) with a fresh retry schedule; waits for the attempt. */
    async replay(accountId: string, deliveryId: string): Promise<Delivery> {
      const hook = requireWebhook(accountId);
      if (!repo.rearmDelivery(accountId, deliveryId, hook.url)) throw new NotFoundError('Delivery not found');
      await dispatcher.attemptNow(repo.getDelivery(accountId, deliveryId) as Delivery);
      return repo.getDelivery(accountId, deliveryId) as Delivery;
    },
    listDeliveries: (accountId: string, limit: number, offset: number) => repo.listDeliveries(accountId, limit, offset),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
