import type Router from '@koa/router';
import { createApiRouter } from '../api-router';
import { jsonBody } from '../middleware/json-body';
import { accountOf } from '../middleware/auth';
import { parseInput } from '../validate';
import { PageQuery } from '../../contract/commands.schema';
import type { Webhooks } from '../../webhooks/webhooks';
import { DeliveryIdParams, PutWebhookBody } from '../../contract/webhook.schema';
import { presentDelivery, presentWebhook, presentWebhookWithSecret } from './webhook.presenter';

/** `/v1/webhook` (docs/decisions.md: endpoints not shown, Webhooks): config, delivery log, replay, test. */
export function webhookRoutes(webhooks: Webhooks): Router {
  const router = createApiRouter();

  router.get('/webhook', (ctx) => {
    ctx.body = presentWebhook(webhooks.getWebhook(accountOf(ctx).id));
  });

  router.put('/webhook', jsonBody, (ctx) => {
    const { url } = parseInput(PutWebhookBody, ctx.state.body, 'body');
    ctx.body = presentWebhookWithSecret(webhooks.setWebhook(accountOf(ctx).id, url));
  });

  router.delete('/webhook', (ctx) => {
    webhooks.removeWebhook(accountOf(ctx).id);
    ctx.status = 204;
  });

  router.get('/webhook/deliveries', (ctx) => {
    const { limit, offset } = parseInput(PageQuery, ctx.query, 'query');
    ctx.body = webhooks.listDeliveries(accountOf(ctx).id, limit, offset).map(presentDelivery);
  });

  router.post('/webhook/deliveries/:delivery_id/replay', jsonBody, async (ctx) => {
    const { delivery_id } = parseInput(DeliveryIdParams, ctx.params, 'path');
    ctx.body = presentDelivery(await webhooks.replay(accountOf(ctx).id, delivery_id));
  });

  router.post('/webhook/test', jsonBody, async (ctx) => {
    ctx.body = presentDelivery(await webhooks.sendTest(accountOf(ctx).id));
  });

  return router;
}
