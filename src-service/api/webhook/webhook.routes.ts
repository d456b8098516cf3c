import type Router from '@koa/router';
import { webhookEndpoints } from '../../contract/endpoints/webhook';
import type { Webhooks } from '../../webhooks/webhooks';
import { accountOf } from '../middleware/auth';
import { createRouter, mountEndpoints } from '../mount-endpoints';
import { presentDelivery, presentWebhook, presentWebhookWithSecret } from './webhook.presenter';

/** `/v1/webhook` (docs/choices.md: endpoints not shown, Webhooks): config, delivery log, replay, test. */
export function webhookRoutes(webhooks: Webhooks): Router {
  return mountEndpoints(createRouter(), webhookEndpoints, {
    getWebhook: (ctx) => presentWebhook(webhooks.getWebhook(accountOf(ctx).id)),
    putWebhook: (ctx, { body }) => presentWebhookWithSecret(webhooks.setWebhook(accountOf(ctx).id, body.url)),
    deleteWebhook: (ctx) => {
      webhooks.removeWebhook(accountOf(ctx).id);
      ctx.status = 204;
    },
    listWebhookDeliveries: (ctx, { query: { limit, offset } }) => webhooks.listDeliveries(accountOf(ctx).id, limit, offset).map(presentDelivery),
    replayWebhookDelivery: async (ctx, { params }) => presentDelivery(await webhooks.replay(accountOf(ctx).id, params.delivery_id)),
    sendTestWebhook: async (ctx) => presentDelivery(await webhooks.sendTest(accountOf(ctx).id)),
  });
}
